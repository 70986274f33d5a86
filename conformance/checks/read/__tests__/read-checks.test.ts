/**
 * The read phase against the clean simulator (every check runs, none fails), and against
 * black boxes that break one rule each: the check of that rule fails, with its input.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../../../src/simulator/simulator.ts";
import { type Breaker, startBreakingProxy } from "../../../model/__tests__/breaking-proxy.ts";
import { runCheck, runChecks, startTestSimulator } from "../../../model/__tests__/simulator-context.ts";
import { READ_CHECKS } from "../index.ts";

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(() => simulator?.close());

it("passes every read check against the clean simulator", async () => {
  const outcomes = await runChecks(simulator, READ_CHECKS, { seed: 7, numRuns: 6 });
  const failures = [...outcomes].filter(([, outcome]) => outcome.status !== "passed");
  expect(failures).toEqual([]);
  expect(outcomes.size).toBe(READ_CHECKS.length);
});

/** The last row of each launch page, by the cursor that follows it: the next page repeats it. */
function pageRepeatsRow(): Breaker {
  const lastRowBehind = new Map<string, unknown>();
  return (request, answer) => {
    if (request.path !== "/v1/launches" || answer.status !== 200) return undefined;
    const { launches, nextCursor } = answer.body;
    const cursor = request.query.get("cursor");
    const repeated = cursor ? lastRowBehind.get(cursor) : undefined;
    if (nextCursor && launches.length > 0) lastRowBehind.set(nextCursor, launches.at(-1));
    if (!repeated) return undefined;
    const limit = Number(request.query.get("limit") ?? 50);
    return { body: { ...answer.body, launches: [repeated, ...launches].slice(0, limit) } };
  };
}

const isChart = (path: string) => /^\/v1\/launches\/[^/]+\/chart$/.test(path);
const isTrades = (path: string) => /^\/v1\/launches\/[^/]+\/trades$/.test(path);

const BREAKERS: [string, string, () => Breaker][] = [
  ["a page that repeats the previous page's last row", "launches.paging.disjoint", pageRepeatsRow],
  [
    "candles that open at their own close instead of the previous one",
    "chart.candles.openAtPreviousClose",
    () => (request, answer) =>
      isChart(request.path) && answer.status === 200
        ? { body: { ...answer.body, candles: answer.body.candles.map((c: any) => (c.n > 0 ? { ...c, o: c.c, h: c.h, l: c.l } : c)) } }
        : undefined,
  ],
  [
    "a candle whose low is above its close",
    "chart.candles.lowHighBounds",
    () => (request, answer) =>
      isChart(request.path) && answer.status === 200
        ? { body: { ...answer.body, candles: answer.body.candles.map((c: any) => ({ ...c, l: (BigInt(c.c) + 1n).toString() })) } }
        : undefined,
  ],
  [
    "a candle that opens below its low (our decision: failed here, under --strict)",
    "chart.candles.lowHighBounds",
    () => (request, answer) =>
      isChart(request.path) && answer.status === 200
        ? { body: { ...answer.body, candles: answer.body.candles.map((c: any) => ({ ...c, o: (BigInt(c.l) - 1n).toString() })) } }
        : undefined,
  ],
  [
    "pages after a cursor that skip their first trade",
    "trades.cursor.noRepeatNoSkip",
    () => (request, answer) =>
      isTrades(request.path) && request.query.has("before") && answer.status === 200 && answer.body.trades.length > 0
        ? { body: { ...answer.body, trades: answer.body.trades.slice(1) } }
        : undefined,
  ],
  [
    "a tape listed oldest first",
    "trades.newestFirst",
    () => (request, answer) =>
      isTrades(request.path) && answer.status === 200 ? { body: { ...answer.body, trades: [...answer.body.trades].reverse() } } : undefined,
  ],
  [
    "an empty search that returns launches",
    "search.emptyQuery",
    () => (request, answer) =>
      request.path === "/v1/search" && request.query.get("q") === "" ? { body: { launches: [{ address: "x" }] } } : undefined,
  ],
  [
    "candle volume counted twice",
    "chart.volume.matchesTape",
    () => (request, answer) =>
      isChart(request.path) && answer.status === 200
        ? { body: { ...answer.body, candles: answer.body.candles.map((c: any) => ({ ...c, v: (BigInt(c.v) * 2n).toString() })) } }
        : undefined,
  ],
  [
    "almost-paired lowest first",
    "almostPaired.rule",
    () => (request, answer) =>
      request.path === "/v1/launches/almost-paired" && answer.body.launches.length > 1
        ? { body: { launches: [...answer.body.launches].reverse() } }
        : undefined,
  ],
  [
    "paged lists in reverse order",
    "launches.paging.ordered",
    () => (request, answer) =>
      request.path === "/v1/launches" && answer.body.nextCursor !== undefined && answer.body.launches.length > 1
        ? { body: { ...answer.body, launches: [...answer.body.launches].reverse() } }
        : undefined,
  ],
  [
    "a legacy list that hands out a cursor",
    "launches.legacyVsPaged",
    () => (request, answer) =>
      request.path === "/v1/launches" && !request.query.has("tab") && !request.query.has("sort") && !request.query.has("state")
        ? { body: { ...answer.body, nextCursor: "abc" } }
        : undefined,
  ],
  [
    "a short page in the middle of a tape",
    "trades.shortPageAtStart",
    () => (request, answer) =>
      isTrades(request.path) && request.query.has("before") && answer.body.trades.length > 1
        ? { body: { ...answer.body, trades: answer.body.trades.slice(0, -1) } }
        : undefined,
  ],
  [
    "a tape carrying another launch's address",
    "trades.launchMatches",
    () => (request, answer) =>
      isTrades(request.path) && answer.status === 200
        ? {
            body: {
              ...answer.body,
              trades: answer.body.trades.map((trade: object) => ({ ...trade, launch: "11111111111111111111111111111111" })),
            },
          }
        : undefined,
  ],
  [
    "empty candles with volume",
    "chart.candles.emptyCarriesClose",
    () => (request, answer) =>
      isChart(request.path) && answer.status === 200
        ? { body: { ...answer.body, candles: answer.body.candles.map((c: any) => (c.n === 0 ? { ...c, v: "1" } : c)) } }
        : undefined,
  ],
  [
    "candles one second off their bucket",
    "chart.candles.aligned",
    () => (request, answer) =>
      isChart(request.path) && answer.status === 200
        ? { body: { ...answer.body, candles: answer.body.candles.map((c: any) => ({ ...c, t: c.t + 1 })) } }
        : undefined,
  ],
  [
    "candles counting one trade too many",
    "chart.trades.countMatchesTape",
    () => (request, answer) =>
      isChart(request.path) && answer.status === 200
        ? { body: { ...answer.body, candles: answer.body.candles.map((c: any) => (c.n > 0 ? { ...c, n: c.n + 1 } : c)) } }
        : undefined,
  ],
  [
    "a mint that resolves to another launch",
    "launch.lookup.sameRecord",
    () => (request, answer) =>
      /^\/v1\/launches\/[^/]+$/.test(request.path) && answer.status === 200 && request.path.endsWith(answer.body.primaryMint)
        ? { body: { ...answer.body, address: "11111111111111111111111111111111" } }
        : undefined,
  ],
  [
    "a search that never finds a mint",
    "search.findsExactMint",
    () => (request, answer) =>
      request.path === "/v1/search" && answer.body.launches?.some((row: any) => row.primaryMint === request.query.get("q"))
        ? { body: { launches: [] } }
        : undefined,
  ],
  [
    "a live feed missing the newest trade",
    "live.newestAcrossLaunches",
    () => (request, answer) => (request.path === "/v1/trades/live" ? { body: { trades: answer.body.trades.slice(1) } } : undefined),
  ],
  [
    "a created list without its newest launch",
    "created.newestFirst",
    () => (request, answer) => (request.path.endsWith("/created") ? { body: { launches: answer.body.launches.slice(1) } } : undefined),
  ],
  [
    "created launches oldest first",
    "created.newestFirst",
    () => (request, answer) =>
      request.path.endsWith("/created") && answer.body.launches.length > 1
        ? { body: { launches: [...answer.body.launches].reverse() } }
        : undefined,
  ],
];

describe("against a black box that breaks one rule", () => {
  it.each(BREAKERS)("%s fails %s", async (_, checkId, breaker) => {
    const proxy = await startBreakingProxy(simulator.baseUrl, breaker());
    try {
      const check = READ_CHECKS.find((candidate) => candidate.id === checkId)!;
      const outcome = await runCheck(proxy, check, { seed: 7, numRuns: 6 });
      expect(outcome.status, JSON.stringify(outcome).slice(0, 500)).toBe("failed");
      if (outcome.status === "failed") expect(outcome.details.input).toBeDefined();
    } finally {
      await proxy.close();
    }
  });
});

describe("against a server that rounds the prices it publishes", () => {
  it("passes the priceSol checks when every figure keeps six significant digits: the specification states the arithmetic, not a precision", async () => {
    // Every fractional number of the lists and tapes, dnaUnitSol too, as a server printing six digits sends it.
    const rounded = (value: unknown): unknown =>
      typeof value === "number" && !Number.isInteger(value)
        ? Number(value.toPrecision(6))
        : Array.isArray(value)
          ? value.map(rounded)
          : typeof value === "object" && value !== null
            ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rounded(item)]))
            : value;
    const proxy = await startBreakingProxy(simulator.baseUrl, (request, answer) =>
      answer.status === 200 && (request.path === "/v1/launches" || request.path.endsWith("/trades"))
        ? { body: rounded(answer.body) }
        : undefined,
    );
    try {
      const checks = READ_CHECKS.filter((check) => check.id.includes("priceSol"));
      expect(checks.map((check) => check.id).sort()).toEqual(["launches.priceSol.fromPriceE12", "trades.priceSol.inPageUnit"]);
      const outcomes = await runChecks({ baseUrl: proxy.baseUrl, streamUrl: simulator.streamUrl }, checks, { seed: 7, numRuns: 4 });
      expect([...outcomes].map(([id, outcome]) => [id, outcome.status])).toEqual(checks.map((check) => [check.id, "passed"]));
    } finally {
      await proxy.close();
    }
  });
});
