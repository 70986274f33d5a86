import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildPrograms, type Reporter } from "../build-programs.ts";
import { FIXTURES_DIR, ProgramUnderTest, ScratchDir, log64, logsOf } from "./program-under-test.ts";

// Runs the build against a throwaway repository layout, never the real one.
// Needs clang-19 (apt-get install clang-19).

class CapturedReporter implements Reporter {
  readonly lines: string[] = [];
  readonly errors: string[] = [];
  log(line: string): void {
    this.lines.push(line);
  }
  error(line: string): void {
    this.errors.push(line);
  }
}

describe("buildPrograms", () => {
  let repo: ScratchDir;
  let fixtures: string;

  beforeEach(() => {
    repo = new ScratchDir();
    fixtures = join(repo.path, "programs-fixtures");
    // Two programs, a shared header, and folders that are not programs.
    mkdirSync(join(fixtures, "include"), { recursive: true });
    writeFileSync(join(fixtures, "include", "answer.h"), "#define ANSWER 42\n");
    mkdirSync(join(fixtures, "toolchain"));
    mkdirSync(join(fixtures, "alpha"));
    cpSync(join(FIXTURES_DIR, "toolchain-probe.c"), join(fixtures, "alpha", "alpha.c"));
    mkdirSync(join(fixtures, "beta"));
    writeFileSync(
      join(fixtures, "beta", "beta.c"),
      [
        "#include <stdint.h>",
        '#include "answer.h"',
        "extern void sol_log_64_(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);",
        "uint64_t entrypoint(const uint8_t *input) { (void)input; sol_log_64_(ANSWER, 0, 0, 0, 0); return 0; }",
        "",
      ].join("\n"),
    );
  });
  afterEach(() => repo.dispose());

  const so = (name: string) => join(fixtures, "dist", `${name}.so`);

  it("builds every <name>/<name>.c into dist/<name>.so, one line per program", async () => {
    const reporter = new CapturedReporter();
    expect(buildPrograms(repo.path, [], reporter)).toBe(0);
    expect(reporter.lines).toHaveLength(2);
    expect(reporter.lines[0]).toMatch(/^alpha\s+\d+ bytes {2}-> programs-fixtures\/dist\/alpha\.so$/);
    expect(reporter.lines[1]).toMatch(/^beta\s+\d+ bytes/);
    expect(existsSync(join(fixtures, "build", "alpha.o"))).toBe(true);

    const beta = await ProgramUnderTest.deploy(readFileSync(so("beta")));
    expect(logsOf(await beta.invoke([]))).toContain(log64(42n, 0n, 0n, 0n, 0n));
  });

  it("builds only the programs named on the command line", () => {
    const reporter = new CapturedReporter();
    expect(buildPrograms(repo.path, ["beta"], reporter)).toBe(0);
    expect(existsSync(so("beta"))).toBe(true);
    expect(existsSync(so("alpha"))).toBe(false);
  });

  it("--check passes on fresh output and writes nothing", () => {
    expect(buildPrograms(repo.path, [], new CapturedReporter())).toBe(0);
    const before = readFileSync(so("alpha"));
    const reporter = new CapturedReporter();
    expect(buildPrograms(repo.path, ["--check"], reporter)).toBe(0);
    expect(reporter.lines.every((line) => line.endsWith("up to date"))).toBe(true);
    expect(Buffer.compare(readFileSync(so("alpha")), before)).toBe(0);
  });

  it("--check fails, listing every program that differs or is missing, without writing", () => {
    expect(buildPrograms(repo.path, ["alpha"], new CapturedReporter())).toBe(0);
    writeFileSync(so("alpha"), "stale");
    const reporter = new CapturedReporter();
    expect(buildPrograms(repo.path, ["--check"], reporter)).toBe(1);
    expect(reporter.lines[0]).toMatch(/^alpha .* differs from the committed \.so$/);
    expect(reporter.lines[1]).toMatch(/^beta .* missing programs-fixtures\/dist\/beta\.so$/);
    expect(reporter.errors).toContain("out of date in programs-fixtures/dist: alpha, beta (run npm run build:programs)");
    expect(readFileSync(so("alpha"), "utf8")).toBe("stale");
    expect(existsSync(so("beta"))).toBe(false);
    expect(existsSync(join(fixtures, "build", "beta.o"))).toBe(false); // objects went to a temp dir
  });

  it("reports compile and link failures per program and exits 1", () => {
    writeFileSync(
      join(fixtures, "beta", "beta.c"),
      "#include <stdint.h>\nuint64_t counter;\nuint64_t entrypoint(const uint8_t *i) { (void)i; return ++counter; }\n",
    );
    const reporter = new CapturedReporter();
    expect(buildPrograms(repo.path, [], reporter)).toBe(1);
    expect(reporter.lines).toHaveLength(1); // alpha still built
    expect(reporter.errors[0]).toMatch(/^beta: linkSbpf: writable global data/);
  });

  it("rejects unknown program names and options with exit code 2", () => {
    const reporter = new CapturedReporter();
    expect(buildPrograms(repo.path, ["gamma"], reporter)).toBe(2);
    expect(reporter.errors[0]).toBe("unknown program(s): gamma; available: alpha, beta");
    expect(buildPrograms(repo.path, ["--fast"], new CapturedReporter())).toBe(2);
  });
});
