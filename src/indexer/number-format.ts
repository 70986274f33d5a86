/**
 * Conversions from the chain's exact integers to the records' wire forms: decimal strings
 * for amounts, ISO strings and unix integers for time, and floating-point figures computed
 * from exact ratios (the rounding happens once, at the end).
 */

/** `numerator / denominator` as the nearest-ish double, exact for every ratio doubles can hold. */
export function ratioToNumber(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  if (numerator === 0n) return 0;
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  if (n <= SAFE && d <= SAFE) return (negative ? -1 : 1) * (Number(n) / Number(d)); // correctly rounded
  // Scale so that the integer quotient carries ~60 significant bits, then divide once.
  const shift = BigInt(Math.max(0, 60 - (bitLength(n) - bitLength(d))));
  const quotient = (n << shift) / d;
  const value = Number(quotient) / 2 ** Number(shift);
  return negative ? -value : value;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function bitLength(value: bigint): number {
  if (value === 0n) return 0;
  const hex = value.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(Number.parseInt(hex[0] as string, 16)));
}

/** ISO 8601 of unix seconds. */
export function isoOf(unixSeconds: bigint | number): string {
  return new Date(Number(unixSeconds) * 1000).toISOString();
}

/** 10^exponent as a bigint, cached for the exponents records use. */
const POWERS = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
export function pow10(exponent: number): bigint {
  return POWERS[exponent] ?? 10n ** BigInt(exponent);
}
