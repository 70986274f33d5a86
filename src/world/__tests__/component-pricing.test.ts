import { describe, expect, it } from "vitest";
import { Devnet } from "../../chain/devnet.ts";
import { tokenAccountAmount } from "../../programs/token-account.ts";
import { CATALOG_SOL_USD, COMPONENT_CATALOG } from "../component-catalog.ts";
import { GenesisWorld } from "../genesis-world.ts";

/** Each venue's price of one whole component and its SOL side's worth, in USD at `solUsd`. */
async function venueUsdPrices(solUsd: number): Promise<Map<string, { price: number; depth: number }>> {
  const devnet = Devnet.start({ seed: "component-pricing" });
  try {
    const world = await GenesisWorld.create(devnet, { solUsd });
    const amount = (vault: string) => tokenAccountAmount(devnet.getAccount(vault as never)!.data);
    return new Map(
      world.components.map((component) => {
        const sol = Number(amount(component.venue.vaultA)) / 1e9;
        const whole = Number(amount(component.venue.vaultB)) / 10 ** component.listing.decimals;
        return [component.listing.symbol, { price: (sol / whole) * solUsd, depth: sol * solUsd }];
      }),
    );
  } finally {
    devnet.close();
  }
}

describe("the genesis world's component prices", () => {
  it("keep each component's USD price and each venue's USD depth whatever SOL is worth (--sol-usd), so a stablecoin stays near a dollar and a swap moves its venue as far", async () => {
    const atCatalogRate = await venueUsdPrices(CATALOG_SOL_USD);
    const atTwice = await venueUsdPrices(CATALOG_SOL_USD * 2);
    const atThird = await venueUsdPrices(CATALOG_SOL_USD / 3);
    expect([...atCatalogRate.keys()]).toEqual(COMPONENT_CATALOG.map((listing) => listing.symbol));
    for (const [symbol, { price, depth }] of atCatalogRate) {
      // Rounding to whole base units and whole SOL is the only difference (BONK's units are the coarsest).
      for (const other of [atTwice, atThird]) {
        expect(other.get(symbol)!.price / price).toBeCloseTo(1, 3);
        expect(other.get(symbol)!.depth / depth).toBeCloseTo(1, 3);
      }
    }
    // A stablecoin moves by its seed's fifth of a cent at most, whatever SOL is worth.
    for (const world of [atCatalogRate, atTwice, atThird])
      for (const stablecoin of ["USDC", "USDT"]) {
        expect(Math.abs(world.get(stablecoin)!.price - 1)).toBeLessThan(0.0021);
        // Ten times the default 20,000 SOL of depth, less the seed's 25% at most: the baskets' buying barely moves it.
        expect(world.get(stablecoin)!.depth).toBeGreaterThan(10 * 20_000 * CATALOG_SOL_USD * 0.75);
      }
  });
});
