import { existsSync } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { dirname } from "node:path";

/** What went wrong with a file, briefly: node's error code (EACCES, ENOTDIR…) or else its message. */
export function fileFailure(error: unknown): string {
  return (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Why `file` cannot be written (its folder made, the file opened for writing, as writing it
 * will), or null; a file it creates to learn that is removed. The recorder's `--out` and
 * conformance's `--report` files are tried so before anything else runs.
 */
export async function cannotWrite(file: string): Promise<string | null> {
  try {
    await mkdir(dirname(file), { recursive: true });
    const existed = existsSync(file);
    await (await open(file, "a")).close();
    if (!existed) await rm(file);
    return null;
  } catch (error) {
    return fileFailure(error);
  }
}
