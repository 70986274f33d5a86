/**
 * compileBpf: runs clang-19 on one C file with the flags every on-chain
 * program in this repo is built with, so the build script and the tests
 * compile exactly alike.
 */

import { spawnSync } from "node:child_process";

export const CLANG = "clang-19";

/**
 * -mcpu=v2: the newest eBPF CPU whose instructions SBPFv0 still accepts (v3
 * adds 32-bit jumps, v4 sign-extending loads and signed division).
 * -fno-builtin / -ffreestanding: there is no libc; clang must not turn loops
 * into memcpy/memset calls, which BPF cannot make.
 * -bpf-stack-size=4096: Solana gives each call frame 4 KiB, not eBPF's 512 B.
 * No -g: debug info never reaches the .so (linkSbpf drops non-allocated
 * sections), and leaving it out keeps the objects small. The object's other
 * incidental bytes (source file name, .comment) are dropped the same way,
 * which is what makes the linked output reproducible.
 */
export const BPF_CFLAGS: readonly string[] = [
  "-target",
  "bpf",
  "-mcpu=v2",
  "-O2",
  "-ffreestanding",
  "-fno-builtin",
  "-fno-stack-protector",
  "-mllvm",
  "-bpf-stack-size=4096",
];

export interface CompileOptions {
  /** Directories passed as -I, in order. */
  readonly includeDirs?: readonly string[];
  /** Working directory for clang; relative paths are resolved against it. */
  readonly cwd?: string;
  /** Extra flags after the standard ones (tests use this to provoke unsupported code). */
  readonly extraFlags?: readonly string[];
}

/** Compiles `source` to the relocatable BPF object `output`. Throws with clang's diagnostics on failure. */
export function compileBpf(source: string, output: string, options: CompileOptions = {}): void {
  const includes = (options.includeDirs ?? []).flatMap((dir) => ["-I", dir]);
  const args = [...BPF_CFLAGS, ...(options.extraFlags ?? []), ...includes, "-c", source, "-o", output];
  const result = spawnSync(CLANG, args, { cwd: options.cwd, encoding: "utf8" });
  if (result.error) {
    if ((result.error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(`${CLANG} was not found on PATH; install it with: apt-get install clang-19`);
    }
    throw result.error;
  }
  if (result.status !== 0) {
    throw new Error(`${CLANG} failed to compile ${source}:\n${result.stderr.trim()}`);
  }
}
