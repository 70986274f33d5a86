import type { RunSummary } from "../engine/run-events.ts";

/** The whole run as JSON: the summary's figures and every outcome with its failure or reason. */
export function jsonReport(summary: RunSummary): string {
  return `${JSON.stringify(summary, (_, value: unknown) => (typeof value === "bigint" ? value.toString() : value), 2)}\n`;
}
