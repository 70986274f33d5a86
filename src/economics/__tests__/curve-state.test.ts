import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultCurveParameters, initialCurveState, priceE12, progressBps } from "../curve-state.ts";
import { buyExactOut } from "../curve-math.ts";
import { U64_MAX } from "../u64-math.ts";
import { tradedState } from "./arbitraries.ts";

describe("defaultCurveParameters", () => {
  it("are the design numbers: a 10^9 supply at 6 decimals split 793.1M curve / 206.9M migration", () => {
    expect(defaultCurveParameters).toEqual({
      decimals: 6,
      virtualPrimary: 1_073_000_000_000_000n,
      virtualDna: 30_000_000_000n,
      curveInventory: 793_100_000_000_000n,
      migrationInventory: 206_900_000_000_000n,
      feeBps: 100,
      creatorFeeShareBps: 5_000,
    });
    expect(defaultCurveParameters.curveInventory + defaultCurveParameters.migrationInventory).toBe(10n ** 15n);
    expect(Object.isFrozen(defaultCurveParameters)).toBe(true);
  });
});

describe("initialCurveState", () => {
  it("starts with all the inventory and nothing paid in", () => {
    const state = initialCurveState(defaultCurveParameters, [1_000_000n, 7n]);
    expect(state).toMatchObject({
      inventoryInitial: 793_100_000_000_000n,
      inventoryRemaining: 793_100_000_000_000n,
      realDna: 0n,
      tradeCount: 0n,
      complete: false,
    });
    expect(state.components).toEqual([
      { quantity: 1_000_000n, feeAmount: 0n, creatorFeeAmount: 0n },
      { quantity: 7n, feeAmount: 0n, creatorFeeAmount: 0n },
    ]);
  });

  it("throws on what the programs refuse at creation", () => {
    const p = defaultCurveParameters;
    expect(() => initialCurveState({ ...p, virtualPrimary: p.curveInventory }, [1n])).toThrow(RangeError);
    expect(() => initialCurveState({ ...p, virtualDna: 0n }, [1n])).toThrow(RangeError);
    expect(() => initialCurveState({ ...p, feeBps: 2_001 }, [1n])).toThrow(RangeError);
    expect(() => initialCurveState({ ...p, creatorFeeShareBps: 10_001 }, [1n])).toThrow(RangeError);
    expect(() => initialCurveState(p, [])).toThrow(RangeError);
    expect(() => initialCurveState(p, [1n, 1n, 1n, 1n, 1n, 1n])).toThrow(RangeError);
    expect(() => initialCurveState(p, [0n])).toThrow(RangeError);
  });
});

describe("priceE12", () => {
  it("is DNA units per whole token ×10^12, rounded down: 30·10^9·10^6·10^12/(1.073·10^15) on the default curve", () => {
    const state = initialCurveState(defaultCurveParameters, [1n]);
    // 3·10^31 / 1.073·10^15 = 27,958,993,476,234.85…
    expect(priceE12(state, 6)).toBe(27_958_993_476_234n);
    expect(priceE12({ ...state, virtualPrimary: 3n, virtualDna: 1n }, 0)).toBe(333_333_333_333n);
  });

  it("rises with every buy", () => {
    fc.assert(
      fc.property(tradedState, fc.integer({ min: 1, max: 1_000_000 }), ({ state }, ppm) => {
        const buy = buyExactOut(state, (state.inventoryInitial * BigInt(ppm)) / 1_000_000n + 1n, U64_MAX, null);
        fc.pre(buy.ok);
        if (!buy.ok) return;
        expect(priceE12(buy.next, 6)).toBeGreaterThanOrEqual(priceE12(state, 6));
      }),
      { numRuns: 500 },
    );
  });
});

describe("progressBps", () => {
  it("is sold/initial in basis points, rounded down", () => {
    const state = initialCurveState(defaultCurveParameters, [1n]);
    expect(progressBps(state)).toBe(0);
    expect(progressBps({ ...state, inventoryRemaining: 1n })).toBe(9_999);
    expect(progressBps({ ...state, inventoryRemaining: 0n })).toBe(10_000);
    // 79,310,000 tokens sold is exactly 10%.
    expect(progressBps({ ...state, inventoryRemaining: state.inventoryInitial - 79_310_000_000_000n })).toBe(1_000);
    expect(progressBps({ ...state, inventoryRemaining: state.inventoryInitial - 79_309_999_999_999n })).toBe(999);
  });
});
