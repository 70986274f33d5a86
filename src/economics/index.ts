/**
 * Economics: pure, integer functions that predict what the on-chain programs compute —
 * curve trades, pool swaps, the migration split and recipe quantities. Shared by quotes,
 * the indexer and tests; no I/O and no imports from other src folders.
 */
export { U64_MAX, addU64, assertU64, mulDivCeil, mulDivFloor, wrappingAddU64 } from "./u64-math.ts";
export {
  ERROR_CURVE_COMPLETE,
  ERROR_INSUFFICIENT_COMPONENTS,
  ERROR_INSUFFICIENT_LIQUIDITY,
  ERROR_INSUFFICIENT_TOKENS,
  ERROR_MATH_OVERFLOW,
  ERROR_SLIPPAGE_EXCEEDED,
  ERROR_ZERO_AMOUNT,
  type Refusal,
  type RefusalCode,
} from "./refusal-code.ts";
export {
  BPS_DENOMINATOR,
  DNA_UNITS_PER_DNA,
  MAX_FEE_BPS,
  type CurveComponentState,
  type CurveParameters,
  type CurveState,
  defaultCurveParameters,
  initialCurveState,
  priceE12,
  progressBps,
} from "./curve-state.ts";
export {
  type ComponentBalances,
  type CurveTradeResult,
  type CurveTradeSettled,
  type TradeOutcome,
  buyCost,
  buyExactIn,
  buyExactOut,
  sell,
} from "./curve-math.ts";
export { type SwapResult, type SwapSettled, swapAll, swapExactIn, swapInForExactOut } from "./pool-math.ts";
export { migrationShare } from "./migration-math.ts";
export {
  type ComponentPrice,
  type RecipeRequest,
  type RecipeTarget,
  dnaUnitLamportsE9,
  realisedBps,
  recipeQuantities,
} from "./recipe-math.ts";
export {
  type CollectibleAccounting,
  type CollectiblePoolOpening,
  type CollectibleSwapResult,
  type CollectibleTerms,
  type VenueReserves,
  acquireBps,
  bufferBps,
  collectiblePoolOpening,
  listedPriceForBuffer,
  predictAcquire,
  predictAcquisition,
  predictFund,
  predictSwap,
} from "./collectible-math.ts";
