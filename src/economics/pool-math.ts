/**
 * Constant-product swaps, predicted exactly as programs-fixtures/pool/pool.c `swap` and
 * `swap_all` settle them, and the inverse a route planner needs (how much to put in to get at
 * least a given amount out). Reserves are the pool's vault balances.
 */
import {
  ERROR_INSUFFICIENT_LIQUIDITY,
  ERROR_INSUFFICIENT_TOKENS,
  ERROR_MATH_OVERFLOW,
  ERROR_SLIPPAGE_EXCEEDED,
  ERROR_ZERO_AMOUNT,
  type Refusal,
  refuse,
} from "./refusal-code.ts";
import { BPS_DENOMINATOR } from "./curve-state.ts";
import { U64_MAX, addU64, assertU64, mulDivCeil, mulDivFloor } from "./u64-math.ts";

/** A swap the pool accepts. The whole `amountIn` (fee included) enters the in-vault. */
export interface SwapSettled {
  readonly ok: true;
  readonly amountOut: bigint;
  /** ⌈amountIn·feeBps/10^4⌉, kept by the pool. */
  readonly fee: bigint;
}

/** The prediction of one swap: settled, or refused with a program error code. */
export type SwapResult = SwapSettled | Refusal;

const BPS = BigInt(BPS_DENOMINATOR);

/**
 * `swap`: `amountIn` in, ⌊net·reserveOut/(reserveIn + net)⌋ out where
 * net = amountIn − ⌈amountIn·feeBps/10^4⌉ — fee up, output down, both against the trader.
 * Refusals in program order: 6005 zero amount, 6010 (only when `traderInBalance` is given
 * and short), 6019 an empty reserve, 6008 overflow, 6005 nothing out, 6006 below `minOut`.
 * @param feeBps the pool's fee, 0..10000 (the program allows at most 2000).
 * @param traderInBalance the trader's balance of the input mint; omit to skip that check.
 */
export function swapExactIn(
  reserveIn: bigint,
  reserveOut: bigint,
  amountIn: bigint,
  feeBps: number,
  minOut: bigint,
  traderInBalance?: bigint,
): SwapResult {
  assertU64("reserveIn", reserveIn);
  assertU64("reserveOut", reserveOut);
  assertU64("amountIn", amountIn);
  assertU64("minOut", minOut);
  assertFeeBps(feeBps);
  if (traderInBalance !== undefined) assertU64("traderInBalance", traderInBalance);
  if (amountIn === 0n) return refuse(ERROR_ZERO_AMOUNT);
  if (traderInBalance !== undefined && traderInBalance < amountIn) {
    return refuse(ERROR_INSUFFICIENT_TOKENS);
  }
  if (reserveIn === 0n || reserveOut === 0n) return refuse(ERROR_INSUFFICIENT_LIQUIDITY);
  const fee = mulDivCeil(amountIn, BigInt(feeBps), BPS);
  if (fee === null) return refuse(ERROR_MATH_OVERFLOW);
  const netIn = amountIn - fee;
  const denominator = addU64(reserveIn, netIn);
  if (denominator === null) return refuse(ERROR_MATH_OVERFLOW);
  const amountOut = mulDivFloor(netIn, reserveOut, denominator);
  if (amountOut === null) return refuse(ERROR_MATH_OVERFLOW);
  if (amountOut === 0n) return refuse(ERROR_ZERO_AMOUNT);
  if (amountOut < minOut) return refuse(ERROR_SLIPPAGE_EXCEEDED);
  return { ok: true, amountOut, fee };
}

/**
 * `swap_all`: the trader's balance of the input mint as it stands when the instruction
 * executes (`balance`), less what it keeps (`keep`), goes in. A balance of at most `keep`
 * (nothing to swap, an empty balance included) is refused with 6005; otherwise the swap is
 * exactly {@link swapExactIn} of `balance − keep` (same fee, output and refusals after it).
 */
export function swapAll(reserveIn: bigint, reserveOut: bigint, balance: bigint, feeBps: number, minOut: bigint, keep: bigint): SwapResult {
  assertU64("balance", balance);
  assertU64("keep", keep);
  if (balance <= keep) return refuse(ERROR_ZERO_AMOUNT);
  return swapExactIn(reserveIn, reserveOut, balance - keep, feeBps, minOut, balance);
}

/**
 * The smallest `amountIn` for which `swapExactIn(reserveIn, reserveOut, amountIn, feeBps,
 * amountOut)` settles — i.e. whose output is at least `amountOut`. An `amountOut` of 0 asks
 * for the smallest swap the pool accepts at all (it refuses a zero output).
 *
 * Derivation: the output is at least k iff net·(reserveOut − k) ≥ k·reserveIn, so the
 * least net is ⌈k·reserveIn/(reserveOut − k)⌉; net(a) = ⌊a·(10^4 − fee)/10^4⌋ is
 * non-decreasing, so the least a is ⌈net·10^4/(10^4 − fee)⌉. Both steps are exact.
 * @returns that amount, or `null` when no u64 input gets it: amountOut ≥ reserveOut, an
 * empty reserve, a 100% fee, or an input that would overflow the pool's arithmetic.
 */
export function swapInForExactOut(reserveIn: bigint, reserveOut: bigint, amountOut: bigint, feeBps: number): bigint | null {
  assertU64("reserveIn", reserveIn);
  assertU64("reserveOut", reserveOut);
  assertU64("amountOut", amountOut);
  assertFeeBps(feeBps);
  const wanted = amountOut === 0n ? 1n : amountOut;
  if (reserveIn === 0n || wanted >= reserveOut || feeBps === BPS_DENOMINATOR) return null;
  const netIn = ceilDiv(wanted * reserveIn, reserveOut - wanted);
  const amountIn = ceilDiv(netIn * BPS, BPS - BigInt(feeBps));
  if (amountIn > U64_MAX) return null;
  // The formula is exact; settling it once more turns the pool's overflow refusals into null.
  return swapExactIn(reserveIn, reserveOut, amountIn, feeBps, wanted).ok ? amountIn : null;
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

function assertFeeBps(feeBps: number): void {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > BPS_DENOMINATOR) {
    throw new RangeError(`feeBps must be 0..${BPS_DENOMINATOR}, got ${feeBps}`);
  }
}
