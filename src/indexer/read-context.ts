import type { PriceBook } from "./price-book.ts";
import type { TokenListing } from "./token-listing.ts";

/** What rendering a record needs besides the launch itself: the time, the prices, names. */
export interface ReadContext {
  /** Virtual unix seconds now (the devnet clock). */
  readonly nowUnix: bigint;
  /** USD per SOL. */
  readonly solUsd: number;
  readonly book: PriceBook;
  /** The world's component listing of `mint`, or null for a mint the world does not list. */
  readonly listing: (mint: string) => TokenListing | null;
  /** An absolute URL for `uri` (`/v1/media/...` paths are prefixed with the media base URL). */
  readonly mediaUrl: (uri: string) => string;
}
