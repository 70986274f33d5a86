/** A token the genesis world creates as a basket component, with a venue pool against SOL. */
export interface ComponentListing {
  readonly symbol: string;
  readonly name: string;
  /** The real token's decimals, so amounts look like the real thing. */
  readonly decimals: number;
  /** Starting price in SOL at {@link CATALOG_SOL_USD} USD per SOL, before the seed's jitter (illustrative, not market data). */
  readonly priceSol: number;
  /**
   * How far a seed may move that price, as a fraction either way: seeds differ, but a
   * stablecoin stays within a fifth of a cent of its dollar and a staked SOL near its SOL.
   */
  readonly priceSpread: number;
  /**
   * Its venue's depth as a multiple of the world's venue depth: a stablecoin's pool is ten
   * times deeper, as the real ones are among the deepest, so the baskets' buying over the
   * seeded history moves its dollar by a fraction of a percent rather than a few.
   */
  readonly venueDepthScale: number;
  readonly category: string;
}

/**
 * The USD price of SOL the catalogue's SOL prices are written at (the world's default). A
 * world priced at another rate scales them, so each component keeps its USD price.
 */
export const CATALOG_SOL_USD = 150;

/**
 * The SOL worth as many dollars, where SOL is worth `solUsd` dollars, as `sol` is worth at
 * the catalogue's rate: a listing's price, a venue's depth. At the catalogue's own rate the
 * figure is used as written (no division to round).
 */
export function solAtRate(sol: number, solUsd: number): number {
  return solUsd === CATALOG_SOL_USD ? sol : (sol * CATALOG_SOL_USD) / solUsd;
}

/**
 * The components of the genesis world. Prices are round illustrative figures in SOL (at
 * CATALOG_SOL_USD); each world moves them by a seeded fraction (`priceSpread`) so that seeds
 * differ but stay plausible.
 */
export const COMPONENT_CATALOG: readonly ComponentListing[] = [
  {
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
    priceSol: 1 / CATALOG_SOL_USD,
    priceSpread: 0.002,
    venueDepthScale: 10,
    category: "stablecoin",
  },
  {
    symbol: "USDT",
    name: "Tether USD",
    decimals: 6,
    priceSol: 1 / CATALOG_SOL_USD,
    priceSpread: 0.002,
    venueDepthScale: 10,
    category: "stablecoin",
  },
  { symbol: "JUP", name: "Jupiter", decimals: 6, priceSol: 0.0055, priceSpread: 0.1, venueDepthScale: 1, category: "defi" },
  { symbol: "BONK", name: "Bonk", decimals: 5, priceSol: 0.00000015, priceSpread: 0.1, venueDepthScale: 1, category: "meme" },
  { symbol: "WIF", name: "dogwifhat", decimals: 6, priceSol: 0.0105, priceSpread: 0.1, venueDepthScale: 1, category: "meme" },
  { symbol: "PYTH", name: "Pyth Network", decimals: 6, priceSol: 0.001, priceSpread: 0.1, venueDepthScale: 1, category: "infrastructure" },
  { symbol: "RAY", name: "Raydium", decimals: 6, priceSol: 0.016, priceSpread: 0.1, venueDepthScale: 1, category: "defi" },
  { symbol: "JTO", name: "Jito", decimals: 9, priceSol: 0.014, priceSpread: 0.1, venueDepthScale: 1, category: "defi" },
  {
    symbol: "JitoSOL",
    name: "Jito Staked SOL",
    decimals: 9,
    priceSol: 1.21,
    priceSpread: 0.02,
    venueDepthScale: 1,
    category: "liquid-staking",
  },
  {
    symbol: "mSOL",
    name: "Marinade Staked SOL",
    decimals: 9,
    priceSol: 1.28,
    priceSpread: 0.02,
    venueDepthScale: 1,
    category: "liquid-staking",
  },
];
