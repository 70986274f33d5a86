import type { RunSummary } from "../../conformance/engine/run-events.ts";
import type { ScenarioResult } from "./run-scenario.ts";
import type { Scenario } from "./scenario-schema.ts";

const MARK = { pass: "ok  ", fail: "FAIL", skip: "skip", note: "note" } as const;

/**
 * The console of `scenario run`: a line per scenario as it ends; a failing one prints its
 * transcript (every step, request, answer and frame up to the failure) and the diff of the
 * first failing expectation; `verbose` prints every transcript.
 */
export function scenarioConsole(write: (text: string) => void, verbose: boolean) {
  return {
    result(scenario: Scenario, result: ScenarioResult) {
      const { outcome } = result;
      const detail =
        outcome.status === "skip" ? `: ${outcome.reason}` : outcome.status === "fail" ? `: ${outcome.failure.message.split("\n")[0]}` : "";
      write(`${MARK[outcome.status]} ${scenario.name} (${(outcome.millis / 1000).toFixed(1)} s)${detail}\n`);
      if (verbose || outcome.status === "fail") {
        // A transcript line may hold several (a diff): each is indented alike.
        for (const line of result.transcript) for (const part of line.split("\n")) write(`     ${part}\n`);
        write("\n");
      }
    },
    summary(summary: RunSummary) {
      write(
        `\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped in ${(summary.millis / 1000).toFixed(1)} s\n`,
      );
    },
  };
}
