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
    // The seed's ±10% jitter, and nothing else: USDC is worth 0.89 to 1.09 dollars at any rate.
    expect(atTwice.get("USDC")!.price).toBeGreaterThan(0.89);
    expect(atTwice.get("USDC")!.price).toBeLessThan(1.09);
  });
});
