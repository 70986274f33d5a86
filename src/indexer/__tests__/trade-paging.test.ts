import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { LandedTransaction } from "../../chain/devnet.ts";
import { U64_MAX } from "../../economics/index.ts";
import { type TradeEvent, decodeProgramEvents } from "../../programs/index.ts";
import { type LaunchedLaunch, buyExactOut, launch, sell, trader } from "../../world/__tests__/world-fixture.ts";
import type { ReadModel } from "../read-model.ts";
import type { TradeRecord } from "../records/index.ts";
import { type IndexedWorld, startIndexedWorld } from "./indexed-world.ts";

let indexed: IndexedWorld;
let model: ReadModel;
let launched: LaunchedLaunch;
const landed: LandedTransaction[] = [];

beforeAll(async () => {
  indexed = await startIndexedWorld("indexer-trade-paging", 3);
  ({ model } = indexed);
  const { world, devnet } = indexed;
  launched = await launch(world, indexed.creator, { symbol: "TAPE" });
  const other = await launch(world, indexed.creator, { seed: 2n, symbol: "OTHER" });
  devnet.onLanded((transaction) => landed.push(transaction));
  const wallets = await Promise.all([0, 1, 2].map(() => trader(world, launched, 10n ** 15n)));
  const otherWallet = await trader(world, other, 10n ** 15n);
  // 70 trades: up to four in a slot (interleaved with the other launch's), across slots and minutes.
  for (let i = 0; i < 70; i++) {
    const wallet = wallets[i % 3]!;
    const amount = BigInt(1 + ((i * 37) % 23)) * 10n ** 11n;
    if (i % 5 === 4) await sell(world, wallet, launched, amount / 3n, 0n);
    else await buyExactOut(world, wallet, launched, amount, U64_MAX);
    if (i % 3 === 1) await buyExactOut(world, otherWallet, other, amount, U64_MAX);
    if (i % 4 === 3) devnet.advanceSlots(1 + (i % 7));
    if (i % 17 === 16) devnet.advanceSeconds(600);
  }
});

/** The whole tape, newest first, in one page. */
const fullTape = (): readonly TradeRecord[] => model.trades(launched.accounts.launch, { limit: 200 })!.trades;

const parseCursor = (cursor: string) => {
  const [slot, seq] = cursor.split(":");
  return { slot: BigInt(slot!), seq: Number(seq) };
};

describe("a launch's trade tape", () => {
  it("holds every trade event of the launch, newest first, as the chain emitted it", () => {
    const events = landed.flatMap((transaction) =>
      decodeProgramEvents(transaction.logs)
        .filter((event): event is TradeEvent => event.kind === "trade" && event.launch === launched.accounts.launch)
        .map((event) => ({ event, transaction })),
    );
    const tape = fullTape();
    expect(tape).toHaveLength(70);
    expect(tape.map((trade) => trade.signature)).toEqual(events.map(({ transaction }) => transaction.signature).reverse());
    for (const [i, { event, transaction }] of [...events].reverse().entries()) {
      expect(tape[i]).toMatchObject({
        trader: event.trader,
        direction: event.direction,
        primaryAmount: event.primaryAmount.toString(),
        dnaUnits: event.dnaAmount.toString(),
        slot: Number(transaction.slot),
        at: new Date(Number(transaction.unixTimestamp) * 1000).toISOString(),
      });
    }
  });

  it("orders by (slot, seq), seq counting the slot's trade events across launches from 0", () => {
    const tape = [...fullTape()].reverse();
    const other = [...model.trades("OTHER", { limit: 200 })!.trades].reverse();
    const bySlot = new Map<number, number[]>();
    for (const trade of [...tape, ...other]) bySlot.set(trade.slot, [...(bySlot.get(trade.slot) ?? []), trade.seq]);
    for (const seqs of bySlot.values()) expect([...seqs].sort((a, b) => a - b)).toEqual(seqs.map((_, i) => i));
    for (let i = 1; i < tape.length; i++) {
      const [a, b] = [tape[i - 1]!, tape[i]!];
      expect(a.slot < b.slot || (a.slot === b.slot && a.seq < b.seq)).toBe(true);
    }
    expect(Math.max(...[...bySlot.values()].map((seqs) => seqs.length))).toBeGreaterThan(2);
  });

  it("`before` cursors walk the tape without repeating or skipping a row, at every limit", () => {
    const tape = fullTape();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 25 }), (limit) => {
        const seen: TradeRecord[] = [];
        let before: { slot: bigint; seq: number } | undefined;
        for (;;) {
          const page = model.trades(launched.accounts.launch, { limit, ...(before ? { before } : {}) })!;
          expect(page.trades.length).toBeLessThanOrEqual(limit);
          seen.push(...page.trades);
          if (page.nextCursor === null) break; // a short page reached the start
          expect(page.trades).toHaveLength(limit);
          const last = page.trades[limit - 1]!;
          expect(page.nextCursor).toBe(`${last.slot}:${last.seq}`);
          before = parseCursor(page.nextCursor);
        }
        expect(seen.map((trade) => trade.signature)).toEqual(tape.map((trade) => trade.signature));
      }),
      { numRuns: 50 },
    );
  });

  it("`before` any (slot, seq) gives exactly the rows strictly older", () => {
    const tape = fullTape();
    const maxSlot = tape[0]!.slot + 2;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: maxSlot }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 200 }),
        (slot, seq, limit) => {
          const page = model.trades(launched.accounts.launch, { limit, before: { slot: BigInt(slot), seq } })!;
          const expected = tape.filter((trade) => trade.slot < slot || (trade.slot === slot && trade.seq < seq)).slice(0, limit);
          expect(page.trades.map((trade) => trade.signature)).toEqual(expected.map((trade) => trade.signature));
        },
      ),
    );
  });

  it("answers for a mint or a ticker as for the address, and null for an unknown id", () => {
    const byAddress = model.trades(launched.accounts.launch, { limit: 5 });
    expect(model.trades(launched.accounts.mint, { limit: 5 })).toEqual(byAddress);
    expect(model.trades("tape", { limit: 5 })).toEqual(byAddress);
    expect(byAddress?.dnaUnitSol).toBeGreaterThan(0);
    expect(model.trades("NOSUCH", { limit: 5 })).toBeNull();
    expect(model.chart("NOSUCH", { bucket: 60, limit: 5 })).toBeNull();
  });

  it("the live feed is the 12 newest trades across launches, newest first", () => {
    const all = [...fullTape(), ...model.trades("OTHER", { limit: 200 })!.trades].sort((a, b) => b.slot - a.slot || b.seq - a.seq);
    expect(model.liveTrades().map((trade) => trade.signature)).toEqual(all.slice(0, 12).map((trade) => trade.signature));
  });
});
