import { afterAll, beforeAll, expect, test } from "vitest";
import { launch } from "../../world/__tests__/world-fixture.ts";
import type { Card } from "../frames/card-schema.ts";
import { type ReceivedFrame, StreamClient } from "./stream-client.ts";
import { type StreamWorld, startStreamWorld } from "./stream-world.ts";

let w: StreamWorld;
beforeAll(async () => {
  w = await startStreamWorld("stream-restore", { tickMs: 10 });
});
afterAll(() => w.stop());

const cardsOf = (frame: ReceivedFrame) => (frame.data as { cards: Card[] }).cards.map((card) => card.symbol);

test("after a restore to before a launch existed, the resync's snapshot and every later one leave its card out, as REST does", async () => {
  const before = w.devnet.snapshot();
  const samples = w.readModel.priceSamples();
  const created = await launch(w.world, w.creator, { seed: 7n, symbol: "GONE", name: "Gone" });
  const client = await StreamClient.ready(w.url);
  client.send({ op: "sub", tier: "cards", mints: [created.accounts.launch] });
  await client.settle();
  expect(cardsOf(client.ofKind("cards").at(-1)!)).toEqual(["GONE"]);

  // What the control API's restore does: the chain, then the read model, then the stream.
  w.devnet.restore(before);
  w.readModel.rebuild(w.devnet.landedTransactions(), samples);
  w.stream.resync();
  await client.settle();
  expect((await fetch(`${w.baseUrl}/v1/launches/${created.accounts.launch}`)).status).toBe(404);
  expect(client.ofKind("resync")).toHaveLength(1);
  expect(client.ofKind("cards").at(-1)).toMatchObject({ full: true });
  expect(cardsOf(client.ofKind("cards").at(-1)!)).toEqual([]);

  client.send({ op: "sub", tier: "cards", mints: [created.accounts.launch] });
  client.send({ op: "unsub", tier: "cards" });
  client.send({ op: "sub", tier: "cards", mints: [created.accounts.launch] });
  await client.settle();
  expect(cardsOf(client.ofKind("cards").at(-1)!)).toEqual([]);
  client.close();
});
