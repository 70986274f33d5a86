/** Where a trade is priced and settled: a launch's bonding curve, its pair pools past the curve, or a collectible's launch↔wSOL pool. */
export type QuoteVenue = "curve" | "market" | "pool";

/** How refusals name each venue. */
export const VENUE_NAMES: Readonly<Record<QuoteVenue, string>> = {
  curve: "bonding curve",
  market: "pair pools",
  pool: "launch↔wSOL pool",
};
