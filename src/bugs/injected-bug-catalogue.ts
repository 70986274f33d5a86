import { BOUNDARY_BUGS } from "./boundary-bugs.ts";
import type { InjectedBug } from "./injected-bug.ts";
import { LINKS_BUGS } from "./links-bugs.ts";
import { NEGATIVE_BUGS } from "./negative-bugs.ts";
import { READ_BUGS } from "./read-bugs.ts";
import { SCHEMA_BUGS } from "./schema-bugs.ts";
import { STATEFUL_BUGS } from "./stateful-bugs.ts";
import { STREAM_BUGS } from "./stream-bugs.ts";
import { TRADE_BUGS } from "./trade-bugs.ts";

/**
 * Every injected bug, in the conformance suite's phase order: the proof that the suite can
 * fail. Each breaks one rule and names the check that must catch it; names are stable.
 */
export const INJECTED_BUGS: readonly InjectedBug[] = [
  ...SCHEMA_BUGS,
  ...BOUNDARY_BUGS,
  ...NEGATIVE_BUGS,
  ...READ_BUGS,
  ...TRADE_BUGS,
  ...STATEFUL_BUGS,
  ...STREAM_BUGS,
  ...LINKS_BUGS,
];

const BY_NAME = new Map(INJECTED_BUGS.map((bug) => [bug.name, bug]));

export function injectedBug(name: string): InjectedBug | undefined {
  return BY_NAME.get(name);
}

/**
 * Reads a comma-separated list of mode names (`--inject-bug a,b`): the modes, or the
 * sentence a usage error prints (it names the first unknown one and where to find them all).
 */
export function parseBugNames(list: string): { ok: true; names: string[] } | { ok: false; error: string } {
  const names = [...new Set(list.split(",").map((name) => name.trim()))];
  if (names.some((name) => name.length === 0)) return { ok: false, error: "--inject-bug needs mode names separated by commas" };
  const unknown = names.find((name) => !BY_NAME.has(name));
  if (unknown !== undefined)
    return { ok: false, error: `no injected bug is named ${JSON.stringify(unknown)}; basket-devnet bugs lists them` };
  return { ok: true, names };
}

/** How a mode's catcher reads: its check, and whether it fails only with `--strict` (a decision of ours). */
const caughtByText = (bug: InjectedBug) => `${bug.caughtBy}${bug.strictOnly ? " with --strict (noted without)" : ""}`;

/** The catalogue as a Markdown table (name, phase, rule broken, caught by): what the README shows. */
export function bugTableMarkdown(): string {
  const escape = (text: string) => text.replaceAll("|", "\\|");
  const lines = ["| mode | phase | rule it breaks | caught by |", "|---|---|---|---|"];
  for (const bug of INJECTED_BUGS)
    lines.push(
      `| \`${bug.name}\` | ${bug.phase} | ${escape(bug.rule)} | \`${bug.caughtBy}\`${bug.strictOnly ? " with `--strict` (noted without)" : ""} |`,
    );
  return `${lines.join("\n")}\n`;
}

/** The catalogue as the `basket-devnet bugs` command prints it: one block per mode. */
export function bugListText(): string {
  return `${INJECTED_BUGS.map((bug) => `${bug.name}  (${bug.phase}; caught by ${caughtByText(bug)})\n  ${bug.rule}`).join("\n")}\n`;
}
