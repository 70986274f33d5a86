import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockedPackage {
  readonly version?: string;
  readonly optionalDependencies?: Record<string, string>;
  readonly optional?: boolean;
}

const lock = JSON.parse(readFileSync(new URL("../../../package-lock.json", import.meta.url), "utf8")) as {
  readonly packages: Record<string, LockedPackage>;
};

/** Where node would find `name` from the package at `path`: its own node_modules, then each ancestor's, as the lockfile keys them. */
function lockedFrom(path: string, name: string): LockedPackage | undefined {
  for (let at = path; ;) {
    const found = lock.packages[`${at === "" ? "" : `${at}/`}node_modules/${name}`];
    if (found !== undefined || at === "") return found;
    const parent = at.lastIndexOf("/node_modules/");
    at = parent === -1 ? "" : at.slice(0, parent);
  }
}

describe("the lockfile", () => {
  // npm writes a lockfile without other platforms' packages when the registry it resolves
  // against lacks them (as this workplace's does for litesvm's); `npm ci` then refuses the
  // lockfile on every machine as out of sync with package.json.
  it("lists every optional dependency of every locked package, other platforms' builds included, so `npm ci` accepts it", () => {
    const missing: string[] = [];
    for (const [path, locked] of Object.entries(lock.packages)) {
      for (const name of Object.keys(locked.optionalDependencies ?? {})) {
        if (lockedFrom(path, name) === undefined) missing.push(`${name} (wanted by ${path || "the package"})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
