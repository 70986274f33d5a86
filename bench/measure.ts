/** Small timing helpers shared by the benchmark suites. Results are printed, never asserted. */

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `work` once per item and returns items per second of wall time. */
export function throughput<T>(items: readonly T[], work: (item: T) => void): number {
  const started = performance.now();
  for (const item of items) work(item);
  return items.length / ((performance.now() - started) / 1000);
}

/**
 * The compute units of each top-level instruction, read from the runtime's logs: the
 * `consumed` line printed when a depth-1 invocation returns.
 */
export function topLevelComputeUnits(logs: readonly string[]): { program: string; units: number }[] {
  const result: { program: string; units: number }[] = [];
  let depth = 0;
  for (const line of logs) {
    const invoke = /^Program (\S+) invoke \[(\d+)\]$/.exec(line);
    if (invoke) {
      depth = Number(invoke[2]);
      continue;
    }
    const consumed = /^Program (\S+) consumed (\d+) of \d+ compute units$/.exec(line);
    if (consumed && depth === 1) result.push({ program: consumed[1]!, units: Number(consumed[2]) });
    if (/^Program \S+ (success|failed)/.test(line)) depth -= 1;
  }
  return result;
}

export function table(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(cells[0]!), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(line)].join("\n");
}
