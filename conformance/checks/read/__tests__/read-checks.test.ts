/** The read phase against the clean simulator: every check runs and none fails. */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Simulator } from "../../../../src/simulator/simulator.ts";
import { runChecks, startTestSimulator } from "../../../model/__tests__/simulator-context.ts";
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
