import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INJECTED_BUGS } from "../../src/bugs/injected-bug-catalogue.ts";
import { type Simulator, startSimulator } from "../../src/simulator/simulator.ts";
import { ALL_CHECKS } from "../checks/index.ts";
import { runConformance } from "../engine/run-conformance.ts";

// The proof that the suite can fail: one simulator started with bug injection, each mode
// switched on in turn, and the check the catalogue names must fail while it is active.
const SEED = 1;
const NUM_RUNS = 4;
/** The negative phase samples from hundreds of invalid requests: more runs, each a few milliseconds, reach the broken one. */
const NEGATIVE_RUNS = 60;

describe("every injected bug is caught by the check the catalogue names", () => {
  let simulator: Simulator;
  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, host: "127.0.0.1", seed: String(SEED), clockMode: "manual", injectBugs: [] });
  }, 120_000);
  afterAll(() => simulator?.close());

  const run = (checkId: string, numRuns = NUM_RUNS, strict = true) =>
    runConformance({
      baseUrl: simulator.baseUrl,
      clientUrl: simulator.baseUrl,
      seed: SEED,
      numRuns,
      checks: checkId,
      strict,
      checkTimeoutMs: 60_000,
    });

  it("names a registered check for each of at least 40 modes over every phase, with unique names", () => {
    const ids = new Set(ALL_CHECKS.map((check) => check.id));
    expect(INJECTED_BUGS.filter((bug) => !ids.has(bug.caughtBy)).map((bug) => bug.name)).toEqual([]);
    expect(INJECTED_BUGS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(INJECTED_BUGS.map((bug) => bug.name)).size).toBe(INJECTED_BUGS.length);
    expect(new Set(INJECTED_BUGS.map((bug) => bug.phase))).toEqual(new Set(ALL_CHECKS.map((check) => check.phase)));
    for (const bug of INJECTED_BUGS) expect(ALL_CHECKS.find((check) => check.id === bug.caughtBy)?.phase).toBe(bug.phase);
  });

  it("passes each of those checks with no mode active", async () => {
    simulator.bugs!.activate([]);
    const summary = await run([...new Set(INJECTED_BUGS.map((bug) => bug.caughtBy))].join(","));
    const notPassed = summary.outcomes.filter((outcome) => outcome.status !== "pass");
    expect(
      notPassed.map((o) => `${o.check.id} ${o.status}: ${"failure" in o ? o.failure.message : "reason" in o ? o.reason : ""}`),
    ).toEqual([]);
  }, 300_000);

  // Judged as another server is (no --strict) first: a mode the catalogue does not mark
  // strictOnly must fail there too, or the harness would be blind to it against real targets.
  for (const bug of INJECTED_BUGS) {
    it(`${bug.name} fails ${bug.caughtBy}${bug.strictOnly ? " (with --strict; noted without)" : ""}`, async () => {
      simulator.bugs!.activate([bug.name]);
      try {
        const numRuns = bug.phase === "negative" ? NEGATIVE_RUNS : NUM_RUNS;
        const outcomeOf = async (strict: boolean) => {
          const summary = await run(bug.caughtBy, numRuns, strict);
          const outcome = summary.outcomes.find((item) => item.check.id === bug.caughtBy);
          return { outcome, seen: outcome?.status === "skip" ? `skip: ${outcome.reason}` : outcome?.status };
        };
        const lenient = await outcomeOf(false);
        expect(lenient.seen).toBe(bug.strictOnly ? "note" : "fail");
        const { outcome, seen } = bug.strictOnly ? await outcomeOf(true) : lenient;
        expect(seen).toBe("fail");
        if (outcome?.status === "fail") expect(outcome.failure.checkId).toBe(bug.caughtBy);
      } finally {
        simulator.bugs!.activate([]);
      }
    }, 120_000);
  }
});
