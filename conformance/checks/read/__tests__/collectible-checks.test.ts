/**
 * The collectible checks against the clean simulator (its seeded world holds collectibles
 * at every stage: every check runs and passes), against black boxes that break one rule
 * each (that check fails, with its input), and against a server listing no collectibles
 * (every check skips, saying why).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../../../src/simulator/simulator.ts";
import { type Breaker, startBreakingProxy } from "../../../model/__tests__/breaking-proxy.ts";
import { runChecks, startTestSimulator } from "../../../model/__tests__/simulator-context.ts";
import { collectiblesLimit } from "../../boundaries/list-limit-checks.ts";
import { COLLECTIBLE_CHECKS } from "../collectible-checks.ts";

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(() => simulator?.close());

it("passes every collectible check, and the collectibles limit bounds, against the clean simulator", async () => {
  const outcomes = await runChecks(simulator, [...COLLECTIBLE_CHECKS, collectiblesLimit], { seed: 7, numRuns: 6 });
  const notPassed = [...outcomes].filter(([, outcome]) => outcome.status !== "passed");
  expect(notPassed).toEqual([]);
  expect(outcomes.size).toBe(COLLECTIBLE_CHECKS.length + 1);
});

const isList = (path: string) => path === "/v1/collectibles";
const isCard = (path: string) => /^\/v1\/collectibles\/[^/]+\/vault\/[^/]+$/.test(path);

/** The last item of each page, by the cursor that follows it: the next page repeats it. */
function pageRepeatsItem(): Breaker {
  const behind = new Map<string, unknown>();
  return (request, answer) => {
    if (!isList(request.path) || answer.status !== 200) return undefined;
    const { items, nextCursor } = answer.body;
    const cursor = request.query.get("cursor");
    const repeated = cursor ? behind.get(cursor) : undefined;
    if (nextCursor && items.length > 0) behind.set(nextCursor, items.at(-1));
    if (!repeated) return undefined;
    return { body: { ...answer.body, items: [repeated, ...items].slice(0, Number(request.query.get("limit") ?? 24)) } };
  };
}

const BREAKERS: [string, string, () => Breaker][] = [
  ["a page that repeats the previous page's last item", "collectibles.paging.disjoint", pageRepeatsItem],
  [
    "pages in reverse order",
    "collectibles.paging.ordered",
    () => (request, answer) =>
      isList(request.path) && answer.status === 200 && answer.body.items.length > 1
        ? { body: { ...answer.body, items: [...answer.body.items].reverse() } }
        : undefined,
  ],
  [
    "small pages that drop their last item",
    "collectibles.paging.complete",
    () => (request, answer) =>
      isList(request.path) && answer.status === 200 && Number(request.query.get("limit")) < 50 && answer.body.items.length > 1
        ? { body: { ...answer.body, items: answer.body.items.slice(0, -1) } }
        : undefined,
  ],
  [
    "a stage filter that keeps another stage",
    "collectibles.filters.hold",
    () => (request, answer) =>
      isList(request.path) && answer.status === 200 && request.query.has("stage")
        ? { body: { ...answer.body, items: answer.body.items.map((item: any) => ({ ...item, stage: "elsewhere" })) } }
        : undefined,
  ],
  [
    "groups that both list every collectible",
    "collectibles.groups.partition",
    () => {
      let everything: unknown[] = [];
      return (request, answer) => {
        if (!isList(request.path) || answer.status !== 200) return undefined;
        if (!request.query.has("group")) {
          if (request.query.get("sort") === "oldest" && !request.query.has("cursor")) everything = answer.body.items;
          return undefined;
        }
        return { body: { ...answer.body, items: everything, nextCursor: null } };
      };
    },
  ],
  [
    "a record missing a field the specification lists",
    "collectibles.responses.valid",
    () => (request, answer) => {
      if (!/^\/v1\/collectibles\/[^/]+$/.test(request.path) || answer.status !== 200) return undefined;
      const { acquisition: _, ...rest } = answer.body;
      return { body: rest };
    },
  ],
  [
    "a vault card whose own route shows another price",
    "collectibles.vault.cardRoute",
    () => (request, answer) => (isCard(request.path) && answer.status === 200 ? { body: { ...answer.body, spentUsdc: "1" } } : undefined),
  ],
];

describe("against a black box that breaks one rule", () => {
  it.each(BREAKERS)("%s fails %s", async (_, checkId, breaker) => {
    const proxy = await startBreakingProxy(simulator.baseUrl, breaker());
    try {
      const check = COLLECTIBLE_CHECKS.find((candidate) => candidate.id === checkId)!;
      const outcome = (await runChecks(proxy, [check], { seed: 7, numRuns: 6 })).get(checkId)!;
      expect(outcome.status, JSON.stringify(outcome).slice(0, 500)).toBe("failed");
      if (outcome.status === "failed") expect(outcome.details.input).toBeDefined();
    } finally {
      await proxy.close();
    }
  });

  it("a vault card's own route that says more than the list's element (a field of its own) still passes", async () => {
    const proxy = await startBreakingProxy(simulator.baseUrl, (request, answer) =>
      isCard(request.path) && answer.status === 200 ? { body: { ...answer.body, serverTime: 1_767_225_600 } } : undefined,
    );
    try {
      const check = COLLECTIBLE_CHECKS.find((candidate) => candidate.id === "collectibles.vault.cardRoute")!;
      const outcome = (await runChecks(proxy, [check], { seed: 7, numRuns: 6 })).get(check.id)!;
      expect(outcome.status, JSON.stringify(outcome).slice(0, 500)).toBe("passed");
    } finally {
      await proxy.close();
    }
  });

  it("a server that lists no collectibles skips every collectible check with the reason", async () => {
    const proxy = await startBreakingProxy(simulator.baseUrl, (request, answer) =>
      isList(request.path) && answer.status === 200 ? { body: { ...answer.body, items: [], nextCursor: null } } : undefined,
    );
    try {
      const outcomes = await runChecks(proxy, COLLECTIBLE_CHECKS, { seed: 7, numRuns: 3 });
      for (const [id, outcome] of outcomes) {
        expect(outcome.status, id).toBe("skipped");
        if (outcome.status === "skipped") expect(outcome.reason).toContain("no collectibles");
      }
    } finally {
      await proxy.close();
    }
  });
});
