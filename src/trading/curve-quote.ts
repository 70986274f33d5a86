import type { Address } from "@solana/kit";
import {
  BPS_DENOMINATOR,
  type CurveState,
  ERROR_ZERO_AMOUNT,
  type Refusal,
  type TradeOutcome,
  U64_MAX,
  buyExactIn,
  buyExactOut,
  sell,
} from "../economics/index.ts";
import { type ComponentFunding, type Venue, fundBasket, fundingLamports, lamportsOut, withBuffer, withFloor } from "./basket-funding.ts";

/** What a curve quote reads: the curve record and, per recipe component, its mint and SOL venue. */
export interface CurveMarket {
  readonly state: CurveState;
  readonly mints: readonly Address[];
  readonly venues: readonly (Venue | null)[];
}

export type BuyMode = "exactOut" | "exactIn" | "exactInSol";

/** A priced buy: the settle instruction's arguments and how its components get funded. */
export interface CurveBuyPricing {
  readonly direction: "buy";
  readonly mode: BuyMode;
  readonly trade: TradeOutcome;
  /** The settle: buy_exact_out(amount, maxDnaIn, minOut) for exactOut/exactInSol, buy_exact_in(budget, minOut) for exactIn. */
  readonly settle:
    | { readonly instruction: "buyExactOut"; readonly amount: bigint; readonly maxDnaIn: bigint; readonly minOut: bigint }
    | { readonly instruction: "buyExactIn"; readonly budget: bigint; readonly minOut: bigint };
  readonly minOut: bigint;
  readonly funding: readonly ComponentFunding[];
  /** Lamports the setup swaps spend and the wrapped-SOL component takes; null when a component cannot be bought. */
  readonly solIn: bigint | null;
  readonly priceImpactBps: number;
}

/** A priced sell: the settle's floor and what unwinding the received components to SOL yields. */
export interface CurveSellPricing {
  readonly direction: "sell";
  readonly trade: TradeOutcome;
  readonly minDnaOut: bigint;
  /** Per component: the least the settle withdraws (at `minDnaOut`), swapped to SOL after it (wrapped SOL: unwrapped). */
  readonly unwind: readonly { readonly mint: Address; readonly amountIn: bigint; readonly lamportsOut: bigint }[];
  readonly solOut: bigint;
  readonly priceImpactBps: number;
}

export type CurvePricing = CurveBuyPricing | CurveSellPricing;

const BPS = BigInt(BPS_DENOMINATOR);

const MAX_IMPACT_BPS = BigInt(Number.MAX_SAFE_INTEGER);

/** How far the trade's average price is from the spot price, in basis points (≥ 0). */
function impactBps(state: CurveState, trade: TradeOutcome): number {
  if (trade.primaryAmount === 0n) return 0;
  // average / spot = (dna/n) / (vD/vP)
  const ratio = (trade.dnaAmount * state.virtualPrimary * BPS) / (trade.primaryAmount * state.virtualDna);
  const bps = trade.direction === "buy" ? ratio - BPS : BPS - ratio;
  // A one-unit buy on a steep curve can price far above spot: the record's integer stops at 2^53 - 1.
  return Number(bps <= 0n ? 0n : bps < MAX_IMPACT_BPS ? bps : MAX_IMPACT_BPS);
}

function pricedBuy(
  market: CurveMarket,
  mode: BuyMode,
  trade: TradeOutcome,
  settle: CurveBuyPricing["settle"],
  minOut: bigint,
  held: readonly bigint[] | null,
  slippageBps: number,
): CurveBuyPricing {
  const funding = fundBasket(market.mints, trade.componentAmounts, held, market.venues, slippageBps);
  return {
    direction: "buy",
    mode,
    trade,
    settle,
    minOut,
    funding,
    solIn: fundingLamports(funding),
    priceImpactBps: impactBps(market.state, trade),
  };
}

/** Buy exactly `amount` launch base units (clamped to what is left). */
export function priceBuyExactOut(
  market: CurveMarket,
  amount: bigint,
  slippageBps: number,
  held: readonly bigint[] | null,
): CurveBuyPricing | Refusal {
  const result = buyExactOut(market.state, amount, U64_MAX, null);
  if (!result.ok) return result;
  const { trade } = result;
  // Exactly the amount: a clamp by buys landing first is refused, not taken.
  const settle = {
    instruction: "buyExactOut" as const,
    amount: trade.primaryAmount,
    maxDnaIn: withBuffer(trade.traderDna, slippageBps),
    minOut: trade.primaryAmount,
  };
  return pricedBuy(market, "exactOut", trade, settle, trade.primaryAmount, held, slippageBps);
}

/**
 * Spend at most `budget` DNA units, cost and fee. A budget beyond what the rest of the
 * inventory costs is cut to that cost, in the quote and in the instruction: the trade is the
 * same (the whole inventory, clamped), and the program's closed form adds the budget to the
 * virtual DNA reserve, which a fee-0 curve's budget near 2^64 would overflow.
 */
export function priceBuyExactIn(
  market: CurveMarket,
  budget: bigint,
  slippageBps: number,
  held: readonly bigint[] | null,
): CurveBuyPricing | Refusal {
  const rest = buyExactOut(market.state, market.state.inventoryRemaining, U64_MAX, null);
  const spend = rest.ok && rest.trade.traderDna < budget ? rest.trade.traderDna : budget;
  const result = buyExactIn(market.state, spend, 0n, null);
  if (!result.ok) return result;
  const trade = spend < budget ? { ...result.trade, clamped: true } : result.trade;
  const minOut = withFloor(trade.primaryAmount, slippageBps);
  return pricedBuy(market, "exactIn", trade, { instruction: "buyExactIn", budget: spend, minOut }, minOut, held, slippageBps);
}

/**
 * The largest buy whose setup swaps cost at most `budgetLamports`: binary search over the
 * token amount, since the lamports a shortfall costs never fall as the amount grows. The
 * cost counted is the lamports the swaps take in; network fees, tip and rent of new
 * accounts are on top (the wallet keeps `feeReserveLamports` back for them).
 */
export function priceBuyExactInSol(
  market: CurveMarket,
  budgetLamports: bigint,
  slippageBps: number,
  held: readonly bigint[] | null,
): CurveBuyPricing | Refusal {
  const lamportsFor = (amount: bigint): bigint | null => {
    const result = buyExactOut(market.state, amount, U64_MAX, null);
    if (!result.ok) return null;
    return fundingLamports(fundBasket(market.mints, result.trade.componentAmounts, held, market.venues, slippageBps));
  };
  const fits = (amount: bigint) => {
    const lamports = lamportsFor(amount);
    return lamports !== null && lamports <= budgetLamports;
  };
  let low = 0n; // fits (buys nothing)
  let high = market.state.inventoryRemaining;
  if (high > 0n && fits(high)) low = high;
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  if (low === 0n) return { ok: false, error: ERROR_ZERO_AMOUNT };
  const priced = priceBuyExactOut(market, low, slippageBps, held);
  if ("ok" in priced) return priced;
  // The whole inventory with budget to spare: the budget would have bought more than is left.
  const cut = low === market.state.inventoryRemaining && lamportsFor(low)! < budgetLamports;
  // The floor slippage sets: a build solving the budget again after the price rose may buy less, down to it.
  const minOut = withFloor(priced.trade.primaryAmount, slippageBps);
  return {
    ...priced,
    mode: "exactInSol",
    minOut,
    settle: { ...priced.settle, minOut },
    trade: cut ? { ...priced.trade, clamped: true } : priced.trade,
  };
}

/** Sell exactly `amount` launch base units; `heldPrimary` null skips the balance check. */
export function priceSell(
  market: CurveMarket,
  amount: bigint,
  slippageBps: number,
  heldPrimary: bigint | null,
): CurveSellPricing | Refusal {
  const result = sell(market.state, amount, 0n, heldPrimary);
  if (!result.ok) return result;
  const { trade } = result;
  return {
    direction: "sell",
    trade,
    ...sellFloor(market, withFloor(trade.traderDna, slippageBps)),
    priceImpactBps: impactBps(market.state, trade),
  };
}

/** A sell's floor and the unwinding it implies: per component the least the settle withdraws at `minDnaOut`, swapped to SOL. */
export function sellFloor(market: CurveMarket, minDnaOut: bigint): Pick<CurveSellPricing, "minDnaOut" | "unwind" | "solOut"> {
  const unwind = market.mints.map((mint, i) => {
    const amountIn = (minDnaOut * market.state.components[i]!.quantity) / 1_000_000_000n;
    return { mint, amountIn, lamportsOut: lamportsOut(mint, market.venues[i] ?? null, amountIn) };
  });
  return { minDnaOut, unwind, solOut: unwind.reduce((sum, leg) => sum + leg.lamportsOut, 0n) };
}
