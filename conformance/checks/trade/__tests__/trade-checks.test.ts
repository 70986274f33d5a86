/** The trade phase against the clean simulator: every check runs and none fails. */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Simulator } from "../../../../src/simulator/simulator.ts";
import { runChecks, startTestSimulator } from "../../../model/__tests__/simulator-context.ts";
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
