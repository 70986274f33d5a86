import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { U64_MAX, buyExactOut, sell } from "../../economics/index.ts";
import { type CurveMarket, priceBuyExactIn, priceBuyExactInSol, priceBuyExactOut, priceSell } from "../curve-quote.ts";
import { keepTerms, termsOf } from "../quote-terms.ts";
import type { CurvePriced } from "../trade-pricing.ts";
import { MINTS, market } from "./curve-market-fixture.ts";

type Kind = "sell" | "exactOut" | "exactIn" | "exactInSol";

const request = fc.record({
  kind: fc.constantFrom<Kind>("sell", "exactOut", "exactIn", "exactInSol"),
  amount: fc.bigInt(1n, 10n ** 14n),
  slippageBps: fc.integer({ min: 0, max: 2_000 }),
});

/** Someone else's trade between the quote and the build: the curve moves either way, or not at all. */
const move = fc.record({ direction: fc.constantFrom("buy", "sell"), amount: fc.bigInt(0n, 300_000_000n * 10n ** 6n) });

function priceOn(m: CurveMarket, r: { kind: Kind; amount: bigint; slippageBps: number }): CurvePriced | null {
  const pricing =
    r.kind === "sell"
      ? priceSell(m, r.amount, r.slippageBps, null)
      : r.kind === "exactOut"
        ? priceBuyExactOut(m, r.amount, r.slippageBps, null)
        : r.kind === "exactIn"
          ? priceBuyExactIn(m, r.amount, r.slippageBps, null)
          : priceBuyExactInSol(m, r.amount, r.slippageBps, null);
  return "ok" in pricing ? null : { venue: "curve", primaryMint: MINTS[0]!, market: m, pricing };
}

function moved(m: CurveMarket, by: { direction: string; amount: bigint }): CurveMarket {
  if (by.amount === 0n) return m;
  const result = by.direction === "buy" ? buyExactOut(m.state, by.amount, U64_MAX, null) : sell(m.state, by.amount, 0n, null);
  return result.ok ? { ...m, state: result.next } : m;
}

describe("a build keeps its quote's terms", () => {
  it("leaves a quote priced on an unmoved curve exactly as it is", () => {
    fc.assert(
      fc.property(market, request, (m, r) => {
        const quoted = priceOn(m, r);
        if (quoted === null) return;
        expect(keepTerms(quoted, termsOf(quoted), "q_test")).toEqual({ ok: true, value: quoted });
      }),
      { numRuns: 300 },
    );
  });

  it("an exactInSol buy's floor is its solved amount less slippage, so a build solving the budget again after a small rise still builds", () => {
    let rebuilt = 0;
    fc.assert(
      fc.property(market, fc.bigInt(10n ** 8n, 10n ** 11n), fc.integer({ min: 1, max: 2_000 }), (m, budget, slippageBps) => {
        const r = { kind: "exactInSol" as const, amount: budget, slippageBps };
        const quoted = priceOn(m, r);
        if (quoted === null || quoted.pricing.direction !== "buy") return;
        const floor = (quoted.pricing.trade.primaryAmount * BigInt(10_000 - slippageBps)) / 10_000n;
        expect(quoted.pricing.minOut).toBe(floor);
        expect(termsOf(quoted).minOut).toBe(floor);
        // Someone buys a sliver first: the same budget now solves for a little less, above the floor.
        const now = priceOn(moved(m, { direction: "buy", amount: quoted.pricing.trade.primaryAmount / 1_000n + 1n }), r);
        if (now === null || now.pricing.direction !== "buy" || now.pricing.trade.primaryAmount < floor) return;
        expect(keepTerms(now, termsOf(quoted), "q_test").ok).toBe(true);
        rebuilt += 1;
      }),
      { numRuns: 200 },
    );
    expect(rebuilt).toBeGreaterThan(0);
  });

  it("on a moved curve, builds within the quote's floor and buffer a settle the price now satisfies, or refuses exactly when it cannot", () => {
    const outcomes = { kept: 0, tightened: 0, refused: 0 };
    fc.assert(
      fc.property(market, request, move, (m, r, by) => {
        const quoted = priceOn(m, r);
        const now = priceOn(moved(m, by), r);
        if (quoted === null || now === null) return;
        const terms = termsOf(quoted);
        const kept = keepTerms(now, terms, "q_test");
        const { pricing } = now;
        // What "meets the quote" means, per shape: the yield at least the floor, a fixed-amount buy within its buffer.
        const meets =
          pricing.direction === "sell"
            ? pricing.trade.traderDna >= terms.minOut
            : pricing.settle.instruction === "buyExactIn"
              ? pricing.trade.primaryAmount >= terms.minOut
              : pricing.settle.amount >= terms.minOut && (terms.maxDnaIn === null || pricing.trade.traderDna <= terms.maxDnaIn);
        expect(kept.ok).toBe(meets);
        if (!kept.ok) {
          expect(kept.error.body.code).toBe("PRICE_MOVED");
          expect(kept.error.body.error).toContain("q_test");
          outcomes.refused++;
          return;
        }
        const built = (kept.value as CurvePriced).pricing;
        if (built.direction === "sell" && pricing.direction === "sell") {
          // Never below the quote's floor, never above what the curve pays now (the settle can land).
          expect(built.minDnaOut >= terms.minOut && built.minDnaOut <= pricing.trade.traderDna).toBe(true);
          expect(built.unwind).toHaveLength(m.mints.length);
        } else if (built.direction === "buy" && built.settle.instruction === "buyExactIn") {
          expect(built.settle.minOut >= terms.minOut && built.settle.minOut <= built.trade.primaryAmount).toBe(true);
        } else if (built.direction === "buy" && built.settle.instruction === "buyExactOut") {
          expect(built.settle.amount >= terms.minOut).toBe(true);
          if (terms.maxDnaIn !== null) expect(built.settle.maxDnaIn <= terms.maxDnaIn).toBe(true);
          expect(built.settle.maxDnaIn >= built.trade.traderDna).toBe(true);
        }
        if (kept.value === now) outcomes.kept++;
        else outcomes.tightened++;
      }),
      { numRuns: 600 },
    );
    // The property is only as good as the cases it reached.
    expect(outcomes.refused).toBeGreaterThan(20);
    expect(outcomes.tightened).toBeGreaterThan(20);
    expect(outcomes.kept).toBeGreaterThan(20);
  });
});
