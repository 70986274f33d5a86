import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The library shipped with the project. */
export const LIBRARY_DIR = new URL("../library/", import.meta.url);

/** Scenario files named by `paths`: a file as it is, a directory's `.yaml`/`.yml` files (sorted, recursively). */
export function scenarioFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
      const inside = readdirSync(path)
        .sort()
        .map((name) => join(path, name));
      files.push(...scenarioFiles(inside.filter((entry) => statSync(entry).isDirectory() || /\.ya?ml$/.test(entry))));
    } else files.push(path);
  }
  return files;
}
