import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { swapAll, swapExactIn, swapInForExactOut } from "../pool-math.ts";
import { U64_MAX } from "../u64-math.ts";

/** Reserves at venue scale, at dust scale, and anywhere in u64. */
const reserve = fc.oneof(
  fc.bigInt({ min: 0n, max: 1_000n }),
  fc.bigInt({ min: 1n, max: 10n ** 18n }),
  fc.bigInt({ min: 0n, max: U64_MAX }),
);
const feeBps = fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.constantFrom(0, 30, 10_000));

describe("swapExactIn, worked by hand", () => {
  it("100 in at 0.3% on 1000/1000: fee ⌈0.3⌉ = 1, out ⌊99·1000/1099⌋ = 90", () => {
    expect(swapExactIn(1_000n, 1_000n, 100n, 30, 90n)).toEqual({ ok: true, amountOut: 90n, fee: 1n });
    expect(swapExactIn(1_000n, 1_000n, 100n, 30, 91n)).toEqual({ ok: false, error: 6006 });
  });

  it("refuses in program order: 6005, 6010, 6019, 6008, 6005 (nothing out), 6006", () => {
    expect(swapExactIn(0n, 0n, 0n, 30, 0n, 0n)).toEqual({ ok: false, error: 6005 });
    expect(swapExactIn(0n, 0n, 5n, 30, 0n, 4n)).toEqual({ ok: false, error: 6010 });
    expect(swapExactIn(0n, 1_000n, 5n, 30, 0n, 5n)).toEqual({ ok: false, error: 6019 });
    expect(swapExactIn(1_000n, 0n, 5n, 30, 0n)).toEqual({ ok: false, error: 6019 });
    expect(swapExactIn(U64_MAX, 1_000n, 5n, 0, U64_MAX)).toEqual({ ok: false, error: 6008 });
    // 1 in at 0.3%: fee ⌈0.003⌉ = 1, nothing left to swap.
    expect(swapExactIn(1_000n, 1_000n, 1n, 30, 0n)).toEqual({ ok: false, error: 6005 });
    expect(swapExactIn(1_000n, 1_000n, 2n, 0, 2n)).toEqual({ ok: false, error: 6006 });
  });
});

describe("swapAll, worked by hand", () => {
  it("swaps the whole balance: 100 held at 0.3% on 1000/1000 pays 90; nothing held is ZeroAmount whatever minOut says", () => {
    expect(swapAll(1_000n, 1_000n, 100n, 30, 90n, 0n)).toEqual({ ok: true, amountOut: 90n, fee: 1n });
    expect(swapAll(1_000n, 1_000n, 100n, 30, 91n, 0n)).toEqual({ ok: false, error: 6006 });
    expect(swapAll(1_000n, 1_000n, 0n, 30, 0n, 0n)).toEqual({ ok: false, error: 6005 });
    expect(swapAll(0n, 1_000n, 5n, 30, 0n, 0n)).toEqual({ ok: false, error: 6019 });
  });

  it("swaps the balance less keep: 130 held keeping 30 is the swap of 100; keeping all of it or more is ZeroAmount", () => {
    expect(swapAll(1_000n, 1_000n, 130n, 30, 90n, 30n)).toEqual({ ok: true, amountOut: 90n, fee: 1n });
    expect(swapAll(1_000n, 1_000n, 130n, 30, 0n, 130n)).toEqual({ ok: false, error: 6005 });
    expect(swapAll(1_000n, 1_000n, 130n, 30, 0n, U64_MAX)).toEqual({ ok: false, error: 6005 });
    // Keeping is checked before the reserves: an empty pool still answers ZeroAmount.
    expect(swapAll(0n, 1_000n, 5n, 30, 0n, 5n)).toEqual({ ok: false, error: 6005 });
  });
});

describe("swapExactIn invariants", () => {
  it("fee rounds up, output rounds down, and the constant product never decreases", () => {
    fc.assert(
      fc.property(reserve, reserve, reserve, feeBps, (reserveIn, reserveOut, amountIn, fee) => {
        const result = swapExactIn(reserveIn, reserveOut, amountIn, fee, 0n);
        if (!result.ok) return;
        const net = amountIn - result.fee;
        // fee·10^4 ≥ amountIn·feeBps > (fee − 1)·10^4
        expect(result.fee * 10_000n).toBeGreaterThanOrEqual(amountIn * BigInt(fee));
        expect((result.fee - 1n) * 10_000n).toBeLessThan(amountIn * BigInt(fee));
        // out·(Ri + net) ≤ net·Ro < (out + 1)·(Ri + net)
        expect(result.amountOut * (reserveIn + net)).toBeLessThanOrEqual(net * reserveOut);
        expect((result.amountOut + 1n) * (reserveIn + net)).toBeGreaterThan(net * reserveOut);
        expect((reserveIn + amountIn) * (reserveOut - result.amountOut)).toBeGreaterThanOrEqual(reserveIn * reserveOut);
      }),
      { numRuns: 2_000 },
    );
  });

  it("the constant product never decreases across a sequence of swaps both ways", () => {
    const swaps = fc.array(fc.tuple(fc.boolean(), fc.bigInt({ min: 1n, max: 10n ** 12n })), { maxLength: 40 });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 2_000 }),
        swaps,
        (a, b, fee, steps) => {
          let [reserveA, reserveB] = [a, b];
          for (const [aToB, amountIn] of steps) {
            const product = reserveA * reserveB;
            const [inR, outR] = aToB ? [reserveA, reserveB] : [reserveB, reserveA];
            const result = swapExactIn(inR, outR, amountIn, fee, 0n);
            if (!result.ok) continue;
            const [nextIn, nextOut] = [inR + amountIn, outR - result.amountOut];
            [reserveA, reserveB] = aToB ? [nextIn, nextOut] : [nextOut, nextIn];
            expect(reserveA * reserveB).toBeGreaterThanOrEqual(product);
            expect(reserveB > 0n && reserveA > 0n).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("swapInForExactOut", () => {
  it("worked by hand: 90 out of 1000/1000 at 0.3% needs net ⌈90000/910⌉ = 99, in ⌈99·10^4/9970⌉ = 100", () => {
    expect(swapInForExactOut(1_000n, 1_000n, 90n, 30)).toBe(100n);
    expect(swapExactIn(1_000n, 1_000n, 99n, 30, 0n)).toMatchObject({ amountOut: 89n });
    expect(swapInForExactOut(1_000n, 1_000n, 1_000n, 30)).toBeNull();
    expect(swapInForExactOut(1_000n, 1_000n, 1n, 10_000)).toBeNull();
    expect(swapInForExactOut(0n, 1_000n, 1n, 0)).toBeNull();
    // 0 out asks for the smallest swap the pool accepts: 1 out.
    expect(swapInForExactOut(1_000n, 1_000n, 0n, 30)).toBe(swapInForExactOut(1_000n, 1_000n, 1n, 30));
  });

  it("is minimal: that input gets at least the amount out, one unit less does not", () => {
    let found = 0;
    fc.assert(
      fc.property(reserve, reserve, reserve, feeBps, (reserveIn, reserveOut, amountOut, fee) => {
        const amountIn = swapInForExactOut(reserveIn, reserveOut, amountOut, fee);
        const wanted = amountOut === 0n ? 1n : amountOut;
        if (amountIn === null) {
          // Impossible means even the whole of u64 does not get it.
          expect(swapExactIn(reserveIn, reserveOut, U64_MAX, fee, wanted).ok).toBe(false);
          return;
        }
        found++;
        const result = swapExactIn(reserveIn, reserveOut, amountIn, fee, wanted);
        expect(result.ok).toBe(true);
        if (amountIn > 0n) {
          expect(swapExactIn(reserveIn, reserveOut, amountIn - 1n, fee, wanted).ok).toBe(false);
        }
      }),
      { numRuns: 2_000 },
    );
    expect(found).toBeGreaterThan(500);
  });

  it("no input below the answer works, and null means no input works at all", () => {
    fc.assert(
      fc.property(reserve, reserve, reserve, reserve, feeBps, (reserveIn, reserveOut, amountOut, probe, fee) => {
        const wanted = amountOut === 0n ? 1n : amountOut;
        const amountIn = swapInForExactOut(reserveIn, reserveOut, amountOut, fee);
        if (swapExactIn(reserveIn, reserveOut, probe, fee, wanted).ok) {
          expect(amountIn).not.toBeNull();
          expect(amountIn!).toBeLessThanOrEqual(probe);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("is minimal at venue scale, where amounts are well inside the reserves", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 2n, max: 10n ** 15n }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 0, max: 2_000 }),
        (reserveIn, reserveOut, ppm, fee) => {
          const amountOut = (reserveOut * BigInt(ppm)) / 1_000_000n;
          const amountIn = swapInForExactOut(reserveIn, reserveOut, amountOut, fee);
          fc.pre(amountIn !== null);
          const wanted = amountOut === 0n ? 1n : amountOut;
          expect(swapExactIn(reserveIn, reserveOut, amountIn!, fee, wanted).ok).toBe(true);
          expect(swapExactIn(reserveIn, reserveOut, amountIn! - 1n, fee, wanted).ok).toBe(false);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
