import fc from "fast-check";
import type { Check, CheckContext } from "../../engine/check.ts";
import { getJson, launchPath } from "../../model/read-json.ts";
import { runProperty } from "../../model/run-property.ts";
import { type TapeTrade, tradePage, unixOf } from "../../model/trade-pages.ts";
import { Violation, ensure } from "../../model/violation.ts";
import { busiestLaunch, launchArbitrary } from "./sample-launches.ts";

const CANDLE = "Resources and their fields › Candle";
const CHART = "Endpoints › GET /v1/launches/{id}/chart";

interface Candle {
  readonly t: number;
  readonly o: string;
  readonly h: string;
  readonly l: string;
  readonly c: string;
  readonly v: string;
  readonly n: number;
}

/** Bucket widths worth reading: the usual chart widths and any width the specification allows. */
const buckets = fc.oneof(fc.constantFrom(1, 15, 60, 300, 3600, 86_400), fc.integer({ min: 1, max: 86_400 }));

const chartCases = (context: CheckContext) =>
  fc.record({
    launch: launchArbitrary(context),
    bucket: buckets,
    limit: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 1000 })),
  });

type ChartCase = { launch: { address: string }; bucket: number; limit: number };

async function readCandles(context: CheckContext, chart: ChartCase): Promise<Candle[]> {
  const query = { bucket: chart.bucket, limit: chart.limit };
  const body = await getJson(context, launchPath(chart.launch.address, "/chart"), query);
  if (!Array.isArray(body.candles))
    throw new Violation("the chart answered without a candles array", { input: { launch: chart.launch.address, ...query }, actual: body });
  return body.candles as Candle[];
}

const inputOf = (chart: ChartCase) => ({ launch: chart.launch.address, bucket: chart.bucket, limit: chart.limit });

/** A candle property over random launches, widths and counts; `each` judges one candle and its predecessor. */
function candleCheck(
  id: string,
  rule: Check["rule"],
  enforces: Check["enforces"],
  each: (candle: Candle, previous: Candle | undefined, chart: ChartCase, index: number, context: CheckContext) => void,
): Check {
  return {
    id,
    phase: "read",
    rule,
    enforces,
    async run(context) {
      await runProperty(
        context,
        chartCases(context),
        async (chart) => {
          const candles = await readCandles(context, chart);
          candles.forEach((candle, index) => each(candle, candles[index - 1], chart, index, context));
        },
        { maxRuns: 25, examples: [{ launch: busiestLaunch(context), bucket: 60, limit: 300 }] },
      );
    },
  };
}

const big = (value: string) => BigInt(value);

export const chartCandlesOpenAtPreviousClose = candleCheck(
  "chart.candles.openAtPreviousClose",
  { section: CANDLE, text: "A candle opens at the previous candle's close (openRule previousClose)" },
  "specification",
  (candle, previous, chart, index) => {
    if (!previous) return;
    ensure(candle.o === previous.c, `candle ${index} (t ${candle.t}) opens at ${candle.o}, but the candle before closed at ${previous.c}`, {
      input: inputOf(chart),
      expected: previous.c,
      actual: { previous, candle },
    });
  },
);

export const chartCandlesLowHighBounds: Check = {
  id: "chart.candles.lowHighBounds",
  phase: "read",
  rule: {
    section: CANDLE,
    text: "h and l are the candle's high and low priceE12, c its close: l ≤ c ≤ h. Whether the open (the previous close) counts toward h and l (l ≤ o ≤ h, as OHLC charts draw it) the specification leaves open: our decision",
  },
  enforces: "specification",
  async run(context) {
    // Every candle of every chart is judged by the specification's rule first: an open outside
    // the range (our decision) is noted only once none breaks it, not in place of a close that does.
    const openOutside: { message: string; evidence: object }[] = [];
    await runProperty(
      context,
      chartCases(context),
      async (chart) => {
        const candles = await readCandles(context, chart);
        candles.forEach((candle, index) => {
          const [o, h, l, c] = [candle.o, candle.h, candle.l, candle.c].map(big) as [bigint, bigint, bigint, bigint];
          ensure(l <= c && c <= h, `candle ${index} (t ${candle.t}) closes at ${c}, outside its low ${l} and high ${h}`, {
            input: inputOf(chart),
            actual: candle,
          });
          if (o < l || o > h) {
            openOutside.push({
              message: `candle ${index} (t ${candle.t}) opens at ${o}, outside its low ${l} and high ${h}: ours count the open as one of the bucket's prices`,
              evidence: { input: inputOf(chart), actual: candle },
            });
          }
        });
      },
      { maxRuns: 25, examples: [{ launch: busiestLaunch(context), bucket: 60, limit: 300 }] },
    );
    const [first] = openOutside;
    if (first !== undefined) context.failDecision(first.message, first.evidence);
  },
};

export const chartCandlesEmptyCarriesClose = candleCheck(
  "chart.candles.emptyCarriesClose",
  {
    section: CANDLE,
    text: "n is the number of trades; 0 means the price is carried from the previous close (o = h = l = c = that close, no volume)",
  },
  "specification",
  (candle, previous, chart, index) => {
    if (candle.n !== 0) return;
    const carried = previous?.c ?? candle.o;
    ensure(
      candle.o === carried && candle.h === carried && candle.l === carried && candle.c === carried && big(candle.v) === 0n,
      `candle ${index} (t ${candle.t}) has no trades but does not carry the close ${carried}`,
      {
        input: inputOf(chart),
        expected: { o: carried, h: carried, l: carried, c: carried, v: "0" },
        actual: candle,
      },
    );
  },
);

export const chartCandlesOldestFirst = candleCheck(
  "chart.candles.oldestFirst",
  { section: CHART, text: "candles (array of Candle, oldest first); t is the candle start" },
  "specification",
  (candle, previous, chart, index) => {
    if (!previous) return;
    ensure(candle.t > previous.t, `candle ${index} starts at ${candle.t}, not after the one before (${previous.t})`, {
      input: inputOf(chart),
      actual: [previous, candle],
    });
  },
);

export const chartCandlesAligned = candleCheck(
  "chart.candles.aligned",
  {
    section: CHART,
    text: "bucket is the candle width: our document starts every candle at a multiple of the width and lists consecutive buckets, empty ones included",
  },
  "decision",
  (candle, previous, chart, index) => {
    ensure(candle.t % chart.bucket === 0, `candle ${index} starts at ${candle.t}, not a multiple of the bucket ${chart.bucket}`, {
      input: inputOf(chart),
      actual: candle,
    });
    if (previous)
      ensure(
        candle.t - previous.t === chart.bucket,
        `candle ${index} starts ${candle.t - previous.t} s after the one before, not one bucket (${chart.bucket} s)`,
        {
          input: inputOf(chart),
          actual: [previous, candle],
        },
      );
  },
);

/** The launch's trades with `at` in [from, to), read from the tape (newest first) down to `from`. */
async function tapeWindow(context: CheckContext, launch: string, from: number, to: number): Promise<TapeTrade[] | null> {
  const trades: TapeTrade[] = [];
  let before: string | null = null;
  for (let pages = 0; pages < 25; pages++) {
    const page = await tradePage(context, launch, 200, before);
    for (const trade of page.trades) {
      const at = unixOf(trade.at);
      if (at < from) return trades;
      if (at < to) trades.push(trade);
    }
    if (page.trades.length < 200) return trades;
    const oldest = page.trades.at(-1)!;
    before = `${oldest.slot}:${oldest.seq}`;
  }
  return null; // too many trades to total here
}

/**
 * Compares each closed candle (every one but the newest, which may still be filling) with the
 * tape over the same bucket: `measure` totals the trades, `read` the candle's own figure.
 */
function tapeAgreementCheck(
  id: string,
  rule: Check["rule"],
  enforces: Check["enforces"],
  what: string,
  read: (candle: Candle) => bigint,
  measure: (trades: readonly TapeTrade[]) => bigint,
): Check {
  return {
    id,
    phase: "read",
    rule,
    enforces,
    async run(context) {
      const cases = fc.record({
        launch: launchArbitrary(context),
        bucket: fc.constantFrom(15, 60, 300, 600, 3600),
        limit: fc.integer({ min: 2, max: 40 }),
      });
      await runProperty(
        context,
        cases,
        async (chart) => {
          const candles = (await readCandles(context, chart)).slice(0, -1);
          if (candles.length === 0) return;
          const from = candles[0]!.t;
          const to = candles.at(-1)!.t + chart.bucket;
          const trades = await tapeWindow(context, chart.launch.address, from, to);
          if (trades === null) return;
          for (const candle of candles) {
            const inside = trades.filter((trade) => unixOf(trade.at) >= candle.t && unixOf(trade.at) < candle.t + chart.bucket);
            ensure(
              read(candle) === measure(inside),
              `candle t ${candle.t} has ${what} ${read(candle)}, but the tape shows ${measure(inside)} in [${candle.t}, ${candle.t + chart.bucket})`,
              {
                input: inputOf(chart),
                expected: measure(inside).toString(),
                actual: {
                  candle,
                  trades: inside.map((trade) => ({ signature: trade.signature, at: trade.at, primaryAmount: trade.primaryAmount })),
                },
              },
            );
          }
        },
        { maxRuns: 10, examples: [{ launch: busiestLaunch(context), bucket: 300, limit: 40 }] },
      );
    },
  };
}

export const chartTradesCountMatchesTape = tapeAgreementCheck(
  "chart.trades.countMatchesTape",
  {
    section: CANDLE,
    text: "n is the number of trades in the candle (t is its start, bucket its width): it equals the tape's trades in that span",
  },
  "specification",
  "n",
  (candle) => BigInt(candle.n),
  (trades) => BigInt(trades.length),
);

export const chartVolumeMatchesTape = tapeAgreementCheck(
  "chart.volume.matchesTape",
  {
    section: CANDLE,
    text: "v is the volume: our document counts it in launch-token base units, so it equals the sum of the tape's primaryAmount over the candle's span",
  },
  "decision",
  "v",
  (candle) => BigInt(candle.v),
  (trades) => trades.reduce((sum, trade) => sum + BigInt(trade.primaryAmount), 0n),
);
