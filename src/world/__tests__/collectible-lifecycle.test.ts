import { type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import type { Devnet } from "../../chain/devnet.ts";
import { decodeProgramEvents } from "../../programs/index.ts";
import type { GenesisWorld } from "../genesis-world.ts";
import { crank, listCollectible, raiseOut, readCollectible } from "./collectible-fixture.ts";
import { startWorld } from "./world-fixture.ts";

const SOL = 1_000_000_000n;

let devnet: Devnet;
let world: GenesisWorld;
let creator: KeyPairSigner;

beforeAll(async () => {
  ({ devnet, world } = await startWorld("collectible-lifecycle", 1));
  creator = await generateKeyPairSigner();
  devnet.airdrop(creator.address, 100n * SOL);
});

describe("a collectible from listing to tradable", () => {
  it("each crank moves it one stage on, from raising to tradable", async () => {
    const listed = await listCollectible(world, creator);
    expect(readCollectible(devnet, listed).stage).toBe("raising");
    await raiseOut(world, listed);
    const stages = [];
    for (let step = 0; step < 4; step++) {
      const result = await crank(world, creator, listed);
      if (!result?.landed || !result.transaction.ok) throw new Error(`crank ${step} failed`);
      stages.push(
        decodeProgramEvents(result.transaction.logs).flatMap((event) => (event.kind === "collectibleStage" ? [event.stage] : [])),
      );
    }
    expect(stages).toEqual([["swapping"], ["acquiring"], ["pooling"], ["tradable"]]);
    expect(await crank(world, creator, listed)).toBeNull();
  });
});
