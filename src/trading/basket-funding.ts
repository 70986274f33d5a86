import type { Address } from "@solana/kit";
import { BPS_DENOMINATOR, U64_MAX, swapInForExactOut, swapExactIn } from "../economics/index.ts";
import { NATIVE_MINT_ADDRESS } from "../programs/index.ts";

/** A SOL venue as the route planner sees it: the pool and its reserves now. */
export interface Venue {
  readonly pool: Address;
  readonly mint: Address;
  /** Pool vault holding wrapped SOL (mint A). */
  readonly vaultSol: Address;
  /** Pool vault holding the component (mint B). */
  readonly vaultComponent: Address;
  readonly lamportsReserve: bigint;
  readonly componentReserve: bigint;
  readonly feeBps: number;
}

/** How one component of a buy is funded: what the settle needs, what the wallet has, what to buy. */
export interface ComponentFunding {
  readonly mint: Address;
  /** What the settle deposits at the quoted price, fee included. */
  readonly amount: bigint;
  /** `amount` with the slippage buffer: what the wallet should hold before settling. */
  readonly required: bigint;
  readonly held: bigint;
  readonly shortfall: bigint;
  /**
   * Lamports to swap on the venue for the shortfall (wrapped SOL: to wrap, exactly the
   * shortfall); 0 when none; null when no venue can supply it.
   */
  readonly lamportsIn: bigint | null;
  /**
   * The least the setup swap accepts: what the settle needs at the quoted price beyond the
   * holding (`amount` − `held`, unbuffered). The swap spends enough to buy the buffered
   * `shortfall` at the build-time price, so the venue may move by up to the slippage before
   * it lands and the settle still finds its components; a larger move fails the swap with
   * SlippageExceeded instead of failing the settle later.
   */
  readonly minOut: bigint;
}

const BPS = BigInt(BPS_DENOMINATOR);

/**
 * Whether `mint` is wrapped SOL (the native mint): a component that is already SOL. It has
 * no venue and needs none — a lamport wraps into exactly one base unit and unwraps back —
 * so a buy funds it by wrapping (system transfer + SyncNative into the wallet's wrapped-SOL
 * account) and a sell unwraps it by closing that account. A collectible's recipe is this
 * one component.
 */
export function isWrappedSol(mint: Address): boolean {
  return mint === NATIVE_MINT_ADDRESS;
}

/** ⌈amount·(10⁴ + slippage)/10⁴⌉: a buy's input buffer; the excess stays in the wallet. */
export function withBuffer(amount: bigint, slippageBps: number): bigint {
  return (amount * (BPS + BigInt(slippageBps)) + BPS - 1n) / BPS;
}

/** ⌊amount·(10⁴ − slippage)/10⁴⌋: a floor on what a trade must return. */
export function withFloor(amount: bigint, slippageBps: number): bigint {
  return (amount * (BPS - BigInt(slippageBps))) / BPS;
}

/**
 * The funding of a buy that deposits `amounts` (recipe order): per component, the buffered
 * requirement, the shortfall against `held` (zero holdings when the quote has no wallet),
 * and the lamports a SOL venue wants for that shortfall (wrapped SOL: the shortfall itself,
 * wrapped 1:1 with no venue).
 */
export function fundBasket(
  mints: readonly Address[],
  amounts: readonly bigint[],
  held: readonly bigint[] | null,
  venues: readonly (Venue | null)[],
  slippageBps: number,
): ComponentFunding[] {
  return mints.map((mint, i) => {
    const amount = amounts[i]!;
    const required = withBuffer(amount, slippageBps);
    const holding = held?.[i] ?? 0n;
    const shortfall = required > holding ? required - holding : 0n;
    const venue = venues[i];
    // A shortfall past u64 is no token amount at all: nothing can buy it (a recipe whose DNA
    // unit is worth more than a component's whole supply asks for one on a large trade).
    const lamportsIn =
      shortfall === 0n
        ? 0n
        : shortfall > U64_MAX
          ? null
          : isWrappedSol(mint)
            ? shortfall
            : venue
              ? swapInForExactOut(venue.lamportsReserve, venue.componentReserve, shortfall, venue.feeBps)
              : null;
    const minOut = amount > holding ? amount - holding : 0n;
    return { mint, amount, required, held: holding, shortfall, lamportsIn, minOut };
  });
}

/**
 * Lamports the whole shortfall costs, or null when some component cannot be bought. With
 * `kept`, only those the wallet does not get back: a venue keeps all it is paid (the buffer
 * buys component tokens that stay in the wallet), but wrapped SOL's buffer is unwrapped back
 * once the settle has deposited, so of it only what the settle deposits beyond the wallet's
 * holding counts.
 */
export function fundingLamports(funding: readonly ComponentFunding[], { kept = false }: { readonly kept?: boolean } = {}): bigint | null {
  let total = 0n;
  for (const component of funding) {
    if (component.lamportsIn === null) return null;
    total += kept && isWrappedSol(component.mint) ? component.minOut : component.lamportsIn;
  }
  return total;
}

/**
 * Lamports `amountIn` of component `mint` turns into after a sell: what its venue pays (the
 * unwinding swap), 0 if none or it refuses; wrapped SOL unwraps 1:1.
 */
export function lamportsOut(mint: Address, venue: Venue | null, amountIn: bigint): bigint {
  if (isWrappedSol(mint)) return amountIn;
  if (!venue || amountIn === 0n) return 0n;
  const result = swapExactIn(venue.componentReserve, venue.lamportsReserve, amountIn, venue.feeBps, 0n);
  return result.ok ? result.amountOut : 0n;
}
