import { generateKeyPairSigner, type KeyPairSigner } from "@solana/kit";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { U64_MAX } from "../../economics/index.ts";
import { type LaunchAccounts, deriveLaunchAccounts } from "../../programs/index.ts";
import { type LaunchedLaunch, buyExactOut, launch, sell, sellOut, trader } from "../../world/__tests__/world-fixture.ts";
import { cardOf } from "../card-of.ts";
import type { Card } from "../frames/card-schema.ts";
import type { CardSource } from "../stream-read-model.ts";
import { CardsState } from "./cards-client.ts";
import { StreamClient } from "./stream-client.ts";
import { type StreamWorld, startStreamWorld } from "./stream-world.ts";

let w: StreamWorld;
let launched: LaunchedLaunch[];
let late: LaunchAccounts; // a launch created during the property, subscribed before it exists
let lateCreated = false;
let traders: KeyPairSigner[];
let amount = 10n ** 9n; // every trade a new amount: no two identical transactions in a slot

beforeAll(async () => {
  w = await startStreamWorld("stream-cards", { tickMs: 10 });
  launched = [];
  for (const [i, symbol] of ["AAA", "BBB", "CCC"].entries())
    launched.push(await launch(w.world, w.creator, { seed: BigInt(i + 1), symbol, name: symbol }));
  late = await deriveLaunchAccounts(w.creator.address, 99n, launched[0]!.componentMints);
  traders = [await trader(w.world, launched[0]!, 10n ** 17n), await trader(w.world, launched[0]!, 10n ** 17n)];
});
afterAll(() => w.stop());
afterEach(() => expect(StreamClient.invalidFrames()).toEqual([]));

const accountsOf = (i: number): LaunchAccounts => (i < launched.length ? launched[i]!.accounts : late);
/** The REST view: each subscribed id that names a launch, as the card of `GET /v1/launches/{id}`. */
async function restCards(ids: Iterable<string>): Promise<Map<string, Card>> {
  const cards = new Map<string, Card>();
  for (const id of ids) {
    const response = await fetch(`${w.baseUrl}/v1/launches/${id}`);
    if (response.status === 404) continue;
    const card = cardOf((await response.json()) as CardSource);
    cards.set(card.address, card);
  }
  return cards;
}
const buy = (wallet: KeyPairSigner, target: LaunchedLaunch) => buyExactOut(w.world, wallet, target, (amount += 7n) * 1000n, U64_MAX);

describe("the cards bundle", () => {
  test("a snapshot of the subscribed set, then deltas carrying only the launches whose card changed", async () => {
    const client = await StreamClient.ready(w.url);
    const state = new CardsState(client);
    client.send({ op: "sub", tier: "cards", mints: [launched[0]!.accounts.launch, launched[1]!.accounts.mint] });
    await client.settle();
    expect(state.fold()).toBe(1);
    expect(state.cards).toEqual(await restCards([launched[0]!.accounts.launch, launched[1]!.accounts.launch]));
    await buy(traders[0]!, launched[1]!);
    await buy(traders[0]!, launched[2]!); // not subscribed
    await client.settle();
    const delta = client.ofKind("cards").at(-1)!;
    expect(delta).toMatchObject({ full: false, seq: 2, prev: 1, data: { removed: [] } });
    expect((delta.data as { cards: Card[] }).cards.map((card) => card.address)).toEqual([launched[1]!.accounts.launch]);
    state.fold();
    expect(state.cards).toEqual(await restCards([launched[0]!.accounts.launch, launched[1]!.accounts.launch]));
    await client.close();
  });

  test("malformed mints are dropped and the rest subscribed; the socket stays open", async () => {
    const client = await StreamClient.ready(w.url);
    client.send({ op: "sub", tier: "cards", mints: ["not-an-address", launched[0]!.accounts.launch, 7, "0".repeat(44), null] });
    const snapshot = await client.next("cards");
    expect((snapshot.data as { cards: Card[] }).cards.map((card) => card.address)).toEqual([launched[0]!.accounts.launch]);
    expect(client.ofKind("suback")).toEqual([]);
    await client.settle();
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    await client.close();
  });

  test("the 100-mint cap trims the surplus and answers suback; unsub makes room", async () => {
    const client = await StreamClient.ready(w.url);
    const strangers = await Promise.all(Array.from({ length: 120 }, async () => (await generateKeyPairSigner()).address));
    client.send({ op: "sub", tier: "cards", mints: [launched[0]!.accounts.launch, ...strangers.slice(0, 119)] });
    await client.settle();
    expect(client.ofKind("suback")).toEqual([{ kind: "suback", accepted: 100, rejected: 20, cap: 100 }]);
    const snapshot = client.ofKind("cards").at(-1)!;
    expect((snapshot.data as { cards: Card[] }).cards.map((card) => card.address)).toEqual([launched[0]!.accounts.launch]);
    client.send({ op: "sub", tier: "cards", mints: [strangers[119]!, launched[0]!.accounts.launch] }); // one new (trimmed), one held
    await client.settle();
    expect(client.ofKind("suback").at(-1)).toEqual({ kind: "suback", accepted: 1, rejected: 1, cap: 100 });
    // The held launch named by its mint as well: the same launch, so no room is taken and nothing is trimmed.
    client.send({ op: "sub", tier: "cards", mints: [launched[0]!.accounts.mint] });
    await client.settle();
    expect(client.ofKind("suback")).toHaveLength(2);
    client.send({ op: "unsub", tier: "cards", mints: strangers.slice(0, 10) });
    client.send({ op: "sub", tier: "cards", mints: strangers.slice(110, 120) });
    await client.settle();
    expect(client.ofKind("suback")).toHaveLength(2); // the last sub fitted
    await client.close();
  });

  test("unsub with mints removes those cards (by address or mint); unsub without mints clears the set", async () => {
    const client = await StreamClient.ready(w.url);
    const state = new CardsState(client);
    const ids = launched.map((one) => one.accounts.launch);
    client.send({ op: "sub", tier: "cards", mints: ids });
    client.send({ op: "unsub", tier: "cards", mints: [launched[1]!.accounts.mint] }); // subscribed by address, left by mint
    await client.settle();
    state.fold();
    expect([...state.cards.keys()].sort()).toEqual([ids[0]!, ids[2]!].sort());
    expect(client.ofKind("cards").at(-1)!.data).toEqual({ cards: [], removed: [ids[1]] });
    client.send({ op: "unsub", tier: "cards" });
    await client.settle();
    state.fold();
    expect(state.cards.size).toBe(0);
    expect(client.ofKind("cards").at(-1)!.data).toEqual({ cards: [], removed: [ids[0], ids[2]] });
    const frames = client.frames.length;
    await buy(traders[0]!, launched[0]!);
    await client.settle();
    expect(client.frames.length).toBe(frames);
    await client.close();
  });

  test("a missed delta is detected by prev, and a re-sub yields a new snapshot", async () => {
    const client = await StreamClient.ready(w.url);
    const state = new CardsState(client);
    const ids = [launched[0]!.accounts.launch];
    client.send({ op: "sub", tier: "cards", mints: ids });
    await client.settle();
    state.fold();
    w.stream.injectFault({ kind: "drop", frames: 1 });
    await buy(traders[1]!, launched[0]!); // its delta is lost
    await client.settle();
    await buy(traders[1]!, launched[0]!);
    await client.settle();
    state.fold();
    expect(state.gap).toBe(true);
    client.send({ op: "sub", tier: "cards", mints: ids });
    await client.settle();
    expect(state.fold()).toBe(1);
    expect(state.gap).toBe(false);
    expect(state.cards).toEqual(await restCards(ids));
    await client.close();
  });

  test("resync() sends resync {reason: bus} to every socket, then a fresh snapshot to cards subscribers", async () => {
    const cards = await StreamClient.ready(w.url);
    const plain = await StreamClient.ready(w.url);
    cards.send({ op: "sub", tier: "cards", mints: [launched[2]!.accounts.launch] });
    await cards.settle();
    w.stream.resync();
    await Promise.all([cards.settle(), plain.settle()]);
    expect(plain.frames.map((frame) => frame.kind)).toEqual(["hello", "resync"]);
    expect(cards.frames.map((frame) => frame.kind)).toEqual(["hello", "cards", "resync", "cards"]);
    expect(cards.frames[2]).toEqual({ kind: "resync", reason: "bus" });
    expect(cards.frames[3]).toMatchObject({ full: true, seq: 2, prev: 1 });
    await Promise.all([cards.close(), plain.close()]);
  });
});

type Action =
  | { kind: "sub"; ids: number[] }
  | { kind: "unsub"; ids: number[] | null }
  | { kind: "buy"; launch: number; trader: number }
  | { kind: "sell"; launch: number; trader: number }
  | { kind: "create" }
  | { kind: "sellOut" }
  | { kind: "advanceHours"; hours: number }
  | { kind: "drop"; launch: number }
  | { kind: "resync" };

// Ids 0..7: launch i by address (2i) or by mint (2i+1); launch 3 is created by an action, if ever.
const idArb = fc.integer({ min: 0, max: 7 });
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("sub" as const), ids: fc.uniqueArray(idArb, { maxLength: 4 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("unsub" as const),
      ids: fc.option(fc.uniqueArray(idArb, { minLength: 1, maxLength: 3 }), { nil: null }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("buy" as const),
      launch: fc.integer({ min: 0, max: 3 }),
      trader: fc.integer({ min: 0, max: 1 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("sell" as const),
      launch: fc.integer({ min: 0, max: 3 }),
      trader: fc.integer({ min: 0, max: 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "create" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "sellOut" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("advanceHours" as const), hours: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("drop" as const), launch: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "resync" as const }) },
);

test("cards continuity: snapshot + deltas in seq order reproduce the REST cards, across trades and subscription changes", async () => {
  const idOf = (id: number) => (id % 2 === 0 ? accountsOf(id >> 1).launch : accountsOf(id >> 1).mint);
  const tradable = (i: number) => (i < 3 ? launched[i]! : lateCreated ? ({ ...launched[0]!, accounts: late } as LaunchedLaunch) : null);

  await fc.assert(
    // Every run starts subscribed to something, so most actions have a card to move.
    fc.asyncProperty(
      fc.uniqueArray(idArb, { minLength: 1, maxLength: 4 }),
      fc.array(actionArb, { minLength: 1, maxLength: 14 }),
      async (initial, rest) => {
        const actions: Action[] = [{ kind: "sub", ids: initial }, ...rest];
        const client = await StreamClient.ready(w.url);
        const state = new CardsState(client);
        const subscribed = new Set<string>();
        try {
          for (const action of actions) {
            let dropped = false;
            switch (action.kind) {
              case "sub":
                action.ids.forEach((id) => subscribed.add(idOf(id)));
                client.send({ op: "sub", tier: "cards", mints: action.ids.map(idOf) });
                break;
              case "unsub":
                if (action.ids === null) subscribed.clear();
                // Leaving by address or by mint leaves the launch, once it exists (an id alone before).
                else
                  action.ids.forEach((id) => [id, ...(tradable(id >> 1) ? [id ^ 1] : [])].forEach((one) => subscribed.delete(idOf(one))));
                client.send(
                  action.ids === null ? { op: "unsub", tier: "cards" } : { op: "unsub", tier: "cards", mints: action.ids.map(idOf) },
                );
                break;
              case "buy":
              case "sell": {
                const target = tradable(action.launch);
                const wallet = traders[action.trader]!;
                // Failures (a sell without tokens, a buy after the curve completed) land as failed: nothing changes.
                if (target) await (action.kind === "buy" ? buy(wallet, target) : sell(w.world, wallet, target, (amount += 3n) * 100n, 0n));
                break;
              }
              case "create":
                if (!lateCreated) {
                  await launch(w.world, w.creator, { seed: 99n, symbol: "LATE", name: "Late" });
                  lateCreated = true;
                }
                break;
              case "sellOut":
                if (w.readModel.getLaunch(launched[2]!.accounts.launch)!.status === "activeBonding") await sellOut(w.world, launched[2]!);
                break;
              case "advanceHours":
                w.devnet.advanceSeconds(action.hours * 3_600); // 24-hour figures slide: the sweep after the blockhash tick re-derives them
                await client.next("blockhash");
                break;
              case "drop": {
                const target = tradable(action.launch);
                if (!target || !(subscribed.has(target.accounts.launch) || subscribed.has(target.accounts.mint))) break;
                w.stream.injectFault({ kind: "drop", frames: 1 });
                await buy(traders[0]!, target);
                await client.settle();
                w.stream.injectFault({ kind: "drop", frames: 0 });
                dropped = true;
                await buy(traders[0]!, target); // the next delta shows the gap
                break;
              }
              case "resync":
                w.stream.resync();
                break;
            }
            await client.settle();
            state.fold();
            // A gap appears only where a frame was dropped on purpose; the client then subscribes again.
            expect(state.gap && !dropped, "a delta's prev always equals the previous seq").toBe(false);
            if (state.gap) {
              client.send({ op: "sub", tier: "cards", mints: [...subscribed] });
              await client.settle();
              expect(state.fold(), "a re-sub after a gap yields a snapshot").toBe(1);
            }
            if (state.held > 0) expect(state.cards).toEqual(await restCards(subscribed));
          }
        } finally {
          await client.close();
        }
      },
    ),
    { numRuns: 40 },
  );
});
