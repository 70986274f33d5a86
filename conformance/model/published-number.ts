/**
 * Whether `published`, a floating-point figure a server sent, is `expected` as far as the
 * digits go: equal to a millionth, relative (floating point on both sides), or within half a
 * unit of its last significant digit, for a server that rounds what it publishes (1.71062e-11
 * for 1.710616126707397e-11, down to three significant digits), widened by the rounding of the published figures `expected` was
 * computed from (`inputs`: a dnaUnitSol sent as 1.00463e-9 carries its own half digit). The
 * specification states the arithmetic ("multiply priceE12 by dnaUnitSol"), not a precision.
 * Zero is no rounding of a price that is not zero.
 */
export function agreesAsPublished(published: number, expected: number, inputs: readonly number[] = []): boolean {
  if (!Number.isFinite(published) || !Number.isFinite(expected)) return false;
  const error = Math.abs(published - expected);
  const carried = Math.abs(expected) * inputs.reduce((sum, input) => sum + (input === 0 ? 0 : halfLastDigit(input) / Math.abs(input)), 0);
  if (error <= Math.abs(expected) * 1e-6 + carried) return true;
  if (published === 0) return false;
  // A figure of one or two significant digits says little: rounding is allowed three digits' worth at most.
  return error <= Math.min(halfLastDigit(published), Math.abs(expected) * FEWEST_DIGITS_ERROR) + carried;
}

/** The largest relative rounding error taken: half the last digit of a three-digit figure (1.00 ± 0.005). */
const FEWEST_DIGITS_ERROR = 5e-3;

/** Half the value of the last significant digit of `value` as JavaScript writes it (its shortest round-trip form). */
function halfLastDigit(value: number): number {
  const [mantissa = "", exponent = "0"] = Math.abs(value).toExponential().split("e");
  const decimals = mantissa.split(".")[1]?.length ?? 0;
  return 0.5 * 10 ** (Number(exponent) - decimals);
}
