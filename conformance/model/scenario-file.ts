import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CommandStep, scenarioFromCommands, scenarioYaml } from "../../scenarios/runner/scenario-from-commands.ts";

/** One named step of the stateful model's script: what it did, with what, and what the specification expects. */
export type ScenarioStep = CommandStep;

/** A counterexample as the stateful check found it: the script it ran and where. */
export interface Counterexample {
  readonly name: string;
  readonly description: string;
  readonly seed: number;
  readonly baseUrl: string;
  /** The launch the script traded on. */
  readonly launch: string;
  /** The wallets `w0`, `w1`… the script used (their addresses on the judged server). */
  readonly wallets: readonly string[];
  readonly steps: readonly ScenarioStep[];
}

/**
 * Writes a counterexample as a scenario file of the scenario format (the runner replays it:
 * `basket-devnet scenario run FILE [--base-url URL]`; its wallets are new keys funded by the
 * faucet, not the judged run's) and returns its path.
 */
export function writeScenario(counterexample: Counterexample, directory: string): string {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `${counterexample.name}-seed-${counterexample.seed}-${Date.now()}.yaml`);
  const scenario = scenarioFromCommands({ ...counterexample, wallets: counterexample.wallets.length });
  const origin = `# A counterexample found by basket-devnet conformance against ${counterexample.baseUrl}: replay it with\n#   basket-devnet scenario run ${path} [--base-url URL]\n`;
  writeFileSync(path, `${origin}${scenarioYaml(scenario, path)}`);
  return path;
}
