import type { RunEvent, RunListener } from "../engine/run-events.ts";
import { failureText, outcomeDetail } from "./outcome-text.ts";

const MARK = { pass: "ok  ", fail: "FAIL", skip: "skip", note: "note" } as const;

/**
 * Progress while the run goes (a line per check), then every failure in full and a table of
 * every check. Writes through `write` (default stdout).
 */
export function consoleReporter(write: (text: string) => void = (text) => process.stdout.write(text)): RunListener {
  let total = 0;
  let done = 0;
  return (event: RunEvent) => {
    switch (event.kind) {
      case "runStart": {
        total = event.checks.length;
        write(`basket-devnet conformance: ${event.baseUrl}, seed ${event.seed}, ${total} checks\n`);
        write(`  document: ${event.documentSource}\n`);
        write(`  capabilities: ${event.capabilities.length > 0 ? event.capabilities.join(", ") : "none beyond /v1"}\n`);
        for (const reason of new Set(Object.values(event.missing))) write(`  missing: ${reason}\n`);
        break;
      }
      case "phaseStart":
        write(`\n${event.phase} (${event.count})\n`);
        break;
      case "checkEnd": {
        done += 1;
        const { outcome } = event;
        const detail = outcomeDetail(outcome);
        const seconds = (outcome.millis / 1000).toFixed(1);
        write(`  [${done}/${total}] ${MARK[outcome.status]} ${outcome.check.id} (${seconds} s)${detail ? `: ${detail}` : ""}\n`);
        if (event.savedTo) write(`         saved ${event.savedTo}\n`);
        break;
      }
      case "runEnd": {
        const { summary } = event;
        const broken = summary.outcomes.filter((outcome) => outcome.status === "fail" || outcome.status === "note");
        if (broken.length > 0) write("\nFailures and decision notes\n");
        for (const outcome of broken) if (outcome.status === "fail" || outcome.status === "note") write(`\n${failureText(outcome)}\n`);
        const width = Math.max(5, ...summary.outcomes.map((outcome) => outcome.check.id.length));
        write(`\n${"check".padEnd(width)}  result  phase       seconds\n`);
        for (const outcome of summary.outcomes) {
          write(
            `${outcome.check.id.padEnd(width)}  ${MARK[outcome.status]}    ${outcome.check.phase.padEnd(10)}  ${(outcome.millis / 1000).toFixed(1)}\n`,
          );
        }
        const phases = Object.entries(summary.phaseMillis).map(([phase, millis]) => `${phase} ${((millis ?? 0) / 1000).toFixed(1)} s`);
        write(
          `\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped, ${summary.noted} noted` +
            `${summary.notRun > 0 ? ` (${summary.notRun} of the skipped not run)` : ""} in ${(summary.millis / 1000).toFixed(1)} s` +
            `${phases.length > 0 ? ` (${phases.join(", ")})` : ""}\n`,
        );
        break;
      }
      default:
        break;
    }
  };
}
