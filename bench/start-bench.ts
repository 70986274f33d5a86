/**
 * Start-up: `basket-devnet up` run as a user runs it (a new node process), timed from spawn
 * until `GET /v1/launches` answers 200, with the world built by transactions
 * (`--no-world-cache`) and loaded from the world cache (a private one, primed first). The
 * banner's own "world built / from cache in X s" is printed beside it.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, table } from "./measure.ts";

const BIN = fileURLToPath(new URL("../bin/basket-devnet.js", import.meta.url));
const RUNS = 3;
// Pinned genesis: every run has the same world, so the cached runs all hit.
const ARGS = ["up", "--port", "0", "--genesis-time", "2026-01-01", "--no-bots", "--clock", "manual"];

interface StartTiming {
  /** Spawn to the first 200 from /v1/launches. */
  readonly readyMs: number;
  /** What the banner says the world took. */
  readonly worldMs: number;
  readonly source: string;
}

async function stopped(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

async function timeStart(extra: readonly string[], env: NodeJS.ProcessEnv): Promise<StartTiming> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...ARGS, ...extra], { env });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const poll = setInterval(() => {
        const found = /Base URL\s+(http:\/\/\S+)/.exec(output);
        if (found) {
          clearInterval(poll);
          resolve(found[1]!);
        }
      }, 5);
      child.on("exit", (code) => {
        clearInterval(poll);
        reject(new Error(`basket-devnet exited with ${code}:\n${output}`));
      });
    });
    for (;;) {
      const response = await fetch(`${baseUrl}/v1/launches?limit=1`).catch(() => null);
      if (response?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const readyMs = performance.now() - started;
    const world = /world (built|from cache|resumed) in ([\d.]+) s/.exec(output);
    return { readyMs, worldMs: world ? Number(world[2]) * 1000 : NaN, source: world?.[1] ?? "?" };
  } finally {
    await stopped(child);
  }
}

export async function startBench(): Promise<string> {
  const cache = mkdtempSync(join(tmpdir(), "basket-start-bench-"));
  const env = { ...process.env, XDG_CACHE_HOME: cache };
  try {
    const cold: StartTiming[] = [];
    const cached: StartTiming[] = [];
    for (let run = 0; run < RUNS; run++) cold.push(await timeStart(["--no-world-cache"], env));
    // Primes the private cache (a miss: built and written), then the measured hits.
    const priming = await timeStart([], env);
    for (let run = 0; run < RUNS; run++) cached.push(await timeStart([], env));
    const sources = new Set(cached.map((timing) => timing.source));
    const row = (name: string, timings: readonly StartTiming[], target: string) => [
      name,
      `${median(timings.map((timing) => timing.readyMs)).toFixed(0)} ms`,
      `${median(timings.map((timing) => timing.worldMs)).toFixed(0)} ms`,
      target,
    ];
    return [
      `## Start-up (\`basket-devnet up\`, default world, median of ${RUNS} new processes)`,
      "",
      table(
        ["start", "spawn → /v1/launches 200", "world (banner)", "target (issue 14)"],
        [
          row("cold (--no-world-cache)", cold, "< 1 s"),
          row(`cached (${[...sources].join(", ")})`, cached, "< 0.3 s"),
          row(`priming run (${priming.source}, writes the cache)`, [priming], "-"),
        ],
      ),
    ].join("\n");
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}
