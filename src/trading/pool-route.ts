import { type Address, type Instruction, createNoopSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { getCloseAccountInstruction, getCreateAssociatedTokenIdempotentInstruction, getSyncNativeInstruction } from "@solana-program/token";
import { type Refusal, swapExactIn } from "../economics/index.ts";
import { NATIVE_MINT_ADDRESS, TOKEN_PROGRAM_ADDRESS, getSwapInstruction } from "../programs/index.ts";
import { withFloor } from "./basket-funding.ts";
import type { PairPool } from "./market-route.ts";

/**
 * A trade on a tradable collectible's one pool — launch token (mint A) ↔ wrapped SOL
 * (mint B), opened by its migration — priced by the pool's own math: one hop, no venue. A
 * buy spends `amountIn` lamports (wrapped first); a sell gives up `amountIn` launch tokens
 * for lamports (unwrapped after).
 */
export interface PoolPath {
  readonly direction: "buy" | "sell";
  /** The pool, read as a pair pool whose component is wrapped SOL. */
  readonly pool: PairPool;
  readonly amountIn: bigint;
  /** What the swap returns if the pool does not move before it lands (pool.c `swap`, fee and rounding included). */
  readonly estimatedAmountOut: bigint;
  /** The swap's floor: `estimatedAmountOut` less the slippage. */
  readonly minOut: bigint;
  readonly priceImpactBps: number;
}

/**
 * The pool path of `amountIn` in `direction`, or the pool's refusal (a zero amount, an
 * empty pool, nothing out). The estimate is exactly what the pool would pay now.
 */
export function poolPath(direction: "buy" | "sell", amountIn: bigint, pool: PairPool, slippageBps: number): PoolPath | Refusal {
  const [reserveIn, reserveOut] =
    direction === "buy" ? [pool.componentReserve, pool.primaryReserve] : [pool.primaryReserve, pool.componentReserve];
  const result = swapExactIn(reserveIn, reserveOut, amountIn, pool.feeBps, 0n);
  if (!result.ok) return result;
  const estimatedAmountOut = result.amountOut;
  // The spot value of amountIn (no fee, no impact): how far the swap's average price is from it.
  const spot = (amountIn * reserveOut) / reserveIn;
  const priceImpactBps = spot > estimatedAmountOut ? Number(((spot - estimatedAmountOut) * 10_000n) / spot) : 0;
  return { direction, pool, amountIn, estimatedAmountOut, minOut: withFloor(estimatedAmountOut, slippageBps), priceImpactBps };
}

/**
 * The one settling transaction's trade instructions. A buy opens the wallet's wrapped-SOL
 * and launch-token accounts (idempotently), wraps `amountIn` lamports, swaps exactly them
 * for the launch token and closes the wrapped account (its rent, and any wrapped SOL the
 * wallet held, come back as SOL). A sell swaps exactly `amountIn` launch tokens into the
 * wrapped account and closes it: the proceeds arrive as SOL. A plain `swap` fits both: the
 * amount in is known when the plan is built (a sell's input is the tokens given up, not
 * another step's output), so `swap_all` has nothing to add here.
 */
export function planPoolTrade(path: PoolPath, wallet: Address, accounts: { wrappedSol: Address; primary: Address }): Instruction[] {
  const owner = createNoopSigner(wallet);
  const { pool } = path;
  const create = (ata: Address, mint: Address) =>
    getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata, owner: wallet, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const unwrap = getCloseAccountInstruction({ account: accounts.wrappedSol, destination: wallet, owner });
  if (path.direction === "buy") {
    return [
      create(accounts.wrappedSol, NATIVE_MINT_ADDRESS),
      create(accounts.primary, pool.primaryMint),
      getTransferSolInstruction({ source: owner, destination: accounts.wrappedSol, amount: path.amountIn }),
      getSyncNativeInstruction({ account: accounts.wrappedSol }),
      getSwapInstruction({
        trader: wallet,
        pool: pool.pool,
        vaultIn: pool.vaultComponent,
        vaultOut: pool.vaultPrimary,
        traderIn: accounts.wrappedSol,
        traderOut: accounts.primary,
        amountIn: path.amountIn,
        minOut: path.minOut,
      }),
      unwrap,
    ];
  }
  return [
    create(accounts.wrappedSol, NATIVE_MINT_ADDRESS),
    getSwapInstruction({
      trader: wallet,
      pool: pool.pool,
      vaultIn: pool.vaultPrimary,
      vaultOut: pool.vaultComponent,
      traderIn: accounts.primary,
      traderOut: accounts.wrappedSol,
      amountIn: path.amountIn,
      minOut: path.minOut,
    }),
    unwrap,
  ];
}

/** Token accounts a pool trade may open: a buy's wrapped SOL and launch token, a sell's wrapped SOL. */
export function poolAccountsOpened(direction: "buy" | "sell"): number {
  return direction === "buy" ? 2 : 1;
}
