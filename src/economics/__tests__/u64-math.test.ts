import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { U64_MAX, addU64, mulDivCeil, mulDivFloor, wrappingAddU64 } from "../u64-math.ts";
import { u64 } from "./arbitraries.ts";

const MASK32 = 0xffff_ffffn;
const wrap = (value: bigint) => BigInt.asUintN(64, value);

/** math128.h `mul_u64`, step by step with 64-bit wrapping: an oracle independent of a·b. */
function cMulU64(a: bigint, b: bigint): { hi: bigint; lo: bigint } {
  const [aLo, aHi, bLo, bHi] = [a & MASK32, a >> 32n, b & MASK32, b >> 32n];
  const loLo = wrap(aLo * bLo);
  const hiLo = wrap(aHi * bLo);
  const loHi = wrap(aLo * bHi);
  const hiHi = wrap(aHi * bHi);
  const middle = wrap((loLo >> 32n) + (hiLo & MASK32) + (loHi & MASK32));
  return {
    lo: wrap((middle << 32n) | (loLo & MASK32)),
    hi: wrap(hiHi + (hiLo >> 32n) + (loHi >> 32n) + (middle >> 32n)),
  };
}

/** math128.h `div_u128`: restoring long division with a carry bit. */
function cDivU128(n: { hi: bigint; lo: bigint }, d: bigint): { q: bigint; r: bigint } | null {
  if (d === 0n || n.hi >= d) return null;
  if (n.hi === 0n) return { q: n.lo / d, r: n.lo % d };
  let rem = n.hi;
  let q = 0n;
  for (let bit = 63n; bit >= 0n; bit--) {
    const carry = rem >> 63n;
    rem = wrap((rem << 1n) | ((n.lo >> bit) & 1n));
    q = wrap(q << 1n);
    if (carry !== 0n || rem >= d) {
      rem = wrap(rem - d);
      q |= 1n;
    }
  }
  return { q, r: rem };
}

function cMulDivFloor(a: bigint, b: bigint, d: bigint): bigint | null {
  return cDivU128(cMulU64(a, b), d)?.q ?? null;
}

function cMulDivCeil(a: bigint, b: bigint, d: bigint): bigint | null {
  const division = cDivU128(cMulU64(a, b), d);
  if (division === null) return null;
  if (division.r === 0n) return division.q;
  return division.q === U64_MAX ? null : division.q + 1n;
}

/** Operands that land on both sides of the 64-bit quotient boundary. */
const operands = fc.oneof(
  fc.tuple(u64, u64, u64),
  fc.tuple(u64, u64, fc.bigInt({ min: 0n, max: 10_000n })),
  fc.tuple(u64, fc.bigInt({ min: 0n, max: 20_000n }), fc.bigInt({ min: 0n, max: 20_000n })),
  u64.map((a) => [a, a, a] as [bigint, bigint, bigint]),
);

describe("mulDivFloor / mulDivCeil", () => {
  it("equal the exact rational floor and ceiling, null exactly past 2^64 − 1 or on d = 0", () => {
    fc.assert(
      fc.property(operands, ([a, b, d]) => {
        const floor = d === 0n ? null : (a * b) / d;
        const ceil = d === 0n ? null : (a * b + d - 1n) / d;
        expect(mulDivFloor(a, b, d)).toBe(floor === null || floor > U64_MAX ? null : floor);
        expect(mulDivCeil(a, b, d)).toBe(ceil === null || ceil > U64_MAX ? null : ceil);
      }),
      { numRuns: 2_000 },
    );
  });

  it("agree with a port of the C long division, overflow refusals included", () => {
    fc.assert(
      fc.property(operands, ([a, b, d]) => {
        expect(mulDivFloor(a, b, d)).toBe(cMulDivFloor(a, b, d));
        expect(mulDivCeil(a, b, d)).toBe(cMulDivCeil(a, b, d));
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuse at the exact boundary: a floor of 2^64 − 1 passes, its ceiling with a remainder does not", () => {
    // (2^64 − 1)·2 / 2 = 2^64 − 1 exactly; (2^64 − 1)·3 / 2 needs 65 bits.
    expect(mulDivFloor(U64_MAX, 2n, 2n)).toBe(U64_MAX);
    expect(mulDivCeil(U64_MAX, 2n, 2n)).toBe(U64_MAX);
    expect(mulDivFloor(U64_MAX, 3n, 2n)).toBeNull();
    // ⌊(2^64 − 1)·(2^64 − 2)/(2^64 − 1)⌋ = 2^64 − 2 with no remainder, both fit.
    expect(mulDivCeil(U64_MAX, U64_MAX - 1n, U64_MAX)).toBe(U64_MAX - 1n);
    expect(mulDivFloor(7n, 1n, 2n)).toBe(3n);
    expect(mulDivCeil(7n, 1n, 2n)).toBe(4n);
    expect(mulDivFloor(7n, 1n, 0n)).toBeNull();
    expect(mulDivCeil(0n, 0n, 0n)).toBeNull();
  });

  it("throw on operands that are not u64 (a caller bug)", () => {
    expect(() => mulDivFloor(-1n, 1n, 1n)).toThrow(RangeError);
    expect(() => mulDivCeil(1n, U64_MAX + 1n, 1n)).toThrow(RangeError);
  });
});

describe("addU64", () => {
  it("is the sum, null past 2^64 − 1; wrappingAddU64 wraps instead", () => {
    fc.assert(
      fc.property(u64, u64, (a, b) => {
        expect(addU64(a, b)).toBe(a + b > U64_MAX ? null : a + b);
        expect(wrappingAddU64(a, b)).toBe((a + b) % (U64_MAX + 1n));
      }),
      { numRuns: 1_000 },
    );
    expect(addU64(U64_MAX, 0n)).toBe(U64_MAX);
    expect(addU64(U64_MAX, 1n)).toBeNull();
  });
});
