/**
 * Runs checks the way `basket-devnet conformance` does (the engine's runner: documents,
 * capability probe, samples, a recording context per check) against a real in-process
 * simulator, or against a black box in front of one, and reports each outcome plainly.
 */
import { type Simulator, startSimulator } from "../../../src/simulator/simulator.ts";
import type { Check, FailureDetails } from "../../engine/check.ts";
import { runConformance } from "../../engine/run-conformance.ts";

export type Outcome =
  | { readonly status: "passed"; readonly notes: readonly string[] }
  | {
      readonly status: "failed";
      readonly message: string;
      readonly details: FailureDetails;
      readonly curl: readonly string[];
      readonly notes: readonly string[];
    }
  | { readonly status: "skipped"; readonly reason: string; readonly notes: readonly string[] }
  /** A difference from one of our decisions, outside `strict`: a note, not a failure. */
  | { readonly status: "noted"; readonly message: string; readonly notes: readonly string[] };

export interface TestServer {
  readonly baseUrl: string;
  readonly streamUrl: string;
}

/** A simulator on a free port with a pinned seed and the manual clock (24 launches, 2 h of history: quick to start). */
export function startTestSimulator(options: { seed?: string; launchCount?: number } = {}): Promise<Simulator> {
  return startSimulator({
    seed: options.seed ?? "conformance-tests",
    port: 0,
    clockMode: "manual",
    launchCount: options.launchCount ?? 24,
    historyHours: 2,
  });
}

export interface ContextOptions {
  readonly seed?: number;
  readonly numRuns?: number;
  /** Where failures (and counterexample scenarios) are saved; default none. */
  readonly failureDir?: string;
  /** Our decisions fail too (default), as `--strict` makes them; false: they are notes, as by default on the command line. */
  readonly strict?: boolean;
}

/** Runs `checks` through the engine (strict unless told: our decisions fail too) and returns each outcome by id. */
export async function runChecks(server: TestServer, checks: readonly Check[], options: ContextOptions = {}): Promise<Map<string, Outcome>> {
  const summary = await runConformance({
    baseUrl: server.baseUrl,
    streamUrl: server.streamUrl,
    seed: options.seed ?? 42,
    numRuns: options.numRuns ?? 5,
    strict: options.strict ?? true,
    failureDir: options.failureDir ?? null,
    registry: checks,
  });
  const outcomes = new Map<string, Outcome>();
  for (const outcome of summary.outcomes) {
    const notes = outcome.notes.map((note) => `${note.level}: ${note.message}`);
    outcomes.set(
      outcome.check.id,
      outcome.status === "pass"
        ? { status: "passed", notes }
        : outcome.status === "skip"
          ? { status: "skipped", reason: outcome.reason, notes }
          : outcome.status === "note"
            ? { status: "noted", message: outcome.failure.message, notes }
            : { status: "failed", message: outcome.failure.message, details: outcome.failure.details, curl: outcome.failure.curl, notes },
    );
  }
  return outcomes;
}

/** Runs one check through the engine. */
export async function runCheck(server: TestServer, check: Check, options: ContextOptions = {}): Promise<Outcome> {
  return (await runChecks(server, [check], options)).get(check.id)!;
}
