/**
 * A collectible's acquisition, predicted exactly as programs-fixtures/launch/launch.c
 * settles it: `collectible_fund` moves the curve's whole wSOL vault (fees included) into
 * the launch's funds account, `collectible_swap` swaps all of it but poolLamports to USDC on
 * the venue (the pool's own math, the listed price as minimum out), `collectible_acquire`
 * pays the listed price to the seller and the rest to the treasury, and migrate opens the
 * launch↔wSOL pool with the whole migration inventory and exactly poolLamports.
 */
import { ERROR_INSUFFICIENT_LIQUIDITY, type Refusal, refuse } from "./refusal-code.ts";
import { BPS_DENOMINATOR } from "./curve-state.ts";
import { type SwapResult, swapExactIn } from "./pool-math.ts";
import { assertU64 } from "./u64-math.ts";

const BPS = BigInt(BPS_DENOMINATOR);

/** The terms of a card, fixed at listing (event `collectibleListed`). */
export interface CollectibleTerms {
  /** USDC base units (6 decimals). */
  readonly listedPriceUsdc: bigint;
  /** cardLamports + poolLamports. */
  readonly targetLamports: bigint;
  /** The raise's part kept to seed the launch↔wSOL pool. */
  readonly poolLamports: bigint;
}

/** The venue the swap uses, as its vaults stand before the swap. */
export interface VenueReserves {
  readonly wsolReserve: bigint;
  readonly usdcReserve: bigint;
  readonly feeBps: number;
}

/** The acquisition's accounting after every crank, as the collectibleStage events carry it. */
export interface CollectibleAccounting {
  readonly fundedLamports: bigint;
  readonly wsolIn: bigint;
  readonly usdcOut: bigint;
  readonly spentUsdc: bigint;
  readonly surplusUsdc: bigint;
}

/** The launch↔wSOL pool's reserves as migrate opens it. */
export interface CollectiblePoolOpening {
  /** Launch tokens: the whole migration inventory. */
  readonly launchReserve: bigint;
  /** wSOL lamports: exactly poolLamports. */
  readonly wsolReserve: bigint;
}

/**
 * `collectible_fund`: fundedLamports is the curve vault's whole balance. Refused (6019)
 * when it does not exceed poolLamports: the swap would have nothing to buy the card with.
 */
export function predictFund(curveVaultBalance: bigint, poolLamports: bigint): { ok: true; fundedLamports: bigint } | Refusal {
  assertU64("curveVaultBalance", curveVaultBalance);
  assertU64("poolLamports", poolLamports);
  if (curveVaultBalance <= poolLamports) return refuse(ERROR_INSUFFICIENT_LIQUIDITY);
  return { ok: true, fundedLamports: curveVaultBalance };
}

/** The swap's figures: wsolIn in, usdcOut out (the pool's `amountOut`), the venue's fee. */
export type CollectibleSwapResult =
  { readonly ok: true; readonly wsolIn: bigint; readonly usdcOut: bigint; readonly fee: bigint } | Refusal;

/**
 * `collectible_swap`: wsolIn = fundedLamports − poolLamports swapped on the venue with the
 * listed price as minimum out, so the refusals are the pool's (6006 below the listed price).
 */
export function predictSwap(fundedLamports: bigint, terms: CollectibleTerms, venue: VenueReserves): CollectibleSwapResult {
  if (fundedLamports <= terms.poolLamports) return refuse(ERROR_INSUFFICIENT_LIQUIDITY);
  const wsolIn = fundedLamports - terms.poolLamports;
  const swap: SwapResult = swapExactIn(venue.wsolReserve, venue.usdcReserve, wsolIn, venue.feeBps, terms.listedPriceUsdc);
  if (!swap.ok) return swap;
  return { ok: true, wsolIn, usdcOut: swap.amountOut, fee: swap.fee };
}

/** `collectible_acquire`: the listed price to the seller, everything else the swap returned to the treasury. */
export function predictAcquire(usdcOut: bigint, listedPriceUsdc: bigint): { spentUsdc: bigint; surplusUsdc: bigint } {
  if (usdcOut < listedPriceUsdc) throw new RangeError("usdcOut below the listed price: the swap would have been refused");
  return { spentUsdc: listedPriceUsdc, surplusUsdc: usdcOut - listedPriceUsdc };
}

/** migrate of a collectible: the pool opens with the whole migration inventory against poolLamports. */
export function collectiblePoolOpening(migrationInventory: bigint, poolLamports: bigint): CollectiblePoolOpening {
  return { launchReserve: migrationInventory, wsolReserve: poolLamports };
}

/** Fund, swap and acquire in a row from the curve's wSOL vault balance at completion. */
export function predictAcquisition(
  curveVaultBalance: bigint,
  terms: CollectibleTerms,
  venue: VenueReserves,
): ({ ok: true } & CollectibleAccounting) | Refusal {
  const fund = predictFund(curveVaultBalance, terms.poolLamports);
  if (!fund.ok) return fund;
  const swap = predictSwap(fund.fundedLamports, terms, venue);
  if (!swap.ok) return swap;
  return {
    ok: true,
    fundedLamports: fund.fundedLamports,
    wsolIn: swap.wsolIn,
    usdcOut: swap.usdcOut,
    ...predictAcquire(swap.usdcOut, terms.listedPriceUsdc),
  };
}

/** The card's share of the target in basis points: ⌊cardLamports·10^4/targetLamports⌋. */
export function acquireBps(terms: Pick<CollectibleTerms, "targetLamports" | "poolLamports">): number {
  if (terms.targetLamports <= terms.poolLamports) throw new RangeError("targetLamports must exceed poolLamports");
  return Number(((terms.targetLamports - terms.poolLamports) * BPS) / terms.targetLamports);
}

/** How far `worthUsdc` (the card share's swap value at listing) exceeds the listed price, in bps, rounded down. */
export function bufferBps(worthUsdc: bigint, listedPriceUsdc: bigint): number {
  if (listedPriceUsdc <= 0n) throw new RangeError("listedPriceUsdc must be positive");
  return Number(((worthUsdc - listedPriceUsdc) * BPS) / listedPriceUsdc);
}

/** The listed price that leaves `buffer` bps between it and `worthUsdc`: ⌊worth·10^4/(10^4 + buffer)⌋. */
export function listedPriceForBuffer(worthUsdc: bigint, buffer: number): bigint {
  if (!Number.isInteger(buffer) || buffer < 0) throw new RangeError("buffer must be a non-negative integer of bps");
  return (worthUsdc * BPS) / (BPS + BigInt(buffer));
}
