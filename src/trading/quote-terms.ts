import { type Result, fail, succeed } from "../errors/index.ts";
import { sellFloor } from "./curve-quote.ts";
import type { QuoteVenue } from "./quote-venue.ts";
import type { Priced } from "./trade-pricing.ts";

/**
 * The limits a stored quote promised, which its build keeps: the build prices the trade again
 * (balances and the route may have changed), but the settle it builds never accepts less than
 * the quote's floor, nor spends more than a fixed-amount buy's buffer.
 */
export interface QuoteTerms {
  readonly venue: QuoteVenue;
  /**
   * The least the trade may yield: DNA units for a curve sell, launch tokens for a curve buy,
   * the path's output past the curve (launch tokens bought, lamports for a sell) and on a
   * collectible's pool.
   */
  readonly minOut: bigint;
  /** The most DNA units a curve buy of a fixed amount (exactOut) may spend: its slippage buffer; null otherwise. */
  readonly maxDnaIn: bigint | null;
}

/** The terms `priced` (a quote) promises. */
export function termsOf(priced: Priced): QuoteTerms {
  if (priced.venue !== "curve") return { venue: priced.venue, minOut: priced.path.minOut, maxDnaIn: null };
  const { pricing } = priced;
  if (pricing.direction === "sell") return { venue: "curve", minOut: pricing.minDnaOut, maxDnaIn: null };
  const { settle } = pricing;
  if (settle.instruction === "buyExactIn") return { venue: "curve", minOut: settle.minOut, maxDnaIn: null };
  // exactInSol buys a solved amount: its ceiling is the SOL the swaps take, not a DNA buffer, and
  // its floor the solved amount less slippage (the budget, solved again at build, may buy less).
  if (pricing.mode === "exactInSol") return { venue: "curve", minOut: pricing.minOut, maxDnaIn: null };
  return { venue: "curve", minOut: settle.amount, maxDnaIn: settle.maxDnaIn };
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * `priced` (the build's pricing, on the quote's venue) with its settle's limits held to
 * `terms`: the floor raised to the quote's, a buy's buffer lowered to the quote's. Refused
 * (PRICE_MOVED) when the trade priced now cannot meet them: it would yield less than the
 * quote's floor, or cost more than its buffer.
 */
export function keepTerms(priced: Priced, terms: QuoteTerms, quoteId: string): Result<Priced> {
  const moved = (what: string) => fail("PRICE_MOVED", { quoteId, what });
  if (priced.venue === "market" || priced.venue === "pool") {
    const out = priced.venue === "market" ? priced.path.expectedOut : priced.path.estimatedAmountOut;
    if (out < terms.minOut) return moved(`yield ${out} where the quote's floor is ${terms.minOut}`);
    const floor = max(priced.path.minOut, terms.minOut);
    // Spread per venue, so each keeps its own path type.
    return succeed(
      priced.venue === "market"
        ? { ...priced, path: { ...priced.path, minOut: floor } }
        : { ...priced, path: { ...priced.path, minOut: floor } },
    );
  }
  const { pricing } = priced;
  if (pricing.direction === "sell") {
    if (pricing.trade.traderDna < terms.minOut) {
      return moved(`return ${pricing.trade.traderDna} DNA units where the quote's floor is ${terms.minOut}`);
    }
    if (pricing.minDnaOut >= terms.minOut) return succeed(priced);
    return succeed({ ...priced, pricing: { ...pricing, ...sellFloor(priced.market, terms.minOut) } });
  }
  const { settle } = pricing;
  if (settle.instruction === "buyExactIn") {
    if (pricing.trade.primaryAmount < terms.minOut) {
      return moved(`buy ${pricing.trade.primaryAmount} launch tokens where the quote promised at least ${terms.minOut}`);
    }
    const floor = max(settle.minOut, terms.minOut);
    return succeed({ ...priced, pricing: { ...pricing, minOut: floor, settle: { ...settle, minOut: floor } } });
  }
  if (settle.amount < terms.minOut) return moved(`buy ${settle.amount} launch tokens where the quote promised ${terms.minOut}`);
  // The settle's floor is the quote's, so buys landing before it cannot clamp it below that.
  const floored = { ...settle, minOut: max(settle.minOut, terms.minOut) };
  if (terms.maxDnaIn === null) return succeed({ ...priced, pricing: { ...pricing, settle: floored } });
  if (pricing.trade.traderDna > terms.maxDnaIn) {
    return moved(`cost ${pricing.trade.traderDna} DNA units where the quote's buffer allows ${terms.maxDnaIn}`);
  }
  return succeed({ ...priced, pricing: { ...pricing, settle: { ...floored, maxDnaIn: min(settle.maxDnaIn, terms.maxDnaIn) } } });
}
