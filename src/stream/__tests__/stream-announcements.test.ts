import { type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { U64_MAX } from "../../economics/index.ts";
import type { TradeRecord } from "../../indexer/records/index.ts";
import { NATIVE_MINT_ADDRESS } from "../../programs/index.ts";
import { signVenueSwap } from "../../world/world-transactions.ts";
import { deriveLaunchAccounts } from "../../programs/index.ts";
import {
  type LaunchedLaunch,
  buyExactOut,
  launch,
  migrate,
  outcomeOf,
  run,
  sell,
  sellOut,
  trader,
} from "../../world/__tests__/world-fixture.ts";
import { StreamClient } from "./stream-client.ts";
import { SOL, type StreamWorld, startStreamWorld } from "./stream-world.ts";

let w: StreamWorld;
let first: LaunchedLaunch;
let second: LaunchedLaunch;
let wallet: KeyPairSigner;

beforeAll(async () => {
  w = await startStreamWorld("stream-announcements", { tickMs: 20 });
  first = await launch(w.world, w.creator, { seed: 1n, symbol: "ONE", name: "One" });
  second = await launch(w.world, w.creator, { seed: 2n, symbol: "TWO", name: "Two" });
  wallet = await trader(w.world, first, 10n ** 16n); // both launches hold the same three components
});
afterAll(() => w.stop());
afterEach(() => expect(StreamClient.invalidFrames()).toEqual([]));

// Each buy a different amount: two identical transactions in one slot would be one transaction.
let nextAmount = 10n ** 12n;
const buy = async (launched: LaunchedLaunch) => {
  const result = await buyExactOut(w.world, wallet, launched, nextAmount++, U64_MAX);
  expect(outcomeOf(result)).toBe("ok");
  return result.landed ? result.transaction.signature : "";
};
const settleAll = (...clients: StreamClient[]) => Promise.all(clients.map((client) => client.settle()));

describe("connection", () => {
  test("hello carries the virtual clock's unix milliseconds and v 1", async () => {
    const client = await StreamClient.ready(w.url);
    expect(client.frames[0]).toEqual({ kind: "hello", at: Number(w.devnet.now().unixMillis), v: 1 });
    await client.close();
  });

  test("before any sub a socket is scoped: global frames only, no trades", async () => {
    const client = await StreamClient.ready(w.url);
    await buy(first);
    w.devnet.advanceSeconds(2); // moves virtual time: a blockhash frame follows
    const blockhash = await client.next("blockhash");
    expect(blockhash.data).toEqual({
      blockhash: w.devnet.latestBlockhash().blockhash,
      lastValidBlockHeight: Number(w.devnet.latestBlockhash().lastValidBlockHeight),
      slot: Number(w.devnet.now().slot),
    });
    await client.settle();
    expect(client.frames.map((frame) => frame.kind).filter((kind) => kind !== "blockhash")).toEqual(["hello"]);
    await client.close();
  });
});

describe("trades", () => {
  test("each landed trade is one frame per interested socket, and the trades route already shows it", async () => {
    const both = await StreamClient.ready(w.url); // topic trades and live on the same launch: still one frame
    both.send({ op: "sub", topic: "trades" });
    both.send({ op: "sub", tier: "live", mint: first.accounts.launch });
    const live = await StreamClient.ready(w.url);
    live.send({ op: "sub", tier: "live", mint: first.accounts.mint }); // by mint
    const other = await StreamClient.ready(w.url);
    other.send({ op: "sub", tier: "live", mint: second.accounts.launch });
    await settleAll(both, live, other);

    // The moment the frame arrives, the client re-reads the route it trusts.
    const seenByRest = new Promise<boolean>((resolve) =>
      live.socket.once("message", async (data) => {
        const frame = JSON.parse(data.toString());
        const page = await w.get<{ trades: TradeRecord[] }>(`/v1/launches/${frame.launch}/trades?limit=5`);
        resolve(page.trades.some((trade) => trade.signature === frame.data.signature));
      }),
    );
    const signature = await buy(first);
    expect(await seenByRest).toBe(true);
    await settleAll(both, live, other);
    const trades = (client: StreamClient) =>
      client.ofKind("trade").filter((frame) => (frame.data as { signature: string }).signature === signature);
    expect(trades(both)).toHaveLength(1);
    expect(trades(live)).toHaveLength(1);
    expect(trades(other)).toHaveLength(0);
    const tape = (await w.get<{ trades: TradeRecord[] }>(`/v1/launches/${first.accounts.launch}/trades?limit=1`)).trades[0]!;
    expect(trades(live)[0]).toEqual({ kind: "trade", launch: first.accounts.launch, data: { signature, slot: tape.slot, seq: tape.seq } });
    await Promise.all([both.close(), live.close(), other.close()]);
  });

  test("a second live sub replaces the first", async () => {
    const client = await StreamClient.ready(w.url);
    client.send({ op: "sub", tier: "live", mint: first.accounts.launch });
    client.send({ op: "sub", tier: "live", mint: second.accounts.launch });
    await client.settle();
    await buy(first);
    const signature = await buy(second);
    await client.settle();
    expect(client.ofKind("trade").map((frame) => [frame.launch, (frame.data as { signature: string }).signature])).toEqual([
      [second.accounts.launch, signature],
    ]);
    await client.close();
  });

  test("unsub forms: topic, live by mint and without, and a live unsub naming another launch changes nothing", async () => {
    const client = await StreamClient.ready(w.url);
    const countAfter = async (action: () => Promise<unknown>) => {
      const before = client.ofKind("trade").length;
      await action();
      await client.settle();
      return client.ofKind("trade").length - before;
    };
    client.send({ op: "sub", topic: "trades" });
    await client.settle();
    expect(await countAfter(() => buy(second))).toBe(1);
    client.send({ op: "unsub", topic: "trades" });
    client.send({ op: "sub", tier: "live", mint: first.accounts.launch });
    await client.settle();
    expect(await countAfter(() => buy(second))).toBe(0);
    client.send({ op: "unsub", tier: "live", mint: second.accounts.launch }); // not the live one
    await client.settle();
    expect(await countAfter(() => buy(first))).toBe(1);
    client.send({ op: "unsub", tier: "live", mint: first.accounts.mint }); // the live one, by its mint
    await client.settle();
    expect(await countAfter(() => buy(first))).toBe(0);
    client.send({ op: "sub", tier: "live", mint: first.accounts.launch });
    client.send({ op: "unsub", tier: "live" }); // without mint: leave whatever it is
    await client.settle();
    expect(await countAfter(() => buy(first))).toBe(0);
    await client.close();
  });

  test("a frame with v other than 1 is refused silently; with v 1 it is read", async () => {
    const client = await StreamClient.ready(w.url);
    client.send({ op: "sub", topic: "trades", v: 2 });
    await client.settle();
    await buy(first);
    await client.settle();
    expect(client.frames.map((frame) => frame.kind)).toEqual(["hello"]);
    client.send({ op: "sub", topic: "trades", v: 1 });
    await client.settle();
    await buy(first);
    await client.settle();
    expect(client.ofKind("trade")).toHaveLength(1);
    await client.close();
  });

  test("broadcast scope (an option) delivers every announcement until the first sub", async () => {
    const broadcast = await startStreamWorld("stream-broadcast", { initialScope: "broadcast" });
    try {
      const launched = await launch(broadcast.world, broadcast.creator, { seed: 1n });
      const buyer = await trader(broadcast.world, launched, 10n ** 16n);
      const client = await StreamClient.ready(broadcast.url);
      await buyExactOut(broadcast.world, buyer, launched, 10n ** 12n, U64_MAX);
      await client.settle();
      expect(client.ofKind("trade")).toHaveLength(1);
      client.send({ op: "sub", topic: "launches" });
      await client.settle();
      await buyExactOut(broadcast.world, buyer, launched, 10n ** 12n + 1n, U64_MAX);
      await client.settle();
      expect(client.ofKind("trade")).toHaveLength(1);
      await client.close();
    } finally {
      await broadcast.stop();
    }
  });
});

describe("launches, status, migration, prices", () => {
  test("topic launches announces a new launch with its first card, equal to the REST row's fields", async () => {
    const client = await StreamClient.ready(w.url);
    client.send({ op: "sub", topic: "launches" });
    await client.settle();
    const third = await launch(w.world, w.creator, { seed: 3n, symbol: "THREE", name: "Three" });
    const frame = await client.next("launch");
    const row = await w.get<Record<string, unknown>>(`/v1/launches/${third.accounts.launch}`);
    expect(frame.launch).toBe(third.accounts.launch);
    const card = frame.data as Record<string, unknown>;
    for (const [field, value] of Object.entries(card)) expect([field, value]).toEqual([field, row[field]]);
    await client.close();
  });

  test("status and migration reach the launch's cards and live subscribers, not others", async () => {
    const fourth = await launch(w.world, w.creator, { seed: 4n, symbol: "FOUR", name: "Four" });
    const cards = await StreamClient.ready(w.url);
    cards.send({ op: "sub", tier: "cards", mints: [fourth.accounts.launch] });
    const live = await StreamClient.ready(w.url);
    live.send({ op: "sub", tier: "live", mint: fourth.accounts.mint });
    const other = await StreamClient.ready(w.url);
    other.send({ op: "sub", tier: "cards", mints: [first.accounts.launch] });
    await settleAll(cards, live, other);

    await sellOut(w.world, fourth);
    await settleAll(cards, live, other);
    for (const client of [cards, live]) {
      expect(client.ofKind("status")).toEqual([{ kind: "status", launch: fourth.accounts.launch, data: { status: "graduationPending" } }]);
    }
    expect(cards.ofKind("trade")).toEqual([]); // the cards tier has no raw trades
    expect(live.ofKind("trade")).toHaveLength(1);

    const payer = await generateKeyPairSigner();
    w.devnet.airdrop(payer.address, 10n * SOL);
    for (let component = 0; component < fourth.componentMints.length; component++) {
      expect(outcomeOf(await migrate(w.world, payer, fourth, component))).toBe("ok");
    }
    await settleAll(cards, live, other);
    for (const client of [cards, live]) {
      expect(client.ofKind("migration").length).toBeGreaterThan(0);
      expect(client.ofKind("migration").every((frame) => frame.launch === fourth.accounts.launch)).toBe(true);
      expect(client.ofKind("status").map((frame) => (frame.data as { status: string }).status)).toContain("graduated");
    }
    expect([...other.ofKind("status"), ...other.ofKind("migration")]).toEqual([]);
    const last = cards.ofKind("cards").at(-1)!.data as { cards: { status: string }[] };
    expect(last.cards[0]!.status).toBe("graduated");
    await Promise.all([cards.close(), live.close(), other.close()]);
  });

  test("sampled prices are announced to every socket, subscribed or not, and move the cards' USD figures", async () => {
    const idle = await StreamClient.ready(w.url);
    const cards = await StreamClient.ready(w.url);
    cards.send({ op: "sub", tier: "cards", mints: [first.accounts.launch] });
    await settleAll(idle, cards);
    const before = (cards.ofKind("cards").at(-1)!.data as { cards: { marketCap: number }[] }).cards[0]!.marketCap;

    // Sell a component of `first` on its venue: its SOL price falls.
    const seller = await generateKeyPairSigner();
    const component = w.world.components.find((candidate) => candidate.mint === first.componentMints[0])!;
    await w.world.fund(seller.address, { lamports: 10n * SOL, components: [{ mint: component.mint, amount: 10n ** 18n }] });
    const wsol = await w.world.tokenAccountOf(seller.address, NATIVE_MINT_ADDRESS);
    await run(w.devnet, seller, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: seller, ata: wsol, owner: seller.address, mint: NATIVE_MINT_ADDRESS }),
    ]);
    expect(w.devnet.send(await signVenueSwap(w.devnet, seller, component, "sell", 10n ** 17n)).landed).toBe(true);
    expect(w.readModel.samplePrices()).toEqual([{ kind: "prices" }]);
    await settleAll(idle, cards);

    expect(idle.ofKind("prices")).toEqual([{ kind: "prices" }]);
    expect(cards.ofKind("prices")).toEqual([{ kind: "prices" }]);
    const after = (cards.ofKind("cards").at(-1)!.data as { cards: { marketCap: number }[] }).cards[0]!.marketCap;
    expect(after).toBeLessThan(before);
    const row = await w.get<{ marketCap: number }>(`/v1/launches/${first.accounts.launch}`);
    expect(after).toBe(row.marketCap);
    await Promise.all([idle.close(), cards.close()]);
  });
});

test("sell leaves a trade frame too (direction does not matter to the feed)", async () => {
  const client = await StreamClient.ready(w.url);
  client.send({ op: "sub", tier: "live", mint: first.accounts.launch });
  await client.settle();
  const result = await sell(w.world, wallet, first, 10n ** 11n, 0n);
  expect(outcomeOf(result)).toBe("ok");
  await client.settle();
  expect(client.ofKind("trade")).toHaveLength(1);
  await client.close();
});

test("a live sub for a launch that does not exist yet starts delivering once it is created", async () => {
  const future = await deriveLaunchAccounts(w.creator.address, 5n, first.componentMints);
  const client = await StreamClient.ready(w.url);
  client.send({ op: "sub", tier: "live", mint: future.mint });
  await client.settle();
  const fifth = await launch(w.world, w.creator, { seed: 5n, symbol: "FIVE", name: "Five" });
  expect(fifth.accounts.launch).toBe(future.launch);
  await client.settle();
  const signature = await buy(fifth);
  await client.settle();
  expect(client.ofKind("trade").map((frame) => (frame.data as { signature: string }).signature)).toEqual([signature]);
  await client.close();
});
