import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectedBug } from "../../../src/bugs/injected-bug-catalogue.ts";
import { BuiltInWorld } from "../../runner/built-in-world.ts";
import { loadLibrary, parseScenario } from "../../runner/load-scenario.ts";
import { runScenarios } from "../../runner/run-scenarios.ts";
import type { Scenario } from "../../runner/scenario-schema.ts";

// The proof that the library can fail: each scenario that names injected-bug modes under
// `guards` must fail with any one of them active. One simulator, started with injection on
// and no mode active, serves every pair: the mode is switched on for the scenario's run only
// (its snapshot restore runs with none), so pairs cost a scenario run each, not a restart.
const library: Scenario[] = loadLibrary().map(({ scenario }) => scenario);
const guarding = library.filter((scenario) => (scenario.guards ?? []).length > 0);
const pairs = guarding.flatMap((scenario) => (scenario.guards ?? []).map((mode) => ({ scenario, mode })));

/** The pairs this file proves; a guard removed by mistake shows here. */
const MIN_PAIRS = 50;

let world: BuiltInWorld;
beforeAll(async () => {
  world = await BuiltInWorld.start(library[0]!, { injectBugs: true });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const transcriptTail = (lines: readonly string[]) => lines.slice(-10).join("\n");

describe("scenario guards", () => {
  it("name modes of the injected-bug catalogue only; an unknown name makes the file invalid", () => {
    expect(pairs.filter(({ mode }) => injectedBug(mode) === undefined)).toEqual([]);
    expect(pairs.length).toBeGreaterThanOrEqual(MIN_PAIRS);
    const typo = parseScenario("name: s\ndescription: d\nseed: 1\nguards: [quote-never-expire]\nsteps:\n  - advance: { seconds: 1 }\n");
    expect(typo.ok || typo.error).toMatch(/guards names "quote-never-expire", no injected bug; basket-devnet bugs lists them/);
    const known = parseScenario("name: s\ndescription: d\nseed: 1\nguards: [quote-never-expires]\nsteps:\n  - advance: { seconds: 1 }\n");
    expect(known.ok).toBe(true);
  });

  it("refuses to switch modes on a world started without injection", async () => {
    const plain = { server: { bugs: null } } as unknown as BuiltInWorld;
    await expect(BuiltInWorld.prototype.withBugs.call(plain, ["quote-never-expires"], async () => 1)).rejects.toThrow(
      /without bug injection/,
    );
  });

  it("pass on this simulator with injection on and no mode active, every guarding scenario", async () => {
    const run = await runScenarios(guarding, { builtIn: world, bugs: [] });
    const broken = run.results
      .filter(({ result }) => result.outcome.status !== "pass")
      .map(({ scenario, result }) => `${scenario.name}: ${result.outcome.status}\n${transcriptTail(result.transcript)}`);
    expect(broken).toEqual([]);
  }, 120_000);
});

describe("each scenario fails with each injected bug it guards against", () => {
  for (const { scenario, mode } of pairs) {
    it(`${scenario.name} fails under ${mode}`, async () => {
      const run = await runScenarios([scenario], { builtIn: world, bugs: [mode] });
      const { result } = run.results[0]!;
      const seen = result.outcome.status === "skip" ? `skip: ${result.outcome.reason}` : result.outcome.status;
      expect(seen, transcriptTail(result.transcript)).toBe("fail");
      // A step's expectation caught it, not the wallets' funding before the first step.
      expect(result.failedStep).not.toBeNull();
      expect(world.server.bugs!.active).toEqual([]);
    }, 60_000);
  }
});
