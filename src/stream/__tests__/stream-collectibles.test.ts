import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../../api/app.ts";
import { Devnet } from "../../chain/devnet.ts";
import { SyntheticChain, randomAddress } from "../../indexer/__tests__/synthetic-chain.ts";
import { advance, handMadeCard, listCollectible, releaseCard } from "../../indexer/__tests__/synthetic-collectibles.ts";
import { COLLECTIBLE_STAGES } from "../../programs/index.ts";
import { MediaLibrary } from "../../world/media-library.ts";
import { attachStream } from "../attach-stream.ts";
import { StreamClient } from "./stream-client.ts";

/**
 * The `collectible` frame over a real socket, behind the real API and a read model fed
 * synthetic transactions carrying the programs' collectible events: it reaches the live
 * and cards tiers of that launch and topic `launches` (and no one else), after every stage
 * and the card's release, and by the time it arrives the REST record already shows the move.
 */
let chain: SyntheticChain;
let app: FastifyInstance;
let url: string;
let baseUrl: string;

beforeAll(async () => {
  chain = new SyntheticChain({ cards: [handMadeCard(0), handMadeCard(1)], componentSymbol: "USDC" });
  app = await buildApp({ readModel: chain.model, devnet: Devnet.start({ seed: "stream-collectibles" }), media: new MediaLibrary() });
  const clock = {
    now: () => chain.now(),
    latestBlockhash: () => ({ blockhash: randomAddress(), lastValidBlockHeight: 0n }),
  };
  attachStream(app, { readModel: chain.model, clock });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  url = `ws://127.0.0.1:${port}/v1/stream`;
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => app?.close());
afterEach(() => expect(StreamClient.invalidFrames()).toEqual([]));

async function rest(path: string): Promise<any> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return response.json();
}

describe("the collectible frame", () => {
  test("follows every stage and the release, to live, cards and launches subscribers only, after REST shows it", async () => {
    const collectible = listCollectible(chain, "FRAME", handMadeCard(0));
    const other = listCollectible(chain, "OTHER", handMadeCard(1));
    const address = collectible.launch.address;
    const live = await StreamClient.ready(url);
    live.send({ op: "sub", tier: "live", mint: address });
    const cards = await StreamClient.ready(url);
    cards.send({ op: "sub", tier: "cards", mints: [address] });
    const launches = await StreamClient.ready(url);
    launches.send({ op: "sub", topic: "launches" });
    const elsewhere = await StreamClient.ready(url);
    elsewhere.send({ op: "sub", tier: "live", mint: other.launch.address });
    const snapshot = await cards.waitFor((f) => f.kind === "cards");
    expect((snapshot.data as any).cards[0]).toMatchObject({ address, kind: "collectibles", status: "activeBonding" });
    for (const client of [live, cards, launches, elsewhere]) await client.settle();

    const moves: { stage: string; event: string }[] = [];
    for (const stage of COLLECTIBLE_STAGES.slice(1)) {
      advance(chain, collectible);
      moves.push({ stage, event: "stage" });
    }
    releaseCard(chain, collectible);
    moves.push({ stage: "tradable", event: "cardReleased" });

    for (const client of [live, cards, launches]) {
      for (const expected of moves) {
        const frame = await client.waitFor(
          (f) => f.kind === "collectible" && (f.data as any).stage === expected.stage && (f.data as any).event === expected.event,
        );
        expect(frame.launch).toBe(address);
      }
      expect(client.ofKind("collectible").map((f) => f.data)).toEqual(moves);
    }
    await elsewhere.settle();
    expect(elsewhere.ofKind("collectible")).toEqual([]);
    // The cards tier's card moved with the status: the last delta shows it graduated.
    await cards.waitFor(
      (f) => f.kind === "cards" && (f.data as any).cards.some((c: any) => c.address === address && c.status === "graduated"),
    );
    for (const client of [live, cards, launches, elsewhere]) await client.close();
  });

  test("arrives only once the REST record shows the stage it names", async () => {
    const collectible = listCollectible(chain, "ORDER", handMadeCard(0));
    const address = collectible.launch.address;
    const client = await StreamClient.ready(url);
    client.send({ op: "sub", tier: "live", mint: address });
    await client.settle();
    for (const stage of COLLECTIBLE_STAGES.slice(1)) {
      const seen = client.waitFor((f) => f.kind === "collectible" && (f.data as any).stage === stage);
      advance(chain, collectible);
      await seen;
      // Nothing moved since the frame: what the REST record shows now is what it showed when the frame left.
      expect((await rest(`/v1/collectibles/${address}`)).stage).toBe(stage);
    }
    const released = client.waitFor((f) => f.kind === "collectible" && (f.data as any).event === "cardReleased");
    releaseCard(chain, collectible);
    await released;
    const vault = await rest(`/v1/collectibles/${address}/vault`);
    expect(vault.cards[0].stillHeld).toBe(false);
    await client.close();
  });
});
