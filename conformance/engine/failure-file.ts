import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CheckFailure } from "./check.ts";

/** Where failures are saved unless told otherwise (ignored by git). */
export const DEFAULT_FAILURE_DIR = ".conformance/failures";

/** A saved failure: enough to run the one check again, with its seed, against the same server. */
export interface FailureFile {
  readonly version: 1;
  readonly baseUrl: string;
  readonly streamUrl: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly strict: boolean;
  readonly control: "auto" | "off";
  readonly allowSlow: boolean;
  /**
   * Present when the run judged the built-in simulator it started (`--start`): `baseUrl` died
   * with it, so a replay starts one again, seeded alike, with these injected-bug modes.
   */
  readonly startedWith?: StartedWith;
  readonly failure: CheckFailure;
  readonly savedAt: string;
}

/** How a `--start` run started its simulator, beyond the seed: what a replay needs to start the same one. */
export interface StartedWith {
  /** The `--inject-bug` modes, comma-separated; null when none. */
  readonly injectBugs: string | null;
}

/** A file name safe on every file system: the check id and the seed. */
export function failureFileName(checkId: string, seed: number): string {
  return `${checkId.replace(/[^A-Za-z0-9._-]/g, "_")}-${seed}.json`;
}

export async function saveFailure(directory: string, file: Omit<FailureFile, "version" | "savedAt">): Promise<string> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, failureFileName(file.failure.checkId, file.seed));
  const content: FailureFile = { version: 1, savedAt: new Date().toISOString(), ...file };
  await writeFile(path, `${JSON.stringify(content, null, 2)}\n`);
  return path;
}

/** Reads a saved failure; a file that is not one is a RangeError naming what is wrong. */
export async function loadFailure(path: string): Promise<FailureFile> {
  let parsed: Partial<FailureFile>;
  try {
    parsed = JSON.parse(await readFile(path, "utf8")) as Partial<FailureFile>;
  } catch (error) {
    throw new RangeError(`${path} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (
    parsed.version !== 1 ||
    typeof parsed.baseUrl !== "string" ||
    typeof parsed.seed !== "number" ||
    typeof parsed.failure?.checkId !== "string"
  ) {
    throw new RangeError(`${path} is not a saved conformance failure (version 1 with baseUrl, seed and failure.checkId)`);
  }
  return parsed as FailureFile;
}
