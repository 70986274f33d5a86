import type { RunSummary } from "../engine/run-events.ts";
import { failureText, outcomeDetail } from "./outcome-text.ts";

const RESULT = { pass: "pass", fail: "**fail**", skip: "skip", note: "note (decision)" } as const;

/** A table cell: pipes escaped, lines joined. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replace(/\s*\n\s*/g, " ");
}

/** The run as Markdown: the figures, a table of every check, then each failure in full. */
export function markdownReport(summary: RunSummary): string {
  const lines = [
    `# Conformance of ${summary.baseUrl}`,
    "",
    `Seed ${summary.seed}${summary.strict ? ", strict" : ""}: ${summary.passed} passed, ${summary.failed} failed, ` +
      `${summary.skipped} skipped, ${summary.noted} noted in ${(summary.millis / 1000).toFixed(1)} s.`,
    "",
    "| check | phase | result | enforces | detail |",
    "|---|---|---|---|---|",
    ...summary.outcomes.map(
      (outcome) =>
        `| \`${outcome.check.id}\` | ${outcome.check.phase} | ${RESULT[outcome.status]} | ${outcome.check.enforces} | ${cell(outcomeDetail(outcome))} |`,
    ),
  ];
  const broken = summary.outcomes.filter((outcome) => outcome.status === "fail" || outcome.status === "note");
  if (broken.length > 0) lines.push("", "## Failures and decision notes");
  for (const outcome of broken) {
    if (outcome.status === "fail" || outcome.status === "note")
      lines.push("", `### \`${outcome.check.id}\``, "", "```", failureText(outcome), "```");
  }
  return `${lines.join("\n")}\n`;
}
