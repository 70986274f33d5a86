/**
 * The trade phase against the clean simulator (every check runs, none fails), and against
 * black boxes that break one rule each: the check of that rule fails, with its input.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../../../src/simulator/simulator.ts";
import { type Breaker, startBreakingProxy } from "../../../model/__tests__/breaking-proxy.ts";
import { runCheck, runChecks, startTestSimulator } from "../../../model/__tests__/simulator-context.ts";
import { STATEFUL_CHECKS } from "../../stateful/index.ts";
import { liveReplaces } from "../../stream/live-replaces.ts";
import { TRADE_CHECKS } from "../index.ts";

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(() => simulator?.close());

it("passes every trade check against the clean simulator", async () => {
  const outcomes = await runChecks(simulator, TRADE_CHECKS, { seed: 7, numRuns: 4 });
  const failures = [...outcomes].filter(([, outcome]) => outcome.status !== "passed");
  expect(failures).toEqual([]);
  expect(outcomes.size).toBe(TRADE_CHECKS.length);
});

const isBuild = (path: string) => path === "/v1/trades/build";
const isQuote = (path: string) => path === "/v1/trades/quote";
const isStatus = (path: string) => path.startsWith("/v1/transactions/") && path !== "/v1/transactions/submit";
const FAKE_BUILD = { transaction: "AA==", lastValidBlockHeight: 1, plan: [] };

const BREAKERS: [string, string, Breaker][] = [
  [
    "a plan where every step settles",
    "plan.singleSettle",
    (request, answer) =>
      isBuild(request.path) && answer.status === 200
        ? { body: { ...answer.body, plan: answer.body.plan.map((step: object) => ({ ...step, settles: true })) } }
        : undefined,
  ],
  [
    "a buy whose swaps come after the settle",
    "plan.order",
    (request, answer) => {
      if (!isBuild(request.path) || answer.status !== 200 || answer.body.plan.length < 2) return undefined;
      const plan = answer.body.plan as { settles?: boolean; transaction: string }[];
      if (!plan.at(-1)!.settles) return undefined; // a sell: leave it
      const reordered = [plan.at(-1)!, ...plan.slice(0, -1)];
      return { body: { ...answer.body, plan: reordered, transaction: reordered.at(-1)!.transaction } };
    },
  ],
  [
    "transaction that is the first step, not the last",
    "plan.transactionIsLast",
    (request, answer) =>
      isBuild(request.path) && answer.status === 200 && answer.body.plan.length > 1
        ? { body: { ...answer.body, transaction: answer.body.plan[0].transaction } }
        : undefined,
  ],
  [
    "a quote that announces one signature more than the plan has",
    "plan.countMatchesRoute",
    (request, answer) =>
      isQuote(request.path) && answer.status === 200 && answer.body.quote.route
        ? {
            body: {
              quote: {
                ...answer.body.quote,
                route: { ...answer.body.quote.route, transactions: answer.body.quote.route.transactions + 1 },
              },
            },
          }
        : undefined,
  ],
  [
    "an exactInSol route that spends one lamport over the budget",
    "quote.exactInSol.withinBudget",
    (request, answer) =>
      isQuote(request.path) && answer.status === 200 && request.body?.mode === "exactInSol" && answer.body.quote.route
        ? {
            body: {
              quote: {
                ...answer.body.quote,
                route: { ...answer.body.quote.route, solIn: (BigInt(request.body.amountIn) + 1n).toString() },
              },
            },
          }
        : undefined,
  ],
  [
    "a quote without a wallet that carries a route",
    "quote.noWalletNoRoute",
    (request, answer) =>
      isQuote(request.path) && answer.status === 200 && !request.body?.wallet
        ? { body: { quote: { ...answer.body.quote, route: { transactions: 1, solIn: "0" } } } }
        : undefined,
  ],
  [
    "a preview quote that builds",
    "quote.preview.unbuildable",
    (request, answer) => (isBuild(request.path) && answer.status === 400 ? { status: 200, body: FAKE_BUILD } : undefined),
  ],
  [
    "a quote that never expires",
    "quote.expiry.30s",
    (request, answer) => (isBuild(request.path) && answer.status === 410 ? { status: 200, body: FAKE_BUILD } : undefined),
  ],
  [
    "a failed transaction reported as a 500",
    "status.failedIsHttp200",
    (request, answer) =>
      isStatus(request.path) && answer.body.status === "failed" ? { status: 500, body: { error: "internal" } } : undefined,
  ],
  [
    "a submit answered 500 where the network would reject the transaction",
    "status.failedIsHttp200",
    (request) => (request.path === "/v1/transactions/submit" ? { status: 500, body: { error: "internal" } } : undefined),
  ],
  [
    "an out-of-order settle reported confirmed",
    "submit.outOfOrderFails",
    (request, answer) =>
      isStatus(request.path) && answer.body.status === "failed"
        ? { body: { ...answer.body, status: "confirmed", error: null } }
        : undefined,
  ],
  [
    "a settle sent with its setup reported confirmed",
    "submit.concurrentFails",
    (request, answer) =>
      isStatus(request.path) && answer.body.status === "failed"
        ? { body: { ...answer.body, status: "confirmed", error: null } }
        : undefined,
  ],
  [
    "a tape that shows every trade twice",
    "submit.duplicateExecutesOnce",
    (request, answer) =>
      /^\/v1\/launches\/[^/]+\/trades$/.test(request.path) && answer.status === 200
        ? { body: { ...answer.body, trades: answer.body.trades.flatMap((trade: object) => [trade, trade]) } }
        : undefined,
  ],
  [
    "an unsent transaction that never expires",
    "status.expiredAfterLastValid",
    (request, answer) =>
      isStatus(request.path) && answer.body.status === "expired" ? { body: { ...answer.body, status: "pending" } } : undefined,
  ],
];

describe("against a black box that breaks one rule", () => {
  it.each(BREAKERS)("%s fails %s", async (_, checkId, breaker) => {
    const proxy = await startBreakingProxy(simulator.baseUrl, breaker);
    try {
      const check = TRADE_CHECKS.find((candidate) => candidate.id === checkId)!;
      const outcome = await runCheck(proxy, check, { seed: 7, numRuns: 4 });
      expect(outcome.status, JSON.stringify(outcome).slice(0, 500)).toBe("failed");
      if (outcome.status === "failed") expect(outcome.details.input).toBeDefined();
    } finally {
      await proxy.close();
    }
  });
});

describe("against a server whose sell quotes differ from ours where the specification is silent", () => {
  const sells =
    (change: (quote: Record<string, string>) => Record<string, string>): Breaker =>
    (request, answer) =>
      isQuote(request.path) && answer.status === 200 && answer.body.quote?.direction === "sell" && answer.body.quote.expectedOut
        ? { body: { ...answer.body, quote: change(answer.body.quote) } }
        : undefined;

  it("notes a floor a little tighter than expectedOut less slippageBps (one that ignores the slippage fails: sell-floor-ignores-slippage)", async () => {
    const check = TRADE_CHECKS.find((candidate) => candidate.id === "quote.terms.followRequest")!;
    const tighter = await startBreakingProxy(
      simulator.baseUrl,
      sells((quote) => ({ ...quote, minOut: ((BigInt(quote.minOut!) * 10_005n) / 10_000n).toString() })),
    );
    try {
      const outcome = await runCheck(tighter, check, { seed: 7, numRuns: 4 });
      expect(outcome.status).toBe("passed");
      expect(outcome.notes.join("\n")).toMatch(/decision: a sell's minOut \d+ is tighter than/);
    } finally {
      await tighter.close();
    }
  });

  it("notes, and fails only with --strict, a sell whose minOut is in another unit than the tape's dnaUnits", async () => {
    const check = TRADE_CHECKS.find((candidate) => candidate.id === "trade.termsKept")!;
    const lamports = await startBreakingProxy(
      simulator.baseUrl,
      sells((quote) => ({ ...quote, expectedOut: `${quote.expectedOut}000`, minOut: `${quote.minOut}000` })),
    );
    try {
      expect(await runCheck(lamports, check, { seed: 7, numRuns: 4, strict: false })).toMatchObject({ status: "noted" });
      expect(await runCheck(lamports, check, { seed: 7, numRuns: 4, strict: true })).toMatchObject({ status: "failed" });
    } finally {
      await lamports.close();
    }
  });
});

describe("against a server whose market quotes carry no route", () => {
  it("passes plan.countMatchesRoute: route is the curve quote's field, and the market quote's others are not shown", async () => {
    const proxy = await startBreakingProxy(simulator.baseUrl, (request, answer) => {
      if (!isQuote(request.path) || answer.status !== 200 || answer.body.quote?.graduated !== true) return undefined;
      const { route: _route, ...quote } = answer.body.quote;
      return { body: { ...answer.body, quote } };
    });
    try {
      const check = TRADE_CHECKS.find((candidate) => candidate.id === "plan.countMatchesRoute")!;
      expect((await runCheck(proxy, check, { seed: 7, numRuns: 6 })).status).toBe("passed");
    } finally {
      await proxy.close();
    }
  });
});

describe("against a server where the sample launch leaves its curve during the run", () => {
  it("skips the checks that quote on it, saying so, instead of failing them", async () => {
    const graduated = (request: { path: string }) => /^\/v1\/launches\/[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(request.path);
    const proxy = await startBreakingProxy(simulator.baseUrl, (request, answer) => {
      if (isQuote(request.path)) return { status: 409, body: { error: "the launch is no longer on its curve" } };
      if (graduated(request) && answer.status === 200) return { body: { ...answer.body, status: "graduationPending" } };
      return undefined;
    });
    try {
      const outcomes = await runChecks(proxy, TRADE_CHECKS, { seed: 7, numRuns: 4 });
      const failed = [...outcomes].flatMap(([id, outcome]) => (outcome.status === "failed" ? [`${id}: ${outcome.message}`] : []));
      expect(failed).toEqual([]);
      expect(outcomes.get("quote.preview.unbuildable")).toMatchObject({
        status: "skipped",
        reason: expect.stringContaining("left its curve"),
      });
    } finally {
      await proxy.close();
    }
  });
});

describe("against a server that lands each transaction as it is submitted", () => {
  it("skips submit.concurrentFails with the reason instead of failing a settle that landed after its setup", async () => {
    const instant = await startSimulator({
      seed: "conformance-tests",
      port: 0,
      clockMode: "per-transaction",
      launchCount: 24,
      historyHours: 2,
    });
    try {
      const check = TRADE_CHECKS.find((candidate) => candidate.id === "submit.concurrentFails")!;
      const outcome = await runCheck(instant, check, { seed: 7, numRuns: 4 });
      expect(outcome).toMatchObject({ status: "skipped", reason: expect.stringContaining("landed the setup before the settle") });
    } finally {
      await instant.close();
    }
  });
});

describe("against a server that names a transaction's statuses otherwise", () => {
  // The specification names `failed` and `expired` only: the rest is each server's own.
  const renaming =
    (renamed: Record<string, string>): Breaker =>
    (request, answer) => {
      const isAnswerWithStatus = isStatus(request.path) || request.path === "/v1/transactions/submit";
      const status = answer.body?.status;
      return isAnswerWithStatus && typeof status === "string" && renamed[status]
        ? { body: { ...answer.body, status: renamed[status] } }
        : undefined;
    };
  const trading = [...TRADE_CHECKS, ...STATEFUL_CHECKS, liveReplaces];

  it.each([
    ["landed and processing", { confirmed: "landed", finalized: "landed", pending: "processing" }],
    ["rooted, inFlight and notFound", { confirmed: "rooted", finalized: "rooted", pending: "inFlight", unknown: "notFound" }],
  ])("passes every check that trades when they are %s: the usual names are read", async (_, renamed) => {
    const proxy = await startBreakingProxy(simulator.baseUrl, renaming(renamed));
    try {
      const outcomes = await runChecks({ baseUrl: proxy.baseUrl, streamUrl: simulator.streamUrl }, trading, { seed: 7, numRuns: 4 });
      expect(outcomes.get(liveReplaces.id), JSON.stringify(outcomes.get(liveReplaces.id))).toMatchObject({ status: "passed" });
      expect([...outcomes].filter(([, outcome]) => outcome.status === "failed")).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it("fails none when a name is one it cannot read: the checks that must know whether a transaction landed skip, saying so", async () => {
    const proxy = await startBreakingProxy(simulator.baseUrl, renaming({ pending: "stage-2", unknown: "stage-0", confirmed: "stage-3" }));
    try {
      const outcomes = await runChecks({ baseUrl: proxy.baseUrl, streamUrl: simulator.streamUrl }, trading, { seed: 7, numRuns: 4 });
      const failed = [...outcomes].flatMap(([id, outcome]) => (outcome.status === "failed" ? [`${id}: ${outcome.message}`] : []));
      expect(failed).toEqual([]);
      const skipped = [...outcomes.values()].filter((outcome) => outcome.status === "skipped");
      expect(skipped.some((outcome) => outcome.status === "skipped" && /cannot read/.test(outcome.reason))).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});
