/**
 * Issue 3's benchmark: the `/v1` read API over a big indexed world, measured side by side
 * in one run. A real devnet gets 1,000 launches created by transactions; then a million
 * exact trade transactions (see trade-synthesizer.ts) spread over the last 48 virtual hours
 * are folded into the read model in batches. Measured: indexer ingest trades per second,
 * memory per indexed trade, and requests per second of three read routes as a ratio of a
 * bare fastify route answering a constant body of 50 real launch rows.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp } from "../src/api/app.ts";
import type { ReadModel } from "../src/indexer/read-model.ts";
import { MediaLibrary } from "../src/world/media-library.ts";
import { CONNECTIONS, type LoadSample, loadUrl } from "./http-load.ts";
import { median, table } from "./measure.ts";
import { buildReadApiWorld } from "./read-api-world.ts";
import { TradeSynthesizer } from "./trade-synthesizer.ts";

const LAUNCHES = 1_000;
const TRADES = 1_000_000;
const TRADERS = 10_000;
const HOURS = 48;
/** Trades made and folded at a time: a batch is garbage before the next one exists. */
const BATCH = 10_000;
/** Trades folded before the pace is judged against the budget. */
const CALIBRATION = 50_000;
/** Wall seconds that making and folding the trades may take; past it, fewer trades are made. */
const TRADES_BUDGET_SECONDS = 120;
/** Load rounds per target; each round visits every target once, in alternating order. */
const ROUNDS = 2;
const ROUND_SECONDS = 2;
const WARM_UP_REQUESTS = 300;

/** `gc` from `node --expose-gc` (npm run bench), or the same through V8's flags when run bare. */
const gc: () => void =
  globalThis.gc ??
  (() => {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  })();

/** V8's heap plus array buffers (the tapes' typed arrays live there), and the resident set. */
function memory(): { heap: number; rss: number } {
  gc();
  gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed + usage.arrayBuffers, rss: usage.rss };
}

/**
 * Makes and folds the trades batch by batch, timing only `readModel.ingest`. After the first
 * CALIBRATION trades the plan is cut to what fits TRADES_BUDGET_SECONDS at the pace so far.
 */
function ingestTrades(synthesizer: TradeSynthesizer, readModel: ReadModel): { ingestSeconds: number; makeSeconds: number } {
  let ingest = 0;
  let make = 0;
  while (synthesizer.made < synthesizer.planned) {
    const made = performance.now();
    const batch = synthesizer.next(BATCH);
    const folded = performance.now();
    for (const transaction of batch) readModel.ingest(transaction);
    ingest += performance.now() - folded;
    make += folded - made;
    if (synthesizer.made === CALIBRATION) {
      const perTrade = (ingest + make) / 1000 / CALIBRATION;
      synthesizer.limitTo(Math.floor(TRADES_BUDGET_SECONDS / perTrade / BATCH) * BATCH);
    }
  }
  return { ingestSeconds: ingest / 1000, makeSeconds: make / 1000 };
}

/**
 * Where a request's time goes before fastify and the socket: the read model's call — cold
 * (the clock moved to a new second first: every row re-rendered, the worst a second can
 * do; a chart only when the bucket holding now changes; a landed trade re-renders only its launch) and warm (answered from
 * the cache) — and JSON.stringify of the answer (what the routes no longer pay per request:
 * they send the cached bytes), each the median of RUNS calls.
 */
function inProcessCosts(
  readModel: ReadModel,
  nextSecond: () => void,
  calls: readonly { name: string; call: () => unknown }[],
): (string | number)[][] {
  const RUNS = 25;
  return calls.map(({ name, call }) => {
    const cold: number[] = [];
    const warm: number[] = [];
    const serialize: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      nextSecond();
      const started = performance.now();
      const result = call();
      const called = performance.now();
      call();
      const again = performance.now();
      JSON.stringify(result);
      serialize.push(performance.now() - again);
      cold.push(called - started);
      warm.push(again - called);
    }
    return [name, median(cold).toFixed(2), median(warm).toFixed(3), median(serialize).toFixed(2)];
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: "127.0.0.1", port: 0 });
}

const number = (value: number) => Math.round(value).toLocaleString("en-US");

export async function readApiBench(): Promise<string> {
  const started = performance.now();
  const { devnet, readModel, launches } = await buildReadApiWorld("read-api-bench", LAUNCHES);
  const worldSeconds = (performance.now() - started) / 1000;

  // The trades land over the 48 virtual hours after the launches; the clock moves to their
  // end first, so the 24-hour windows and the candles read a live-looking tape.
  const start = devnet.now();
  const slots = BigInt((HOURS * 3_600_000) / devnet.slotMillis);
  devnet.advanceSlots(slots);
  const plan = {
    launches,
    firstSlot: start.slot + 1n,
    lastSlot: start.slot + slots,
    firstSlotUnixMillis: start.unixMillis + BigInt(devnet.slotMillis),
    slotMillis: devnet.slotMillis,
    traders: TRADERS,
  };
  const synthesizer = new TradeSynthesizer({ ...plan, trades: TRADES, seed: 3 });
  // The allocator first holds what making a batch of trades needs in passing (garbage before
  // the next batch), so the memory measured after folding is what the read model keeps, not
  // that high-water mark: in two runs each way, the RSS delta per trade was 223–238 B with
  // this and 291–339 B without, with the heap delta unchanged.
  const warmUp = new TradeSynthesizer({ ...plan, trades: 5 * BATCH, seed: 4 });
  while (warmUp.made < warmUp.planned) warmUp.next(BATCH);
  const before = memory();
  const { ingestSeconds, makeSeconds } = ingestTrades(synthesizer, readModel);
  const after = memory();
  const trades = synthesizer.made;
  const heapPerTrade = (after.heap - before.heap) / trades;
  const rssPerTrade = (after.rss - before.rss) / trades;

  const hot = launches.reduce((best, _, i) => (synthesizer.tradesOf(i) > synthesizer.tradesOf(best) ? i : best), 0);
  const hotAddress = launches[hot]!.address;
  const volumeQuery = { mode: "paged", limit: 50, kind: "all", tab: "volume" } as const;
  // A copy: the constant body shares nothing with the read model's cached answers.
  const constantBody = Buffer.from(JSON.stringify({ launches: readModel.listLaunches(volumeQuery).launches, nextCursor: null }));

  const app = await buildApp({ readModel, devnet, media: new MediaLibrary() });
  // The honest baseline: the constant body as pre-serialized bytes (the hot read routes send
  // their cached bytes the same way; re-serializing 200 KB per request was itself the ceiling).
  const bare = Fastify({ logger: false });
  bare.get("/launches", async (_request, reply) => reply.type("application/json; charset=utf-8").send(constantBody));
  const [apiUrl, bareUrl] = [await listen(app), await listen(bare)];
  const targets = [
    { name: "constant 50 launch rows (bare fastify, pre-serialized bytes)", url: `${bareUrl}/launches` },
    { name: "`GET /v1/launches?tab=volume&limit=50`", url: `${apiUrl}/v1/launches?tab=volume&limit=50` },
    { name: "`GET /v1/launches/{hot}/chart?bucket=60`", url: `${apiUrl}/v1/launches/${hotAddress}/chart?bucket=60` },
    { name: "`GET /v1/launches/{hot}/trades?limit=200`", url: `${apiUrl}/v1/launches/${hotAddress}/trades?limit=200` },
  ];
  const bodies = await Promise.all(targets.map(async (target) => (await fetch(target.url)).text()));
  const chartTrades = (JSON.parse(bodies[2]!) as { candles: { n: number }[] }).candles.reduce((sum, candle) => sum + candle.n, 0);
  for (const target of targets) await loadUrl(target.url, { amount: WARM_UP_REQUESTS });
  // 3 slots of 400 ms: always a new second of virtual time.
  const costs = inProcessCosts(readModel, () => devnet.advanceSlots(3), [
    { name: targets[1]!.name, call: () => readModel.listLaunches(volumeQuery) },
    { name: targets[2]!.name, call: () => readModel.chart(hotAddress, { bucket: 60, limit: 500 }) },
    { name: targets[3]!.name, call: () => readModel.trades(hotAddress, { limit: 200 }) },
  ]);
  const samples = targets.map((): LoadSample[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? targets.keys() : [...targets.keys()].reverse();
    for (const i of order) samples[i]!.push(await loadUrl(targets[i]!.url, { seconds: ROUND_SECONDS }));
  }
  await Promise.all([app.close(), bare.close()]);
  devnet.close();

  const rates = samples.map((runs) => runs.reduce((sum, run) => sum + run.requests, 0) / runs.reduce((sum, run) => sum + run.seconds, 0));
  const rows: (string | number)[][] = [
    [`indexer ingest, trades / s (readModel.ingest only, ${number(trades)} trades)`, number(trades / ingestSeconds), ""],
    ["memory per indexed trade, heapUsed + arrayBuffers delta (bytes)", heapPerTrade.toFixed(0), "≤ 300"],
    ["memory per indexed trade, RSS delta (bytes)", rssPerTrade.toFixed(0), "≤ 300"],
    ...targets.flatMap((target, i) => [
      [`${target.name}, requests / s`, number(rates[i]!), ""],
      ...(i === 0 ? [] : [[`  ratio to the constant route`, (rates[i]! / rates[0]!).toFixed(3), "≥ 0.5"]]),
    ]),
  ];
  const shortfall =
    trades < TRADES
      ? ` — **fewer than the ${number(TRADES)} planned**: making and folding them at this pace would not fit ${TRADES_BUDGET_SECONDS} s`
      : "";
  return [
    "## Read API (issue 3)",
    "",
    table(["measure", "value", "goal"], rows),
    "",
    `World: ${number(launches.length)} launches created by transactions (1–5 components, ${worldSeconds.toFixed(1)} s with genesis); ` +
      `${number(trades)} synthesized trades${shortfall} by ${number(TRADERS)} wallets over ${HOURS} virtual hours, launches picked by a Zipf law ` +
      `(made in ${makeSeconds.toFixed(1)} s, folded in ${ingestSeconds.toFixed(1)} s). ` +
      `The hot launch has ${number(synthesizer.tradesOf(hot))} trades, ${number(chartTrades)} of them inside the chart's 500 one-minute candles. ` +
      `Body sizes: ${targets.map((target, i) => `${number(Buffer.byteLength(bodies[i]!))} B`).join(", ")} (same order as the table). ` +
      `Load: autocannon in a worker thread, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s per target in alternating order, after ${WARM_UP_REQUESTS} warm-up requests each.`,
    "",
    "Where a request's time goes in process (median of 25 calls, ms; the rest is fastify and the socket). The load above hits the read model's caches; a cold answer is what the first request of a new second pays (every row re-rendered), more than a landed trade costs (its launch's row, tape page and chart only):",
    "",
    table(["route", "read model, cold", "read model, cached", "JSON.stringify"], costs),
  ].join("\n");
}
