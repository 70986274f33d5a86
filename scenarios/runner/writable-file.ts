import { existsSync } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { dirname } from "node:path";

/** What node's file error codes mean for a file about to be written, in words. */
const FILE_FAILURES: Readonly<Record<string, (path: string) => string>> = {
  // mkdir's EEXIST and open's ENOTDIR: a name on the way is a file where a folder must be.
  EEXIST: (path) => `${path} is a file, not a folder`,
  ENOTDIR: (path) => `a part of ${path} is a file, not a folder`,
  EISDIR: (path) => `${path} is a folder`,
  EACCES: (path) => `permission denied on ${path}`,
  EPERM: (path) => `permission denied on ${path}`,
  EROFS: (path) => `${path} is on a read-only file system`,
  ENOENT: (path) => `${path} cannot be created there`,
  ENOSPC: () => "no space left on the device",
  ENAMETOOLONG: (path) => `the name ${path} is too long`,
};

/** What went wrong with a file, as a short phrase with node's error code: "permission denied on /x (EACCES)". */
export function fileFailure(error: unknown): string {
  const { code, path } = error as { code?: string; path?: string };
  const words = code === undefined ? undefined : FILE_FAILURES[code];
  if (words !== undefined) return `${words(path ?? "the file")} (${code})`;
  return code ?? (error instanceof Error ? error.message : String(error));
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
