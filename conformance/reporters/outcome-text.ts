import type { CheckOutcome } from "../engine/run-events.ts";

/** The one line a report shows for an outcome beside its id: why it failed, was noted or skipped. */
export function outcomeDetail(outcome: CheckOutcome): string {
  switch (outcome.status) {
    case "pass":
      return "";
    case "skip":
      return outcome.reason;
    case "fail":
    case "note":
      return outcome.failure.message;
  }
}

/** A failure written out for a reader: the rule, the seed, the input and how to reproduce it. */
export function failureText(outcome: Extract<CheckOutcome, { status: "fail" | "note" }>): string {
  const { failure } = outcome;
  const lines = [
    `${failure.checkId}: ${failure.message}`,
    `  rule (${failure.enforces}): ${failure.rule.section}: ${failure.rule.text}`,
    `  seed: ${failure.seed}`,
  ];
  const { input, expected, actual, transcript } = failure.details;
  if (input !== undefined) lines.push(`  input: ${stringify(input)}`);
  if (expected !== undefined) lines.push(`  expected: ${stringify(expected)}`);
  if (actual !== undefined) lines.push(`  actual: ${stringify(actual)}`);
  if (transcript && transcript.length > 0) lines.push("  transcript:", ...transcript.map((frame) => `    ${frame}`));
  if (failure.curl.length > 0) lines.push("  reproduce:", ...failure.curl.slice(-3).map((command) => `    ${command}`));
  return lines.join("\n");
}

/** JSON for a value that may hold bigints, cut short when long. */
export function stringify(value: unknown, max = 2_000): string {
  const text = JSON.stringify(value, (_, item: unknown) => (typeof item === "bigint" ? item.toString() : item)) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}
