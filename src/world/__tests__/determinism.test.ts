import { describe, expect, it } from "vitest";
import { Devnet } from "../../chain/devnet.ts";
import { deriveKeyPairSigner } from "../../chain/deterministic-keys.ts";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../../programs/index.ts";
import { GenesisWorld } from "../genesis-world.ts";
import { buyExactIn, buyExactOut, launch, outcomeOf, sell, trader } from "./world-fixture.ts";

/** The same script on a fresh world: genesis, a launch, a few trades, some slots. */
async function script(seed: string) {
  const devnet = Devnet.start({ seed });
  const world = await GenesisWorld.create(devnet, { componentCount: 4 });
  const creator = await deriveKeyPairSigner(seed, "creator");
  await world.fund(creator.address, { lamports: 10n ** 10n });
  const launched = await launch(world, creator, { count: 4 });
  const wallet = await trader(world, launched, 10n ** 14n, "trader");
  devnet.advanceSlots(3);
  expect(outcomeOf(await buyExactOut(world, wallet, launched, 5_000_000n * 10n ** 6n, 10n ** 12n))).toBe("ok");
  devnet.advanceSlots(1);
  expect(outcomeOf(await buyExactIn(world, wallet, launched, 2n * 10n ** 9n, 0n))).toBe("ok");
  devnet.advanceSlots(1);
  expect(outcomeOf(await sell(world, wallet, launched, 1_000_000n * 10n ** 6n, 0n))).toBe("ok");
  return devnet;
}

/** Every account our programs and the token program own, keyed by address. */
function stateOf(devnet: Devnet) {
  const owners = [LAUNCH_PROGRAM_ADDRESS, CURVE_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS];
  return owners.map((owner) => devnet.getProgramAccounts(owner));
}

describe("determinism", () => {
  it("two devnets from the same seed hold identical state after the same script", async () => {
    const first = await script("seed-a");
    const second = await script("seed-a");
    const state = stateOf(first);
    expect(state.flat().length).toBeGreaterThan(30);
    expect(stateOf(second)).toEqual(state);
    expect(second.latestBlockhash()).toEqual(first.latestBlockhash());
  });

  it("another seed gives other addresses", async () => {
    const first = await script("seed-a");
    const other = await script("seed-b");
    const addresses = (devnet: Devnet) =>
      new Set(
        stateOf(devnet)
          .flat()
          .map((account) => account.address),
      );
    const shared = [...addresses(other)].filter((address) => addresses(first).has(address));
    // Only the native mint is common to both worlds.
    expect(shared).toEqual(["So11111111111111111111111111111111111111112"]);
  });
});
