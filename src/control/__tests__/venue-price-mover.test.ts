import { describe, expect, it } from "vitest";
import { startWorld } from "../../world/__tests__/world-fixture.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import { moveVenuePrice } from "../venue-price-mover.ts";

/** SOL per whole token from a venue's reserves. */
const priceOf = (lamports: bigint, units: bigint, decimals: number) => (Number(lamports) / 1e9 / Number(units)) * 10 ** decimals;

describe("moving a venue's price", () => {
  it.each([1.25, 0.8, 3, 0.05])("lands the venue at %sx its price, exactly enough to read back", async (factor) => {
    const { world } = await startWorld(`price-${factor}`, 4);
    for (const component of world.components) {
      const { decimals, symbol } = component.listing;
      const lamports = tokenBalance(world.devnet, component.venue.vaultA);
      const units = tokenBalance(world.devnet, component.venue.vaultB);
      const target = priceOf(lamports, units, decimals) * factor;
      const moved = await moveVenuePrice(world, component.mint, target);
      if (!moved.ok) throw new Error(`${symbol}: ${moved.reason}`);
      expect(priceOf(moved.lamportsReserve, moved.componentReserve, decimals) / target).toBeCloseTo(1, 6);
      const again = await moveVenuePrice(world, component.mint, target);
      // Already there: nothing more is added.
      expect(again).toMatchObject({ ok: true, lamportsReserve: moved.lamportsReserve, componentReserve: moved.componentReserve });
    }
  });

  it("refuses a mint that is not a component of the world", async () => {
    const { world } = await startWorld("price-unknown", 1);
    expect(await moveVenuePrice(world, world.faucet.address, 1)).toMatchObject({ ok: false });
  });
});
