import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";

/** One named step of a scenario: what to do, with what, and what the specification expects. */
export interface ScenarioStep {
  readonly step: string;
  readonly with?: Record<string, unknown>;
  readonly expect?: string;
}

export interface Scenario {
  readonly name: string;
  readonly description: string;
  readonly seed: number;
  readonly baseUrl: string;
  readonly wallets: readonly string[];
  readonly steps: readonly ScenarioStep[];
}

/** Where counterexamples are kept, relative to the working directory. */
export const SCENARIO_DIR = ".conformance/scenarios";

/**
 * Writes a scenario as YAML (a plain list of named steps with their inputs and expectations)
 * and returns its path. The scenario format proper belongs to the scenarios issue; this is
 * the small subset a counterexample needs, readable as it stands.
 */
export function writeScenario(scenario: Scenario, directory = SCENARIO_DIR): string {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `${scenario.name}-seed-${scenario.seed}-${Date.now()}.yaml`);
  writeFileSync(path, `# A counterexample found by basket-devnet conformance; each step as it ran.\n${stringify(scenario)}`);
  return path;
}
