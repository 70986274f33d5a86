import { type Address, type Instruction, createNoopSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { getCloseAccountInstruction, getCreateAssociatedTokenIdempotentInstruction, getSyncNativeInstruction } from "@solana-program/token";
import { swapExactIn } from "../economics/index.ts";
import { NATIVE_MINT_ADDRESS, TOKEN_PROGRAM_ADDRESS, getSwapAllInstruction, getSwapInstruction } from "../programs/index.ts";
import { type Venue, withFloor } from "./basket-funding.ts";

/** A graduated launch's pair pool with one component: launch token is mint A. */
export interface PairPool {
  readonly pool: Address;
  readonly primaryMint: Address;
  readonly componentMint: Address;
  readonly vaultPrimary: Address;
  readonly vaultComponent: Address;
  readonly primaryReserve: bigint;
  readonly componentReserve: bigint;
  readonly feeBps: number;
}

/** One two-hop path through a component: SOL ↔ component on its venue, component ↔ launch on its pair. */
export interface MarketPath {
  readonly direction: "buy" | "sell";
  readonly venue: Venue;
  readonly pair: PairPool;
  readonly amountIn: bigint;
  /** The first hop's slippage floor: the least it may deliver to the second. */
  readonly intermediate: bigint;
  /** What the trade gets at today's reserves: the second hop swaps everything the first delivers. */
  readonly expectedOut: bigint;
  /** The slippage floor of `expectedOut`: the least the trade lands with. */
  readonly minOut: bigint;
  readonly priceImpactBps: number;
}

const out = (reserveIn: bigint, reserveOut: bigint, amountIn: bigint, feeBps: number): bigint => {
  if (amountIn === 0n) return 0n;
  const result = swapExactIn(reserveIn, reserveOut, amountIn, feeBps, 0n);
  return result.ok ? result.amountOut : 0n;
};

/** Output with no price impact or fee: the spot value of `amountIn` along the path. */
function spotOut(path: { venue: Venue; pair: PairPool }, direction: "buy" | "sell", amountIn: bigint): bigint {
  const { venue, pair } = path;
  return direction === "buy"
    ? (amountIn * venue.componentReserve * pair.primaryReserve) / (venue.lamportsReserve * pair.componentReserve)
    : (amountIn * pair.componentReserve * venue.lamportsReserve) / (pair.primaryReserve * venue.componentReserve);
}

/**
 * The best path for a market trade past the curve: a buy spends `amountIn` lamports, a sell
 * gives up `amountIn` launch tokens. Both hops land in one transaction and the second swaps
 * all the first delivered, so the slippage floors the trade's output once: `minOut` is
 * `expectedOut` less `slippageBps` (10000 accepts any output). Null when no path pays.
 */
export function bestMarketPath(
  direction: "buy" | "sell",
  amountIn: bigint,
  paths: readonly { venue: Venue; pair: PairPool }[],
  slippageBps: number,
): MarketPath | null {
  let best: MarketPath | null = null;
  for (const { venue, pair } of paths) {
    const first =
      direction === "buy"
        ? out(venue.lamportsReserve, venue.componentReserve, amountIn, venue.feeBps)
        : out(pair.primaryReserve, pair.componentReserve, amountIn, pair.feeBps);
    const intermediate = withFloor(first, slippageBps);
    const secondHop = (amount: bigint) =>
      direction === "buy"
        ? out(pair.componentReserve, pair.primaryReserve, amount, pair.feeBps)
        : out(venue.componentReserve, venue.lamportsReserve, amount, venue.feeBps);
    const expectedOut = secondHop(first);
    if (expectedOut === 0n || (best && best.expectedOut >= expectedOut)) continue;
    const spot = spotOut({ venue, pair }, direction, amountIn);
    const impact = spot > 0n && spot > expectedOut ? Number(((spot - expectedOut) * 10_000n) / spot) : 0;
    best = {
      direction,
      venue,
      pair,
      amountIn,
      intermediate,
      expectedOut,
      minOut: withFloor(expectedOut, slippageBps),
      priceImpactBps: impact,
    };
  }
  return best;
}

/**
 * The one settling transaction of a market trade: wrap or unwrap SOL around two swaps. The
 * second hop is pool `swap_all` keeping `heldComponent`, the wallet's balance of the path's
 * component when the plan is built: it swaps exactly what the first hop delivered (its
 * excess over the floor included, so no dust is left) and never the wallet's own stock. A
 * wallet that had no account of the component ends with none: the account the plan opened
 * is emptied and closed and its rent comes back; an account the wallet had stays, with its balance.
 * @param heldComponent the wallet's balance of `path.pair.componentMint` at planning, and whether its account was open.
 */
export function planMarketTrade(
  path: MarketPath,
  wallet: Address,
  accounts: { wrappedSol: Address; component: Address; primary: Address; primaryMint: Address },
  heldComponent: { readonly held: bigint; readonly open: boolean },
): Instruction[] {
  const owner = createNoopSigner(wallet);
  const create = (ata: Address, mint: Address) =>
    getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata, owner: wallet, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const { venue, pair } = path;
  const setup = [
    create(accounts.wrappedSol, NATIVE_MINT_ADDRESS),
    create(accounts.component, pair.componentMint),
    create(accounts.primary, accounts.primaryMint),
  ];
  const buy = path.direction === "buy";
  // The first hop: SOL to the component on its venue (a buy), the launch token to it on its pair (a sell).
  const firstHop = buy
    ? [
        getTransferSolInstruction({ source: owner, destination: accounts.wrappedSol, amount: path.amountIn }),
        getSyncNativeInstruction({ account: accounts.wrappedSol }),
        getSwapInstruction({
          trader: wallet,
          pool: venue.pool,
          vaultIn: venue.vaultSol,
          vaultOut: venue.vaultComponent,
          traderIn: accounts.wrappedSol,
          traderOut: accounts.component,
          amountIn: path.amountIn,
          minOut: path.intermediate,
        }),
      ]
    : [
        getSwapInstruction({
          trader: wallet,
          pool: pair.pool,
          vaultIn: pair.vaultPrimary,
          vaultOut: pair.vaultComponent,
          traderIn: accounts.primary,
          traderOut: accounts.component,
          amountIn: path.amountIn,
          minOut: path.intermediate,
        }),
      ];
  // What the first hop delivered, not its floor: what it paid above the floor would
  // otherwise stay behind as dust. What the wallet held before is kept.
  const secondHop = getSwapAllInstruction({
    trader: wallet,
    pool: buy ? pair.pool : venue.pool,
    vaultIn: buy ? pair.vaultComponent : venue.vaultComponent,
    vaultOut: buy ? pair.vaultPrimary : venue.vaultSol,
    traderIn: accounts.component,
    traderOut: buy ? accounts.primary : accounts.wrappedSol,
    minOut: path.minOut,
    keep: heldComponent.held,
  });
  return [
    ...setup,
    ...firstHop,
    secondHop,
    // The plan opened it: it is empty now, and closing it returns its rent.
    ...(heldComponent.open ? [] : [getCloseAccountInstruction({ account: accounts.component, destination: wallet, owner })]),
    getCloseAccountInstruction({ account: accounts.wrappedSol, destination: wallet, owner }),
  ];
}
