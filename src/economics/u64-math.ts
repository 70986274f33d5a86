/**
 * Checked u64 arithmetic with the exact semantics of programs-fixtures/include/math128.h.
 *
 * The on-chain programs compute ⌊a·b/d⌋ and ⌈a·b/d⌉ through a 128-bit intermediate and
 * refuse (ERROR_MATH_OVERFLOW) when the quotient needs more than 64 bits or d is 0. A
 * quote that disagrees with the program about *when* it refuses is as wrong as one that
 * disagrees about the amount, so these return `null` exactly where the C returns false.
 */

/** 2^64 − 1, the largest value a u64 account field or instruction argument can hold. */
export const U64_MAX = (1n << 64n) - 1n;

/**
 * Throws a RangeError when `value` is not a u64. Passing a negative or oversized amount is
 * a programmer mistake (the chain cannot even encode it), not an expected refusal.
 */
export function assertU64(name: string, value: bigint): void {
  if (value < 0n || value > U64_MAX) {
    throw new RangeError(`${name} must be a u64 (0..${U64_MAX}), got ${value}`);
  }
}

/**
 * ⌊a·b/d⌋, mirroring `mul_div_floor`.
 * @returns the quotient, or `null` when d is 0 or the quotient exceeds {@link U64_MAX}.
 */
export function mulDivFloor(a: bigint, b: bigint, d: bigint): bigint | null {
  assertU64("a", a);
  assertU64("b", b);
  assertU64("d", d);
  if (d === 0n) return null;
  const quotient = (a * b) / d;
  return quotient > U64_MAX ? null : quotient;
}

/**
 * ⌈a·b/d⌉, mirroring `mul_div_ceil`.
 * @returns the quotient, or `null` when d is 0 or the rounded-up quotient exceeds
 * {@link U64_MAX} (the C refuses a floor of U64_MAX with a remainder, too).
 */
export function mulDivCeil(a: bigint, b: bigint, d: bigint): bigint | null {
  assertU64("a", a);
  assertU64("b", b);
  assertU64("d", d);
  if (d === 0n) return null;
  const product = a * b;
  const quotient = product / d + (product % d === 0n ? 0n : 1n);
  return quotient > U64_MAX ? null : quotient;
}

/**
 * a + b, mirroring `add_u64`.
 * @returns the sum, or `null` when it exceeds {@link U64_MAX}.
 */
export function addU64(a: bigint, b: bigint): bigint | null {
  assertU64("a", a);
  assertU64("b", b);
  const sum = a + b;
  return sum > U64_MAX ? null : sum;
}

/**
 * a + b modulo 2^64: the C's unchecked `+=`. Used only where the program itself does not
 * check (and where the value is bounded by a token supply, so it never wraps in practice);
 * mirroring the wrap keeps the prediction exact even for states that cannot occur.
 */
export function wrappingAddU64(a: bigint, b: bigint): bigint {
  return BigInt.asUintN(64, a + b);
}
