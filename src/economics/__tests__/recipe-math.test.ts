import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ComponentPrice, dnaUnitLamportsE9, realisedBps, recipeQuantities } from "../recipe-math.ts";
import { U64_MAX } from "../u64-math.ts";
import { weights } from "./arbitraries.ts";

/** USDC at 150 per SOL (1000 SOL against 150,000 USDC) and BONK at 10^-3 lamports a unit. */
const usdc: ComponentPrice = { lamportsReserve: 10n ** 12n, componentReserve: 150_000_000_000n };
const bonk: ComponentPrice = { lamportsReserve: 10n ** 12n, componentReserve: 10n ** 15n };

const price = fc.record({
  lamportsReserve: fc.bigInt({ min: 1n, max: 10n ** 15n }),
  componentReserve: fc.bigInt({ min: 1n, max: 10n ** 18n }),
});
const request = weights.chain((targets) =>
  fc.record({
    dnaUnitLamportsE9: fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 1_000n })),
    components: fc.tuple(...targets.map((targetBps) => price.map((p) => ({ ...p, targetBps })))),
  }),
);

describe("recipeQuantities, worked by hand", () => {
  it("half USDC, half BONK at 0.001 SOL a DNA: 75,000 USDC units and 5·10^8 BONK units", () => {
    // 10^6 lamports·½·1.5·10^11/10^12 = 75,000; 10^6·½·10^15/10^12 = 5·10^8.
    const request = {
      dnaUnitLamportsE9: 1_000_000n,
      components: [
        { ...usdc, targetBps: 5_000 },
        { ...bonk, targetBps: 5_000 },
      ],
    };
    const quantities = recipeQuantities(request)!;
    expect(quantities).toEqual([75_000n, 500_000_000n]);
    expect(dnaUnitLamportsE9(quantities, [usdc, bonk])).toBe(1_000_000n);
    expect(realisedBps(quantities, [usdc, bonk])).toEqual([5_000, 5_000]);
  });

  it("lifts a quantity that rounds to 0 up to 1, and is null when a component is unpriced", () => {
    const dear = { lamportsReserve: 10n ** 15n, componentReserve: 1n };
    expect(recipeQuantities({ dnaUnitLamportsE9: 1n, components: [{ ...dear, targetBps: 10_000 }] })).toEqual([1n]);
    const unpriced = { lamportsReserve: 0n, componentReserve: 5n };
    expect(recipeQuantities({ dnaUnitLamportsE9: 1n, components: [{ ...unpriced, targetBps: 10_000 }] })).toBeNull();
    expect(dnaUnitLamportsE9([1n], [unpriced])).toBeNull();
    expect(realisedBps([1n], [{ lamportsReserve: 5n, componentReserve: 0n }])).toBeNull();
  });

  it("realisedBps gives the leftover point to the largest remainder, ties to the first", () => {
    const same = { lamportsReserve: 1n, componentReserve: 1n };
    // Exact shares 3333.33… each: floors 9999, the tie goes to component 0.
    expect(realisedBps([1n, 1n, 1n], [same, same, same])).toEqual([3_334, 3_333, 3_333]);
    // 1:2 → 3333.33 and 6666.67: the second has the larger remainder.
    expect(realisedBps([1n, 2n], [same, same])).toEqual([3_333, 6_667]);
    expect(realisedBps([0n], [same])).toBeNull();
  });
});

describe("recipe invariants", () => {
  it("each quantity is the floor of its target value in units (or 1), so no component exceeds its target", () => {
    fc.assert(
      fc.property(request, (r) => {
        const quantities = recipeQuantities(r);
        const exact = r.components.map(
          (c) => (r.dnaUnitLamportsE9 * BigInt(c.targetBps) * c.componentReserve) / (c.lamportsReserve * 10_000n),
        );
        // null exactly when some quantity cannot be written as a u64.
        expect(quantities === null).toBe(exact.some((q) => q > U64_MAX));
        if (quantities === null) return;
        r.components.forEach((c, i) => {
          const q = quantities![i]!;
          // Value of q units in lamports·10^4 vs the target's, both scaled to integers.
          const target = r.dnaUnitLamportsE9 * BigInt(c.targetBps) * c.componentReserve;
          if (q > 1n) expect(q * c.lamportsReserve * 10_000n).toBeLessThanOrEqual(target);
          expect((q + 1n) * c.lamportsReserve * 10_000n).toBeGreaterThan(target);
        });
      }),
      { numRuns: 1_000 },
    );
  });

  it("the realised DNA value is at most the request (unless a quantity was lifted to 1) and short by less than one unit of each component", () => {
    fc.assert(
      fc.property(request, (r) => {
        const quantities = recipeQuantities(r);
        fc.pre(quantities !== null);
        if (quantities === null) return;
        const realised = dnaUnitLamportsE9(quantities, r.components)!;
        const lifted = r.components.some(
          (c, i) => quantities[i] === 1n && r.dnaUnitLamportsE9 * BigInt(c.targetBps) * c.componentReserve < c.lamportsReserve * 10_000n,
        );
        if (!lifted) expect(realised).toBeLessThanOrEqual(r.dnaUnitLamportsE9);
        // Each floor loses less than one unit's price: Σ ⌈L/C⌉ + 1 bounds the shortfall.
        const slack = r.components.reduce((sum, c) => sum + (c.lamportsReserve + c.componentReserve - 1n) / c.componentReserve, 1n);
        expect(realised + slack).toBeGreaterThan(r.dnaUnitLamportsE9);
      }),
      { numRuns: 1_000 },
    );
  });

  it("realisedBps sums to 10000 and each share is within 1 bp of the exact value share", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), price), { minLength: 1, maxLength: 5 }), (rows) => {
        const quantities = rows.map(([q]) => q);
        const prices = rows.map(([, p]) => p);
        const bps = realisedBps(quantities, prices);
        if (quantities.every((q) => q === 0n)) {
          expect(bps).toBeNull();
          return;
        }
        expect(bps!.reduce((sum, share) => sum + share, 0)).toBe(10_000);
        // value_i = q_i·L_i/C_i; compare bps_i/10^4 with value_i/Σvalue by cross-multiplying.
        const denominator = prices.reduce((d, p) => d * p.componentReserve, 1n);
        const values = prices.map((p, i) => (quantities[i]! * p.lamportsReserve * denominator) / p.componentReserve);
        const total = values.reduce((sum, v) => sum + v, 0n);
        bps!.forEach((share, i) => {
          const error = BigInt(share) * total - 10_000n * values[i]!;
          expect(error < total && error > -total).toBe(true);
        });
      }),
      { numRuns: 1_000 },
    );
  });
});
