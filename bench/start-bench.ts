/**
 * Start-up: `basket-devnet up` run as a user runs it (a new node process), with the world
 * built by transactions (`--no-world-cache`) and loaded from the world cache (a private one,
 * primed first). Two times from spawn, each the median of RUNS processes:
 *
 * - port accepting: the first TCP connection to the port completes. The port is bound by the
 *   real HTTP server before the simulator's modules load; a request sent then is held, not
 *   refused, so this is when a client may connect, not when it gets an answer.
 * - first 200: one `GET /v1/launches?limit=1` sent as soon as the port accepts, answered once
 *   the world is ready: when a client gets data.
 *
 * The CLI runs from its compiled bundle (bin/cli-bundle.js); the table says whether it was
 * current, and one extra start with an empty bundle folder times the first start after an edit.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, table } from "./measure.ts";

const BIN = fileURLToPath(new URL("../bin/basket-devnet.js", import.meta.url));
const RUNS = 3;
// Pinned genesis: every run has the same world, so the cached runs all hit.
const ARGS = ["up", "--port", "0", "--rpc-port", "0", "--genesis-time", "2026-01-01", "--no-bots", "--clock", "manual"];

interface StartTiming {
  /** Spawn to the first completed TCP connection. */
  readonly acceptMs: number;
  /** Spawn to the first 200 from /v1/launches. */
  readonly readyMs: number;
  /** CPU time (user + system) the process had used by then: a figure a busy machine inflates less than wall time. */
  readonly cpuMs: number;
  /** What the banner says the world took; NaN when the process printed no banner (see `missingBanner`). */
  readonly worldMs: number;
  /** When the banner never came: how the process ended, and its last output line. */
  readonly missingBanner: string | null;
  readonly source: string;
  /** True when the CLI bundle was current (no "compiled the CLI" line). */
  readonly bundleCached: boolean;
}

async function stopped(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

/** True once a TCP connection to `port` completes. */
async function accepts(port: number): Promise<boolean> {
  const socket = connect(port, "127.0.0.1");
  try {
    await once(socket, "connect");
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

/** User + system CPU milliseconds of process `pid` so far (Linux /proc), NaN elsewhere. */
function cpuMillis(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function timeStart(extra: readonly string[], env: NodeJS.ProcessEnv): Promise<StartTiming> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...ARGS, ...extra], { env });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    // The port is printed the moment it is bound (port 0: the only way to learn it).
    const port = await new Promise<number>((resolve, reject) => {
      const poll = setInterval(() => {
        const found = /http:\/\/127\.0\.0\.1:(\d+) accepts connections/.exec(output);
        if (found) {
          clearInterval(poll);
          resolve(Number(found[1]));
        }
      }, 1);
      child.on("exit", (code) => {
        clearInterval(poll);
        reject(new Error(`basket-devnet exited with ${code}:\n${output}`));
      });
    });
    while (!(await accepts(port))) await new Promise((resolve) => setTimeout(resolve, 1));
    const acceptMs = performance.now() - started;
    const response = await fetch(`http://127.0.0.1:${port}/v1/launches?limit=1`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the first GET /v1/launches answered ${response.status}:\n${output}`);
    const readyMs = performance.now() - started;
    const cpuMs = cpuMillis(child.pid);
    // The banner follows the hand-off by a tick: wait for it to read the world's time.
    while (!/world (built|from cache|resumed) in/.test(output) && child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const world = /world (built|from cache|resumed) in ([\d.]+) s/.exec(output);
    return {
      acceptMs,
      readyMs,
      cpuMs,
      worldMs: world ? Number(world[2]) * 1000 : NaN,
      missingBanner: world
        ? null
        : `exit ${child.exitCode ?? child.signalCode ?? "?"}: ${output.trim().split("\n").at(-1) ?? "(no output)"}`,
      source: world?.[1] ?? "?",
      bundleCached: !/compiled the CLI/.test(output),
    };
  } finally {
    await stopped(child);
  }
}

/** The median of the banners' world times; a run that printed none is left out and counted. */
function worldFigure(timings: readonly StartTiming[]): string {
  const read = timings.map((timing) => timing.worldMs).filter(Number.isFinite);
  const figure = read.length > 0 ? `${median(read).toFixed(0)} ms` : "?";
  return read.length === timings.length ? figure : `${figure} (${timings.length - read.length} without a banner)`;
}

export async function startBench(): Promise<string> {
  const cache = mkdtempSync(join(tmpdir(), "basket-start-bench-"));
  const env = { ...process.env, XDG_CACHE_HOME: cache };
  try {
    // Brings the checkout's CLI bundle up to date, so the measured runs find it current.
    await timeStart(["--no-world-cache"], env);
    const cold: StartTiming[] = [];
    const cached: StartTiming[] = [];
    for (let run = 0; run < RUNS; run++) cold.push(await timeStart(["--no-world-cache"], env));
    // Primes the private cache (a miss: built and written), then the measured hits.
    const priming = await timeStart([], env);
    for (let run = 0; run < RUNS; run++) cached.push(await timeStart([], env));
    // The first start after an edit: an empty bundle folder, the world from the cache.
    const firstAfterEdit = await timeStart([], { ...env, BASKET_DEVNET_BUNDLE_DIR: join(cache, "cli-bundle") });
    const sources = new Set(cached.map((timing) => timing.source));
    const bundle = (timings: readonly StartTiming[]) =>
      timings.every((timing) => timing.bundleCached) ? "cached" : timings.some((timing) => timing.bundleCached) ? "mixed" : "built";
    const row = (name: string, timings: readonly StartTiming[], target: string) => [
      name,
      `${median(timings.map((timing) => timing.acceptMs)).toFixed(0)} ms`,
      `${median(timings.map((timing) => timing.readyMs)).toFixed(0)} ms`,
      `${median(timings.map((timing) => timing.cpuMs)).toFixed(0)} ms`,
      worldFigure(timings),
      bundle(timings),
      target,
    ];
    return [
      `## Start-up (\`basket-devnet up\`, default world, median of ${RUNS} new processes)`,
      "",
      "Port accepting: spawn → a TCP connection completes (requests sent then are held, not refused). " +
        "First 200: spawn → the answer to a `GET /v1/launches` sent as soon as the port accepts.",
      `Load average at the end: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(", ")} on ${availableParallelism()} cores (wall times stretch with it; CPU time much less).`,
      "",
      table(
        [
          "start",
          "spawn → port accepting",
          "spawn → first 200",
          "CPU to first 200",
          "world (banner)",
          "CLI bundle",
          "target (issue 14, first 200)",
        ],
        [
          row("cold (--no-world-cache)", cold, "< 1 s"),
          row(`cached (${[...sources].join(", ")})`, cached, "< 0.3 s"),
          row(`priming run (${priming.source}, writes the cache)`, [priming], "-"),
          row(`first start after an edit (${firstAfterEdit.source})`, [firstAfterEdit], "-"),
        ],
      ),
      ...[...cold, priming, ...cached, firstAfterEdit].flatMap((timing) =>
        timing.missingBanner === null ? [] : [`A start printed no banner after its first 200 (${timing.missingBanner}).`],
      ),
    ].join("\n");
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}
