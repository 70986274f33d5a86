import { describe, expect, it } from "vitest";
import { Devnet } from "../../chain/devnet.ts";
import { tokenAccountAmount } from "../../programs/token-account.ts";
import { CATALOG_SOL_USD, COMPONENT_CATALOG } from "../component-catalog.ts";
import { GenesisWorld } from "../genesis-world.ts";

/** Each venue's price of one whole component, in USD at `solUsd`: SOL reserve over component reserve. */
async function venueUsdPrices(solUsd: number): Promise<Map<string, number>> {
  const devnet = Devnet.start({ seed: "component-pricing" });
  try {
    const world = await GenesisWorld.create(devnet, { solUsd });
    const amount = (vault: string) => tokenAccountAmount(devnet.getAccount(vault as never)!.data);
    return new Map(
      world.components.map((component) => {
        const sol = Number(amount(component.venue.vaultA)) / 1e9;
        const whole = Number(amount(component.venue.vaultB)) / 10 ** component.listing.decimals;
        return [component.listing.symbol, (sol / whole) * solUsd];
      }),
    );
  } finally {
    devnet.close();
  }
}

describe("the genesis world's component prices", () => {
  it("keep each component's USD price whatever SOL is worth (--sol-usd), so a stablecoin stays near a dollar", async () => {
    const atCatalogRate = await venueUsdPrices(CATALOG_SOL_USD);
    const atTwice = await venueUsdPrices(CATALOG_SOL_USD * 2);
    const atThird = await venueUsdPrices(CATALOG_SOL_USD / 3);
    expect([...atCatalogRate.keys()]).toEqual(COMPONENT_CATALOG.map((listing) => listing.symbol));
    for (const [symbol, usd] of atCatalogRate) {
      // Rounding to whole base units is the only difference (BONK's are the coarsest).
      expect(atTwice.get(symbol)! / usd).toBeCloseTo(1, 4);
      expect(atThird.get(symbol)! / usd).toBeCloseTo(1, 4);
    }
    // The seed's ±10% jitter, and nothing else: USDC is worth 0.89 to 1.09 dollars at any rate.
    expect(atTwice.get("USDC")).toBeGreaterThan(0.89);
    expect(atTwice.get("USDC")).toBeLessThan(1.09);
  });
});
