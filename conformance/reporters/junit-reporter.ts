import type { RunSummary } from "../engine/run-events.ts";
import { failureText } from "./outcome-text.ts";

/** Text safe inside an XML attribute or element: the five entities, and no characters XML 1.0 forbids. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/**
 * JUnit XML: one test suite per phase, one test case per check (class name the phase, name
 * the id); a failed check carries `<failure>` with its rule, seed, input and reproduction;
 * a skipped one `<skipped>` with the reason; a decision note passes with the note in
 * `<system-out>` (it is not a failure outside `--strict`).
 */
export function junitXml(summary: RunSummary): string {
  const phases = [...new Set(summary.outcomes.map((outcome) => outcome.check.phase))];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="basket-devnet conformance" tests="${summary.outcomes.length}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}" time="${(summary.millis / 1000).toFixed(3)}">`,
  ];
  for (const phase of phases) {
    const outcomes = summary.outcomes.filter((outcome) => outcome.check.phase === phase);
    const failures = outcomes.filter((outcome) => outcome.status === "fail").length;
    const skipped = outcomes.filter((outcome) => outcome.status === "skip").length;
    const seconds = outcomes.reduce((sum, outcome) => sum + outcome.millis, 0) / 1000;
    lines.push(
      `  <testsuite name="${xmlEscape(phase)}" tests="${outcomes.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds.toFixed(3)}">`,
    );
    for (const outcome of outcomes) {
      const open = `    <testcase classname="${xmlEscape(phase)}" name="${xmlEscape(outcome.check.id)}" time="${(outcome.millis / 1000).toFixed(3)}"`;
      if (outcome.status === "pass" && outcome.notes.length === 0) {
        lines.push(`${open}/>`);
        continue;
      }
      lines.push(`${open}>`);
      if (outcome.status === "fail") {
        lines.push(
          `      <failure message="${xmlEscape(outcome.failure.message)}" type="${xmlEscape(outcome.failure.enforces)}">${xmlEscape(failureText(outcome))}</failure>`,
        );
      } else if (outcome.status === "skip") {
        lines.push(`      <skipped message="${xmlEscape(outcome.reason)}"/>`);
      }
      const notes = outcome.notes.map((note) => `${note.level}: ${note.message}`);
      if (outcome.status === "note") notes.unshift(`decision (not a failure without --strict):\n${failureText(outcome)}`);
      if (notes.length > 0) lines.push(`      <system-out>${xmlEscape(notes.join("\n"))}</system-out>`);
      lines.push("    </testcase>");
    }
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>");
  return `${lines.join("\n")}\n`;
}
