import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { cannotWrite } from "../../scenarios/runner/writable-file.ts";
import type { RunSummary } from "../engine/run-events.ts";
import { jsonReport } from "./json-reporter.ts";
import { junitXml } from "./junit-reporter.ts";
import { markdownReport } from "./markdown-reporter.ts";

/**
 * The report files of a run, as `--report junit=FILE,json=FILE,md=FILE` names them: one
 * definition for `conformance` and `scenario run`, which write the same reports of the same
 * summary.
 */
export const REPORT_FORMATS = { junit: junitXml, json: jsonReport, md: markdownReport } as const;

export type ReportFormat = keyof typeof REPORT_FORMATS;

export interface ReportFile {
  readonly format: ReportFormat;
  readonly file: string;
}

/** The reports `--report` names, or why the text names none: a wrong form, or one file named twice. */
export function reportFilesOf(
  text: string,
): { readonly ok: true; readonly reports: ReportFile[] } | { readonly ok: false; readonly reason: string } {
  const reports: ReportFile[] = [];
  for (const entry of text.split(",")) {
    const match = /^(junit|json|md)=(.+)$/.exec(entry.trim());
    if (!match)
      return {
        ok: false,
        reason: `--report takes junit=FILE,json=FILE,md=FILE; ${JSON.stringify(entry)} is not FORMAT=FILE with one of those formats`,
      };
    reports.push({ format: match[1] as ReportFormat, file: match[2]! });
  }
  // Two reports to one file: the second would overwrite the first.
  const files = reports.map((report) => resolve(report.file));
  const twice = files.find((file, index) => files.indexOf(file) !== index);
  if (twice !== undefined) return { ok: false, reason: `--report names ${twice} twice: each report needs a file of its own` };
  return { ok: true, reports };
}

/** Why one of the report files cannot be written, or null: asked before a run, not after it. */
export async function unwritableReport(reports: readonly ReportFile[]): Promise<string | null> {
  for (const report of reports) {
    const failure = await cannotWrite(report.file);
    if (failure !== null) return `cannot write the report ${report.file}: ${failure}`;
  }
  return null;
}

/** Writes each report of `summary`, saying so on `say`. */
export async function writeReports(reports: readonly ReportFile[], summary: RunSummary, say: (line: string) => void): Promise<void> {
  for (const report of reports) {
    await mkdir(dirname(report.file), { recursive: true });
    await writeFile(report.file, REPORT_FORMATS[report.format](summary));
    say(`wrote ${report.format} report ${report.file}\n`);
  }
}
