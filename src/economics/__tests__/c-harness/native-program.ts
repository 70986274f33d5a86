/**
 * Builds one of the c-harness programs with the host C compiler and talks to it line by
 * line, so tests can ask the real program source what it computes. `null` when no C
 * compiler is installed: the differential tests then skip and say why.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = resolve(here, "../../../../programs-fixtures");

/** A running harness: send one request line, get its answer line. */
export interface NativeProgram {
  ask(request: string): Promise<string>;
  close(): void;
}

/** The host compiler, or null when none is installed. */
export function findCompiler(): string | null {
  for (const compiler of ["cc", "gcc", "clang"]) {
    try {
      execFileSync(compiler, ["--version"], { stdio: "ignore" });
      return compiler;
    } catch {
      // try the next one
    }
  }
  return null;
}

/** Compiles `<program>-harness.c` against programs-fixtures/<program>/<program>.c and starts it. */
export function startNativeProgram(program: "curve" | "pool" | "launch"): NativeProgram | null {
  const compiler = findCompiler();
  if (compiler === null) return null;
  const directory = mkdtempSync(join(tmpdir(), "economics-harness-"));
  const binary = join(directory, `${program}-harness`);
  execFileSync(compiler, [
    "-std=gnu17",
    "-O1",
    "-w", // the programs' own warnings are not this test's business
    `-I${join(fixtures, "include")}`,
    `-I${join(fixtures, program)}`,
    "-o",
    binary,
    join(here, `${program}-harness.c`),
  ]);
  const child: ChildProcessWithoutNullStreams = spawn(binary, [], { stdio: "pipe" });
  const waiting: Array<{ answer: (line: string) => void; fail: (error: Error) => void }> = [];
  let buffered = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      waiting.shift()?.answer(line);
    }
  });
  child.on("exit", (code) => {
    rmSync(directory, { recursive: true, force: true });
    for (const waiter of waiting.splice(0)) waiter.fail(new Error(`${program}-harness exited with ${code}`));
  });
  return {
    ask(request) {
      return new Promise((answer, fail) => {
        waiting.push({ answer, fail });
        child.stdin.write(`${request}\n`);
      });
    },
    close() {
      child.stdin.end();
    },
  };
}
