/**
 * build-programs: compiles every on-chain program under programs-fixtures/
 * and links it into programs-fixtures/dist/<name>.so.
 *
 *   npm run build:programs                 build all programs
 *   npm run build:programs -- pool curve   build only these
 *   npm run build:programs -- --check      rebuild in a temp dir, write nothing, and exit 1
 *                                          if any dist/<name>.so is missing or differs
 *
 * A program is a folder programs-fixtures/<name>/ holding <name>.c; other
 * folders (include/, toolchain/, build/, dist/) have no such file and are
 * skipped. Objects go to programs-fixtures/build/ (git-ignored).
 */

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compileBpf } from "./compile-bpf.ts";
import { linkSbpf } from "./link-sbpf.ts";

// Paths handed to clang are relative to the repository root, so nothing host-specific enters the object.
const FIXTURES = "programs-fixtures";
const INCLUDE = `${FIXTURES}/include`;

/** Where the script reports; tests pass their own to capture the lines. */
export interface Reporter {
  log(line: string): void;
  error(line: string): void;
}

interface Options {
  readonly check: boolean;
  readonly names: readonly string[];
}

/**
 * Builds (or with --check, verifies) the programs of the repository at `root`.
 * Returns the exit code: 0 success, 1 build failure or stale dist/, 2 usage error.
 */
export function buildPrograms(root: string, argv: readonly string[], reporter: Reporter = console): number {
  const options = parseArguments(argv, reporter);
  if (options === null) return 2;

  const available = discoverPrograms(root);
  const unknown = options.names.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    reporter.error(`unknown program(s): ${unknown.join(", ")}; available: ${available.join(", ") || "none"}`);
    return 2;
  }
  const programs = options.names.length > 0 ? [...new Set(options.names)].sort() : available;
  if (programs.length === 0) {
    reporter.log(`no programs found (a program is ${FIXTURES}/<name>/<name>.c)`);
    return 0;
  }

  const dist = join(root, FIXTURES, "dist");
  // --check must not write into the repository, so its objects go to a temp dir.
  const objectDir = options.check ? mkdtempSync(join(tmpdir(), "build-programs-")) : join(root, FIXTURES, "build");
  mkdirSync(objectDir, { recursive: true });
  if (!options.check) mkdirSync(dist, { recursive: true });

  const width = Math.max(...programs.map((name) => name.length));
  const failed: string[] = [];
  const stale: string[] = [];
  try {
    for (const name of programs) {
      let linked: Uint8Array;
      try {
        const object = join(objectDir, `${name}.o`);
        compileBpf(`${FIXTURES}/${name}/${name}.c`, object, { cwd: root, includeDirs: [INCLUDE] });
        linked = linkSbpf(readFileSync(object));
      } catch (error) {
        reporter.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        failed.push(name);
        continue;
      }

      const target = join(dist, `${name}.so`);
      const label = `${name.padEnd(width)}  ${String(linked.length).padStart(7)} bytes`;
      if (options.check) {
        const status = compareWithCommitted(target, linked);
        if (status !== "up to date") stale.push(name);
        reporter.log(`${label}  ${status}`);
      } else {
        writeFileSync(target, linked);
        reporter.log(`${label}  -> ${FIXTURES}/dist/${name}.so`);
      }
    }
  } finally {
    if (options.check) rmSync(objectDir, { recursive: true, force: true });
  }

  if (failed.length > 0) reporter.error(`failed to build: ${failed.join(", ")}`);
  if (stale.length > 0) reporter.error(`out of date in ${FIXTURES}/dist: ${stale.join(", ")} (run npm run build:programs)`);
  return failed.length > 0 || stale.length > 0 ? 1 : 0;
}

function parseArguments(argv: readonly string[], reporter: Reporter): Options | null {
  let check = false;
  const names: string[] = [];
  for (const arg of argv) {
    if (arg === "--check") check = true;
    else if (arg.startsWith("-")) {
      reporter.error(`unknown option ${arg}\nusage: build-programs [--check] [program ...]`);
      return null;
    } else names.push(arg);
  }
  return { check, names };
}

/** Folder names under programs-fixtures/ that contain <name>/<name>.c, sorted. */
function discoverPrograms(root: string): string[] {
  return readdirSync(join(root, FIXTURES), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, FIXTURES, entry.name, `${entry.name}.c`)))
    .map((entry) => entry.name)
    .sort();
}

function compareWithCommitted(path: string, rebuilt: Uint8Array): string {
  if (!existsSync(path)) return `missing ${FIXTURES}/dist/${basename(path)}`;
  return Buffer.compare(readFileSync(path), rebuilt) === 0 ? "up to date" : "differs from the committed .so";
}

// Run only when executed as a script (npm run build:programs), not when imported by tests.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = buildPrograms(fileURLToPath(new URL("../..", import.meta.url)), process.argv.slice(2));
}
