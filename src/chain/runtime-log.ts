import { SharedStrings } from "./shared-strings.ts";

/**
 * The runtime's own lines in a transaction's log, as a validator writes them around what the
 * programs log: `Program <id> invoke [depth]` when a program starts, `Program <id> success`
 * or `Program <id> failed: …` when it ends, and `Program data: <base64>…` for each
 * `sol_log_data` call (an event). Together they say which program emitted what.
 */
const BASE58 = "[1-9A-HJ-NP-Za-km-z]{32,44}";
const INVOKE = new RegExp(`^Program (${BASE58}) invoke \\[\\d+\\]`);
const RETURN = new RegExp(`^Program (${BASE58}) (?:success|failed)`);
const DATA_PREFIX = "Program data: ";
/** Lines that carry a transaction's own bytes (an event, a return value): they rarely repeat. */
const OWN_BYTES_LINE = /^Program (?:data|return): /;
/** Distinct log lines shared at once: program flow and text repeat, compute-unit lines vary a little. */
const MAX_SHARED_LINES = 100_000;
const sharedLines = new SharedStrings(MAX_SHARED_LINES);

/**
 * The copy of a log line shared by everything that keeps logs (the chain's remembered logs,
 * the RPC's history): lines of program flow, text and compute units repeat across
 * transactions; a line of a transaction's own bytes is kept as it is.
 */
export function sharedLogLine(line: string): string {
  return OWN_BYTES_LINE.test(line) ? line : sharedLines.of(line);
}

/** The program a line says started (`Program <id> invoke [n]`), else null. */
export function invokedProgram(line: string): string | null {
  // Each pattern only where its words are: most lines are program text or compute units.
  return line.includes(" invoke [") ? (INVOKE.exec(line)?.[1] ?? null) : null;
}

/** Whether a line says the running program ended (`Program <id> success` or `… failed…`). */
export function endsProgram(line: string): boolean {
  return (line.includes(" success") || line.includes(" failed")) && RETURN.test(line);
}

/** The payload of a `Program data:` line (its base64 slices, space-separated), else null. */
export function emittedData(line: string): string | null {
  return line.startsWith(DATA_PREFIX) ? line.slice(DATA_PREFIX.length) : null;
}

/**
 * What the chain keeps of a landed transaction's log once its listeners and sender have had it
 * whole: each `Program data:` line, inside the invoke and end lines of the programs running
 * when it was written (so it is still known which program emitted it, at what depth). Other
 * programs' calls, program text and compute units are dropped: they were most of what a
 * long-running chain held per transaction, for good (a trade keeps 3 lines of about 20).
 */
export function rememberedLog(logs: readonly string[]): readonly string[] {
  const kept: string[] = [];
  // The programs running, innermost last, and whether each one's invoke line is kept yet.
  const running: { line: string; kept: boolean }[] = [];
  for (const line of logs) {
    if (emittedData(line) !== null) {
      for (const frame of running) {
        if (!frame.kept) kept.push(frame.line);
        frame.kept = true;
      }
      kept.push(line);
    } else if (invokedProgram(line) !== null) running.push({ line: sharedLogLine(line), kept: false });
    else if (endsProgram(line) && running.pop()?.kept) kept.push(sharedLogLine(line));
  }
  // Copied to its own length: the array grown by push keeps room for more, held for good.
  return kept.length === 0 ? NOTHING : [...kept];
}

const NOTHING: readonly string[] = Object.freeze([]);
