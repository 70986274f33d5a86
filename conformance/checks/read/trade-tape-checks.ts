import fc from "fast-check";
import type { Check } from "../../engine/check.ts";
import { getJson, launchPath } from "../../model/read-json.ts";
import { judge, runProperty } from "../../model/run-property.ts";
import { type TapeTrade, isNewer, tapeKey, tradePage, walkTape } from "../../model/trade-pages.ts";
import { ensure } from "../../model/violation.ts";
import { busiestLaunch, launchArbitrary, sampledLaunches } from "./sample-launches.ts";
import { agreesAsPublished } from "../../model/published-number.ts";

const TRADES = "Endpoints › GET /v1/launches/{id}/trades";
/** Trades read per walk at most: enough to cross many pages, few enough to stay fast. */
const WALK_TRADES = 400;

const cases = (context: Parameters<Check["run"]>[0]) =>
  fc.record({ launch: launchArbitrary(context), limit: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 200 })) });

/** Small pages of a long tape first: a broken cursor shows on the first walk. */
const examplesOf = (context: Parameters<Check["run"]>[0]) => [
  { launch: busiestLaunch(context), limit: 2 },
  { launch: busiestLaunch(context), limit: 5 },
];

type WalkedTape = {
  readonly launch: { readonly address: string };
  readonly limit: number;
  readonly pages: Awaited<ReturnType<typeof walkTape>>;
};

/**
 * The property every tape check states over the same inputs: for a generated launch and
 * page size (long tapes in small pages first), walk the tape by its cursors and judge the
 * pages read.
 */
function overWalkedTapes(
  context: Parameters<Check["run"]>[0],
  judgeWalk: (walk: WalkedTape) => Promise<void> | void,
  maxRuns = 10,
): Promise<void> {
  return runProperty(
    context,
    cases(context),
    async ({ launch, limit }) => judgeWalk({ launch, limit, pages: await walkTape(context, launch.address, limit, WALK_TRADES) }),
    { maxRuns, examples: examplesOf(context) },
  );
}

export const tradesCursorNoRepeatNoSkip: Check = {
  id: "trades.cursor.noRepeatNoSkip",
  phase: "read",
  rule: {
    section: TRADES,
    text: "before (slot:seq, the nextCursor of the previous page) returns trades strictly older: following cursors never repeats or skips a trade",
  },
  enforces: "specification",
  async run(context) {
    await overWalkedTapes(context, async ({ launch, limit, pages }) => {
      const walked = pages.flatMap((page) => page.trades);
      // The reference, read after the walk: trades that landed meanwhile sit at its head only.
      const reference = (await tradePage(context, launch.address, 200)).trades;
      for (const page of pages) {
        const cursor = /^(\d+):(\d+)$/.exec(String(page.query.before ?? ""));
        if (!cursor) continue;
        const bound = { slot: Number(cursor[1]), seq: Number(cursor[2]) } as TapeTrade;
        for (const trade of page.trades)
          ensure(isNewer(bound, trade), `before=${page.query.before} returned trade ${tapeKey(trade)}, which is not strictly older`, {
            input: { launch: launch.address, ...page.query },
            actual: page.trades.map(tapeKey),
          });
      }
      const seen = new Set<string>();
      walked.forEach((trade, index) => {
        ensure(
          !seen.has(`${tapeKey(trade)}:${trade.signature}`),
          `trade ${trade.signature} (${tapeKey(trade)}) came back on a later page`,
          {
            input: { launch: launch.address, limit, before: pages[Math.floor(index / limit)]?.query.before },
            actual: walked.map(tapeKey),
          },
        );
        seen.add(`${tapeKey(trade)}:${trade.signature}`);
      });
      if (walked.length === 0) return;
      const offset = reference.findIndex((trade) => trade.signature === walked[0]!.signature && tapeKey(trade) === tapeKey(walked[0]!));
      ensure(offset >= 0, "the walk's first trade is not on the tape read right after it", {
        input: { launch: launch.address, limit },
        actual: walked[0],
      });
      const overlap = Math.min(walked.length, reference.length - offset);
      for (let i = 0; i < overlap; i++) {
        const [got, want] = [walked[i]!, reference[offset + i]!];
        ensure(
          tapeKey(got) === tapeKey(want) && got.signature === want.signature,
          `following cursors with limit ${limit} skipped trade ${want.signature} (${tapeKey(want)})`,
          {
            input: { launch: launch.address, limit, before: pages[Math.floor(i / limit)]?.query.before },
            expected: reference.slice(offset, offset + overlap).map(tapeKey),
            actual: walked.slice(0, overlap).map(tapeKey),
          },
        );
      }
    });
  },
};

export const tradesNewestFirst: Check = {
  id: "trades.newestFirst",
  phase: "read",
  rule: { section: TRADES, text: "trades (array of Trade record, newest first); before returns trades strictly older" },
  enforces: "specification",
  async run(context) {
    await overWalkedTapes(context, async ({ launch, limit, pages }) => {
      let previous: TapeTrade | null = null;
      for (const page of pages)
        for (const trade of page.trades) {
          ensure(
            previous === null || isNewer(previous, trade),
            `trade ${tapeKey(trade)} follows ${previous && tapeKey(previous)}: not newest first`,
            {
              input: { launch: launch.address, ...page.query },
              actual: page.trades.map(tapeKey),
            },
          );
          ensure(
            previous === null || Date.parse(previous.at) >= Date.parse(trade.at),
            `trade at ${trade.at} follows an older one at ${previous?.at}`,
            {
              input: { launch: launch.address, ...page.query },
            },
          );
          previous = trade;
        }
    });
  },
};

export const tradesShortPageAtStart: Check = {
  id: "trades.shortPageAtStart",
  phase: "read",
  rule: {
    section: TRADES,
    text: "A full page may have older rows behind it; a short page reached the start: a walk ends (a short page, or a null nextCursor) only at the start",
  },
  enforces: "specification",
  async run(context) {
    await overWalkedTapes(
      context,
      async ({ launch, limit, pages }) => {
        const last = pages.at(-1)!;
        const full = last.trades.length === limit;
        if (full && last.nextCursor !== null) return; // the walk stopped at its budget, not at the start
        const oldest = last.trades.at(-1);
        if (oldest === undefined) return;
        // Nothing may be older than the last trade of the page that ended the walk.
        const behind = await tradePage(context, launch.address, 200, `${oldest.slot}:${oldest.seq}`);
        const page = full ? `a full page (${limit} trades) with nextCursor null` : `a short page (${last.trades.length} of ${limit})`;
        ensure(behind.trades.length === 0, `${page} was not the start: ${behind.trades.length} older trades follow ${tapeKey(oldest)}`, {
          input: { launch: launch.address, ...last.query },
          actual: { nextCursor: last.nextCursor, olderTrades: behind.trades.map(tapeKey) },
        });
      },
      8,
    );
  },
};

export const tradesLaunchMatches: Check = {
  id: "trades.launchMatches",
  phase: "read",
  rule: {
    section: TRADES,
    text: "id is a launch address, primary mint or ticker; the tape is that launch's trades (Trade record: launch is the launch address)",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      for (const launch of sampledLaunches(context).slice(0, 12)) {
        for (const id of [launch.address, launch.primaryMint]) {
          const body = await getJson(context, launchPath(id, "/trades"), { limit: 50 });
          for (const trade of body.trades as TapeTrade[])
            ensure(trade.launch === launch.address, `the tape of ${id} holds a trade of launch ${trade.launch}`, {
              input: { id, limit: 50 },
              expected: launch.address,
              actual: trade,
            });
        }
      }
    });
  },
};

export const tradesPriceSol: Check = {
  id: "trades.priceSol.inPageUnit",
  phase: "read",
  rule: {
    section: TRADES,
    text: "dnaUnitSol is the unit every priceE12 is in, and priceE12 times dnaUnitSol is SOL: each trade's priceSol is its priceE12 / 10^12 × the page's dnaUnitSol",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      let judged = 0;
      for (const launch of sampledLaunches(context).slice(0, 12)) {
        const body = await getJson(context, launchPath(launch.address, "/trades"), { limit: 50 });
        if (typeof body.dnaUnitSol !== "number") continue;
        for (const trade of body.trades as (TapeTrade & { priceE12?: unknown; priceSol?: unknown })[]) {
          if (typeof trade.priceE12 !== "string" || typeof trade.priceSol !== "number") continue;
          judged += 1;
          const expected = (Number(trade.priceE12) / 1e12) * body.dnaUnitSol;
          ensure(
            agreesAsPublished(trade.priceSol, expected, [body.dnaUnitSol]),
            `trade ${trade.signature} of ${launch.address} has a priceSol that is not its priceE12 / 10^12 × the page's dnaUnitSol`,
            {
              input: { id: launch.address, limit: 50 },
              expected,
              actual: { priceSol: trade.priceSol, priceE12: trade.priceE12, dnaUnitSol: body.dnaUnitSol },
            },
          );
        }
      }
      if (judged === 0) context.skip("no sampled tape carries a priced trade with a dnaUnitSol");
    });
  },
};
