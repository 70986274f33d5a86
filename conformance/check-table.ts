import { ALL_CHECKS } from "./checks/index.ts";
import type { Check } from "./engine/check.ts";

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replace(/\s*\n\s*/g, " ");
}

/**
 * The README's list of checks, generated from the registry: id, phase, what it enforces
 * (`specification` or our `decision`), what it needs, and its rule with the section.
 */
export function checkTableMarkdown(checks: readonly Check[] = ALL_CHECKS): string {
  const lines = [
    "| check | phase | enforces | needs | rule |",
    "|---|---|---|---|---|",
    ...checks.map(
      (check) =>
        `| \`${check.id}\` | ${check.phase} | ${check.enforces} | ${(check.needs ?? []).join(", ") || "—"} | ${cell(check.rule.section)}: ${cell(check.rule.text)} |`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
