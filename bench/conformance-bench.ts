/**
 * Issue 9's benchmark: the whole conformance suite against the built-in simulator started
 * in this process (seed 1, manual clock), seconds per phase; goal under 60 s in all.
 * `--shard I/N` splits the same registry across CI jobs; the sum is what one job would take.
 */
import { ALL_CHECKS } from "../conformance/checks/index.ts";
import { startBuiltInServer } from "../conformance/cli/start-simulator.ts";
import { runConformance } from "../conformance/engine/run-conformance.ts";
import { table } from "./measure.ts";

/** Checks listed by time taken. */
const SLOWEST = 15;

export async function conformanceBench(): Promise<string> {
  const started = performance.now();
  const server = await startBuiltInServer({ seed: 1 });
  const startSeconds = (performance.now() - started) / 1000;
  try {
    const summary = await runConformance({
      baseUrl: server.baseUrl,
      streamUrl: server.streamUrl,
      seed: 1,
      numRuns: 100,
      registry: ALL_CHECKS,
    });
    const rows = Object.entries(summary.phaseMillis).map(([phase, millis]) => {
      const outcomes = summary.outcomes.filter((outcome) => outcome.check.phase === phase);
      const count = (status: string) => outcomes.filter((outcome) => outcome.status === status).length;
      return [phase, outcomes.length, count("pass"), count("fail"), count("skip"), count("note"), ((millis ?? 0) / 1000).toFixed(1)];
    });
    // Where the time goes: the slowest checks, to see what a phase's seconds are made of.
    const slowest = [...summary.outcomes]
      .sort((a, b) => b.millis - a.millis)
      .slice(0, SLOWEST)
      .map((outcome) => [outcome.check.id, outcome.check.phase, outcome.status, (outcome.millis / 1000).toFixed(1)]);
    const total = summary.millis / 1000;
    return [
      "## Conformance suite against the built-in simulator",
      "",
      `Simulator started in ${startSeconds.toFixed(1)} s; ${summary.outcomes.length} checks in ${total.toFixed(1)} s (goal: under 60 s).`,
      "",
      table(["phase", "checks", "passed", "failed", "skipped", "noted", "seconds"], rows),
      "",
      `The ${SLOWEST} slowest checks:`,
      "",
      table(["check", "phase", "outcome", "seconds"], slowest),
    ].join("\n");
  } finally {
    await server.close();
  }
}
