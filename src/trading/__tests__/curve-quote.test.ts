import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_MATH_OVERFLOW, ERROR_ZERO_AMOUNT, U64_MAX, buyExactIn, buyExactOut } from "../../economics/index.ts";
import { fundBasket, fundingLamports } from "../basket-funding.ts";
import { type CurveMarket, priceBuyExactIn, priceBuyExactInSol, priceBuyExactOut, priceSell } from "../curve-quote.ts";
import { market } from "./curve-market-fixture.ts";

const held = fc.option(fc.array(fc.bigInt(0n, 10n ** 13n), { minLength: 3, maxLength: 3 }), { nil: null });

function lamportsFor(m: CurveMarket, amount: bigint, holdings: readonly bigint[] | null, slippageBps: number): bigint | null {
  const result = buyExactOut(m.state, amount, U64_MAX, null);
  if (!result.ok) return null;
  return fundingLamports(fundBasket(m.mints, result.trade.componentAmounts, holdings, m.venues, slippageBps));
}

describe("curve quotes", () => {
  it("exactInSol buys the most the budget covers: cost ≤ budget, one more unit exceeds it", () => {
    const outcomes = { nothingFits: 0, bought: 0, wholeInventory: 0, clamped: 0 };
    fc.assert(
      fc.property(market, held, fc.bigInt(1n, 10n ** 12n), fc.integer({ min: 0, max: 10_000 }), (m, holdings, budget, slippageBps) => {
        const priced = priceBuyExactInSol(m, budget, slippageBps, holdings);
        if ("ok" in priced) {
          // Nothing fits: even one base unit costs more than the budget.
          const one = lamportsFor(m, 1n, holdings, slippageBps);
          expect(one === null || one > budget).toBe(true);
          outcomes.nothingFits++;
          return;
        }
        outcomes.bought++;
        expect(priced.solIn).not.toBeNull();
        expect(priced.solIn!).toBeLessThanOrEqual(budget);
        const n = priced.trade.primaryAmount;
        if (n < m.state.inventoryRemaining) {
          const next = lamportsFor(m, n + 1n, holdings, slippageBps);
          expect(next === null || next > budget).toBe(true);
          expect(priced.trade.clamped).toBe(false);
        } else {
          outcomes.wholeInventory++;
          // Cut to the inventory exactly when the budget had more to spend than the rest of the curve costs.
          expect(priced.trade.clamped).toBe(priced.solIn! < budget);
          if (priced.trade.clamped) outcomes.clamped++;
        }
      }),
      { numRuns: 500 },
    );
    // The property is only as good as the cases it reached.
    expect(outcomes.bought).toBeGreaterThan(200);
    expect(outcomes.nothingFits).toBeGreaterThan(0);
    expect(outcomes.clamped).toBeGreaterThan(0);
  });

  it("reports a buy's price impact as a whole number the record admits, however steep the curve", () => {
    fc.assert(
      fc.property(market, fc.bigInt(1n, 10n ** 6n), fc.bigInt(10n ** 12n, U64_MAX), (m, amount, virtualPrimary) => {
        // A thin virtual DNA reserve against a deep primary one: one unit costs a whole DNA unit, far above spot.
        const steep = { ...m, state: { ...m.state, virtualPrimary, virtualDna: 1n } };
        const priced = priceBuyExactOut(steep, amount, 100, null);
        if ("ok" in priced) return;
        expect(Number.isSafeInteger(priced.priceImpactBps)).toBe(true);
        expect(priced.priceImpactBps).toBeGreaterThan(10_000);
      }),
      { numRuns: 100 },
    );
  });

  it("buffers a buy's inputs by the slippage and routes only the shortfall", () => {
    fc.assert(
      fc.property(market, held, fc.bigInt(1n, 10n ** 13n), fc.integer({ min: 0, max: 10_000 }), (m, holdings, amount, slippageBps) => {
        const priced = priceBuyExactOut(m, amount, slippageBps, holdings);
        if ("ok" in priced) return;
        expect(priced.settle).toMatchObject({ instruction: "buyExactOut", amount: priced.trade.primaryAmount });
        if (priced.settle.instruction === "buyExactOut") expect(priced.settle.maxDnaIn).toBeGreaterThanOrEqual(priced.trade.traderDna);
        priced.funding.forEach((component, i) => {
          expect(component.amount).toBe(priced.trade.componentAmounts[i]);
          expect(component.required).toBeGreaterThanOrEqual(component.amount);
          expect(component.required * 10_000n).toBeLessThan(component.amount * BigInt(10_000 + slippageBps) + 10_000n);
          expect(component.shortfall).toBe(component.required > component.held ? component.required - component.held : 0n);
          if (component.shortfall === 0n) expect(component.lamportsIn).toBe(0n);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("floors a sell at the slippage and unwinds only what the floor guarantees", () => {
    fc.assert(
      fc.property(market, fc.bigInt(1n, 10n ** 14n), fc.integer({ min: 0, max: 10_000 }), (m, amount, slippageBps) => {
        const priced = priceSell(m, amount, slippageBps, null);
        if ("ok" in priced) return;
        expect(priced.minDnaOut).toBeLessThanOrEqual(priced.trade.traderDna);
        priced.unwind.forEach((leg, i) => expect(leg.amountIn).toBeLessThanOrEqual(priced.trade.componentAmounts[i]!));
      }),
      { numRuns: 300 },
    );
  });

  it("exactIn spends a budget beyond the rest of the curve as the rest's cost, fee or none, up to 2^64 − 1", () => {
    const feeBps = fc.constantFrom(0, 1, 100, 2000);
    const budget = fc.oneof(fc.bigInt(1n, 10n ** 13n), fc.bigInt(10n ** 13n, U64_MAX), fc.constant(U64_MAX));
    const outcomes = { cut: 0, cutFeeless: 0 };
    fc.assert(
      fc.property(market, feeBps, budget, (m, fee, amount) => {
        const curve = { ...m, state: { ...m.state, feeBps: fee } };
        const priced = priceBuyExactIn(curve, amount, 100, null);
        const uncut = buyExactIn(curve.state, amount, 0n, null);
        if ("ok" in priced) {
          // Only a budget too small for one base unit is refused, as the program refuses it.
          expect(priced.error).toBe(ERROR_ZERO_AMOUNT);
          expect(uncut).toEqual(priced);
          return;
        }
        if (priced.settle.instruction !== "buyExactIn") throw new Error("not an exactIn settle");
        // What the instruction carries is what the program settles: the quoted trade, never more than asked.
        const onChain = buyExactIn(curve.state, priced.settle.budget, priced.settle.minOut, null);
        expect(onChain.ok && onChain.trade.primaryAmount).toBe(priced.trade.primaryAmount);
        expect(priced.settle.budget).toBeLessThanOrEqual(amount);
        expect(priced.trade.traderDna).toBeLessThanOrEqual(amount);
        // Where the whole budget did not overflow, the trade is the one it gives.
        if (uncut.ok) {
          expect(priced.trade.primaryAmount).toBe(uncut.trade.primaryAmount);
          expect(priced.trade.componentAmounts).toEqual(uncut.trade.componentAmounts);
          expect(priced.trade.clamped).toBe(uncut.trade.clamped || priced.settle.budget < amount);
        } else {
          expect(uncut.error).toBe(ERROR_MATH_OVERFLOW);
        }
        if (priced.settle.budget < amount) {
          outcomes.cut++;
          if (fee === 0) outcomes.cutFeeless++;
          expect(priced.trade.primaryAmount).toBe(curve.state.inventoryRemaining);
          expect(priced.trade.clamped).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
    expect(outcomes.cut).toBeGreaterThan(50);
    // Among them the case that overflowed before: a fee-0 curve and a budget near 2^64.
    expect(outcomes.cutFeeless).toBeGreaterThan(5);
  });
});
