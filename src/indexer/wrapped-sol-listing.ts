import { NATIVE_MINT_ADDRESS } from "../programs/index.ts";
import type { TokenListing } from "./token-listing.ts";

/**
 * How records name wrapped SOL when it is a recipe component (a collectible's only one):
 * the world's catalogue lists tradable components, not SOL, so the read model knows it
 * here, and names it so everywhere: components, quotes and wallet balances (`known: true`, as
 * a component is).
 */
export const WRAPPED_SOL_LISTING: TokenListing = {
  mint: NATIVE_MINT_ADDRESS,
  symbol: "wSOL",
  name: "Wrapped SOL",
  decimals: 9,
  logoUri: "/v1/media/token-wSOL.svg",
  category: "sol",
};

/** The listing of `mint` when it is wrapped SOL (named so wherever it is a recipe component), else null. */
export function wrappedSolListingOf(mint: string): TokenListing | null {
  return mint === WRAPPED_SOL_LISTING.mint ? WRAPPED_SOL_LISTING : null;
}
