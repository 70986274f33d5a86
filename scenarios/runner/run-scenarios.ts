import type { CheckOutcome, RunSummary } from "../../conformance/engine/run-events.ts";
import type { Wallet } from "../../conformance/engine/check.ts";
import { probeCapabilities } from "../../conformance/engine/probe-capabilities.ts";
import { BasketClient } from "../../src/client/basket-client.ts";
import { BuiltInWorld, worldKey } from "./built-in-world.ts";
import { type ScenarioResult, runScenario } from "./run-scenario.ts";
import type { Scenario } from "./scenario-schema.ts";
import { ServerSnapshot } from "./server-snapshot.ts";

export interface RunScenariosOptions {
  /** A server to run against; absent, the built-in simulator is started per world. */
  readonly baseUrl?: string;
  /** `/devnet/` control: `auto` uses it when the server has it, `off` acts as if it had none. */
  readonly control?: "auto" | "off";
  /** A built-in world already started (a test's one simulator): every scenario runs on it, restored before each. */
  readonly builtIn?: BuiltInWorld;
  /**
   * Injected-bug modes active while each scenario runs (its restore excepted), on the built-in
   * simulator: `builtIn`'s (started with `injectBugs`) or the ones started here; not with `baseUrl`.
   */
  readonly bugs?: readonly string[];
  /** Keys the user holds, by wallet name: a scenario's wallet of that name signs with it and is not funded. */
  readonly wallets?: ReadonlyMap<string, Wallet>;
  /** Told once, before the first scenario, how scenarios will share a `baseUrl` server. */
  readonly onNotice?: (line: string) => void;
  /** Called once each scenario ended, in run order. */
  readonly onResult?: (scenario: Scenario, result: ScenarioResult) => void;
}

export interface ScenarioRun {
  readonly results: readonly { readonly scenario: Scenario; readonly result: ScenarioResult }[];
  /** The run in the conformance reporters' model (JUnit, JSON, Markdown read it). */
  readonly summary: RunSummary;
}

function streamUrlOf(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, "ws").replace(/\/$/, "")}/v1/stream`;
}

/**
 * Runs scenarios in the order given. Against `baseUrl` each runs on that server as it is
 * (its seed and world are the server's own). Without one, scenarios sharing a world (seed
 * and world options) share one built-in simulator, restored to its first state before each.
 */
export async function runScenarios(scenarios: readonly Scenario[], options: RunScenariosOptions = {}): Promise<ScenarioRun> {
  const started = performance.now();
  const results: { scenario: Scenario; result: ScenarioResult }[] = [];
  const keep = (scenario: Scenario, result: ScenarioResult) => {
    results.push({ scenario, result });
    options.onResult?.(scenario, result);
  };
  const control = options.control ?? "auto";
  const held = options.wallets ?? new Map<string, Wallet>();
  if (options.bugs !== undefined && options.baseUrl !== undefined && options.builtIn === undefined)
    throw new Error("runScenarios: bugs needs the built-in simulator, not a baseUrl");
  if (options.builtIn !== undefined) {
    const world = options.builtIn;
    const probe = await probeCapabilities(world.client, { control, keypair: false, allowSlow: false });
    const server = { client: world.client, streamUrl: world.server.streamUrl, ...probe };
    for (const scenario of scenarios) {
      await world.fresh();
      const run = () => runScenario(scenario, server, held);
      keep(scenario, await (options.bugs === undefined ? run() : world.withBugs(options.bugs, run)));
    }
  } else if (options.baseUrl !== undefined) {
    const client = new BasketClient(options.baseUrl.replace(/\/$/, ""));
    const probe = await probeCapabilities(client, { control, keypair: false, allowSlow: false });
    const server = { client, streamUrl: streamUrlOf(client.baseUrl), ...probe };
    // A server that takes /devnet/ snapshots gives every scenario the state the run found, as
    // the built-in simulator does, and gets it back at the end: scenarios never see each
    // other's graduations and wallets, and a second run finds what the first did.
    const snapshot = probe.capabilities.has("control") ? await ServerSnapshot.take(client) : null;
    if (snapshot === null || "refused" in snapshot) {
      const why = snapshot === null ? "it has no /devnet/ control API" : `it refused a snapshot (${snapshot.refused})`;
      options.onNotice?.(`scenarios share the server's state as they run, one after another: ${why}`);
      for (const scenario of scenarios) keep(scenario, await runScenario(scenario, server, held));
    } else {
      options.onNotice?.("each scenario starts from the state the run found (a /devnet/ snapshot, restored before each and at the end)");
      try {
        for (const [index, scenario] of scenarios.entries()) {
          if (index > 0) await snapshot.restore();
          keep(scenario, await runScenario(scenario, server, held));
        }
      } finally {
        await snapshot.restore().catch((error: unknown) => {
          // A scenario's own snapshots can evict the run's (a server keeps a bounded number):
          // the server keeps that scenario's changes, and the run cannot isolate another.
          throw new Error(
            `${error instanceof Error ? error.message : String(error)} after scenario ${results.at(-1)?.scenario.name ?? "(none)"}: it holds that scenario's changes. ` +
              "A server keeps a bounded number of /devnet/ snapshots (the simulator its last 16): a scenario that takes that many of its own evicts the run's",
          );
        });
      }
    }
  } else {
    const byWorld = new Map<string, Scenario[]>();
    for (const scenario of scenarios) byWorld.set(worldKey(scenario), [...(byWorld.get(worldKey(scenario)) ?? []), scenario]);
    for (const group of byWorld.values()) {
      const world = await BuiltInWorld.start(group[0]!, { injectBugs: options.bugs !== undefined });
      try {
        const probe = await probeCapabilities(world.client, { control, keypair: false, allowSlow: false });
        for (const scenario of group) {
          await world.fresh();
          const run = () => runScenario(scenario, { client: world.client, streamUrl: world.server.streamUrl, ...probe }, held);
          keep(scenario, await (options.bugs === undefined ? run() : world.withBugs(options.bugs, run)));
        }
      } finally {
        await world.close();
      }
    }
  }
  const outcomes: CheckOutcome[] = results.map(({ result }) => result.outcome);
  const count = (status: CheckOutcome["status"]) => outcomes.filter((outcome) => outcome.status === status).length;
  const seeds = new Set(scenarios.map((scenario) => Number(scenario.seed)));
  return {
    results,
    summary: {
      baseUrl: options.baseUrl ?? "built-in simulator",
      seed: seeds.size === 1 ? [...seeds][0]! : 0,
      strict: true,
      outcomes,
      passed: count("pass"),
      failed: count("fail"),
      skipped: count("skip"),
      noted: 0,
      notRun: 0,
      millis: performance.now() - started,
      phaseMillis: {},
    },
  };
}
