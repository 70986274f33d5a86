/**
 * The trade-flow model against the clean simulator (no counterexample), and against black
 * boxes that break one guarantee each: the model finds a counterexample, prints it as a
 * script and saves it as a YAML scenario.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseScenario } from "../../../../scenarios/runner/load-scenario.ts";
import type { Simulator } from "../../../../src/simulator/simulator.ts";
import { type Breaker, startBreakingProxy } from "../../../model/__tests__/breaking-proxy.ts";
import { runCheck, startTestSimulator } from "../../../model/__tests__/simulator-context.ts";
import { tradeFlowModel } from "../trade-flow-model-check.ts";

let simulator: Simulator;
let previousDirectory: string;
beforeAll(async () => {
  simulator = await startTestSimulator();
  // Scenarios are written under the working directory: keep the test's out of the repository.
  previousDirectory = process.cwd();
  process.chdir(mkdtempSync(`${tmpdir()}/stateful-`));
});
afterAll(async () => {
  process.chdir(previousDirectory);
  await simulator?.close();
});

it("finds no counterexample on the clean simulator", async () => {
  const outcome = await runCheck(simulator, tradeFlowModel, { seed: 3, numRuns: 6 });
  expect(outcome, JSON.stringify(outcome).slice(0, 2000)).toMatchObject({ status: "passed" });
});

const isTrades = (path: string) => /^\/v1\/launches\/[^/]+\/trades$/.test(path);
const isStatus = (path: string) => path.startsWith("/v1/transactions/") && path !== "/v1/transactions/submit";

const BREAKERS: [string, Breaker][] = [
  [
    "a landed settle shown twice on the tape",
    (request, answer) =>
      isTrades(request.path) && answer.status === 200
        ? { body: { ...answer.body, trades: answer.body.trades.flatMap((trade: object) => [trade, trade]) } }
        : undefined,
  ],
  [
    "balances that lose the launch tokens a settle delivered",
    (request, answer) =>
      request.path.endsWith("/balances") && answer.status === 200
        ? { body: { ...answer.body, tokens: answer.body.tokens.filter((token: { decimals: number }) => token.decimals !== 6) } }
        : undefined,
  ],
  [
    "a settle landed out of order reported confirmed",
    (request, answer) =>
      isStatus(request.path) && answer.body.status === "failed"
        ? { body: { ...answer.body, status: "confirmed", error: null } }
        : undefined,
  ],
];

describe("against a black box that breaks one guarantee", () => {
  it.each(BREAKERS)("%s: a counterexample, printed and saved", async (_, breaker) => {
    const proxy = await startBreakingProxy(simulator.baseUrl, breaker);
    try {
      const failureDir = mkdtempSync(join(tmpdir(), "stateful-counterexamples-"));
      const outcome = await runCheck(proxy, tradeFlowModel, { seed: 3, numRuns: 8, failureDir });
      expect(outcome.status, JSON.stringify(outcome).slice(0, 1000)).toBe("failed");
      if (outcome.status !== "failed") return;
      const input = outcome.details.input as { case: string; scenario: string; script: string[] };
      // The shrunk command sequence reads as a script, and its steps were saved as a scenario.
      expect(input.case).toMatch(/quoteBuild|inOrderTrade|submit/);
      expect(input.script.length).toBeGreaterThan(0);
      expect(existsSync(input.scenario)).toBe(true);
      // …beside the run's failures (--failures-dir), not in the working directory.
      expect(input.scenario.startsWith(failureDir)).toBe(true);
      // …in the scenario format, which `basket-devnet scenario run` replays.
      const text = readFileSync(input.scenario, "utf8");
      expect(() => parseScenario(text, input.scenario)).not.toThrow();
      const scenario = parse(text);
      expect(scenario).toMatchObject({ name: "stateful.trade-flow.model", seed: 3, tags: ["conformance-counterexample"] });
      expect(scenario.steps.some((step: Record<string, unknown>) => "read" in step)).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});
