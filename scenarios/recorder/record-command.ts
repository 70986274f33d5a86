import { cannotWrite } from "../runner/writable-file.ts";
import { startRecorder } from "./start-recorder.ts";
import { fetchTextWithin } from "../../src/client/request-deadline.ts";

export interface RecordIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

export interface RecordArgs {
  readonly target?: string | undefined;
  readonly out?: string | undefined;
  readonly port?: string | undefined;
  readonly name?: string | undefined;
  readonly seed?: string | undefined;
  /** Positionals after `record` (it takes none). */
  readonly extra?: readonly string[];
}

export const RECORD_USAGE = `record   runs a recording proxy on 127.0.0.1 in front of --target (HTTP and /v1/stream);
         point your client at it, reproduce the situation, stop with Ctrl-C: the
         session is written as a scenario that replays it (scenario run FILE).
  --target <url>       the server the client means to talk to (required)
  --out <file>         the scenario file to write (required)
  --port <n>           the proxy's port (default a free one, printed on start)
  --name <name>        the scenario's name (default the file's name)
  --seed <seed>        the seed written in the scenario (default 1: the library's world)`;

/** A usage mistake: the sentence says what was wrong. */
function check(args: RecordArgs): string | { target: string; out: string; port?: number; name?: string; seed: number | string } {
  if ((args.extra ?? []).length > 0) return `record takes no paths, got ${args.extra!.join(" ")}`;
  if (args.target === undefined) return "record needs --target URL: the server to record in front of";
  let target: URL;
  try {
    target = new URL(args.target);
  } catch {
    return `--target must be an http(s) URL, got ${JSON.stringify(args.target)}`;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:")
    return `--target must be an http(s) URL, got ${JSON.stringify(args.target)}`;
  if (args.out === undefined) return "record needs --out FILE: where the scenario is written";
  if (args.port !== undefined && !(/^\d{1,5}$/.test(args.port) && Number(args.port) <= 65535))
    return `--port must be an integer from 0 to 65535, got ${JSON.stringify(args.port)}`;
  if (args.name !== undefined && !/^[a-z0-9][a-z0-9.-]*$/.test(args.name))
    return `--name must be kebab-case (a-z, 0-9, '.', '-'), got ${JSON.stringify(args.name)}`;
  if (args.seed !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(args.seed))
    return `--seed must be 1 to 64 of A-Z a-z 0-9 . _ -, got ${JSON.stringify(args.seed)}`;
  return {
    target: args.target.replace(/\/$/, ""),
    out: args.out,
    ...(args.port === undefined ? {} : { port: Number(args.port) }),
    ...(args.name === undefined ? {} : { name: args.name }),
    seed: args.seed === undefined ? 1 : /^\d{1,15}$/.test(args.seed) ? Number(args.seed) : args.seed,
  };
}

/** Why nothing answers at `target` (no connection, no answer within 2 s), or null when something does, whatever it answers. */
async function silentTarget(target: string): Promise<string | null> {
  try {
    await fetchTextWithin(`${target}/`, {}, 2_000);
    return null;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return `nothing answers at ${target} yet (${why}): the proxy forwards there once it does`;
  }
}

/**
 * Why a recording of `target` may not replay, or null: a simulator whose clock runs on its
 * own (realtime) moves prices, progress and the bots' trades between the recording and its
 * replay, and the recording pins them. A server without `/devnet/clock` is not asked further.
 */
async function movingClock(target: string): Promise<string | null> {
  try {
    const { response, text } = await fetchTextWithin(`${target}/devnet/clock`, {}, 2_000);
    const mode = response.ok ? (JSON.parse(text) as { mode?: unknown }).mode : null;
    return mode === "realtime"
      ? `${target} runs its clock in realtime: what the recording pins (prices, progress, other traders' transactions) moves before a replay; for a file that replays, record against 'basket-devnet up --clock manual --no-bots --genesis-time 2026-01-01'`
      : null;
  } catch {
    return null;
  }
}

/** Resolves on the first SIGINT or SIGTERM (the integrator's Ctrl-C), and stops listening for them. */
function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off("SIGINT", done);
      process.off("SIGTERM", done);
      resolve();
    };
    process.on("SIGINT", done);
    process.on("SIGTERM", done);
  });
}

/**
 * `basket-devnet scenario record`: resolves with the exit code (0 written, 1 nothing to
 * write, 2 a usage mistake or a port that cannot be taken). `until` ends the recording
 * (default: Ctrl-C).
 */
export async function recordCommand(args: RecordArgs, io: RecordIo, until: () => Promise<void> = interrupted): Promise<number> {
  const options = check(args);
  if (typeof options === "string") {
    io.stderr(`basket-devnet scenario: ${options}\n`);
    return 2;
  }
  // Found now, not after a whole session at Ctrl-C.
  const unwritable = await cannotWrite(options.out);
  if (unwritable !== null) {
    io.stderr(`basket-devnet scenario: --out ${options.out} cannot be written: ${unwritable}; name a file in a folder you can write\n`);
    return 2;
  }
  let recorder;
  try {
    recorder = await startRecorder(options);
  } catch (error) {
    const code = (error as { code?: string }).code;
    io.stderr(
      `basket-devnet scenario: ${code === "EADDRINUSE" ? `port ${options.port} is taken` : error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  io.stdout(
    `recording ${recorder.url} → ${options.target} (stream ws://127.0.0.1:${recorder.port}/v1/stream); stop with Ctrl-C to write ${options.out}\n`,
  );
  // A target not up yet may come up (recording waits for the client): said, not refused.
  const silent = await silentTarget(options.target);
  if (silent !== null) io.stderr(`basket-devnet scenario: warning: ${silent}\n`);
  const moving = silent === null ? await movingClock(options.target) : null;
  if (moving !== null) io.stderr(`basket-devnet scenario: warning: ${moving}\n`);
  await until();
  const stopped = await recorder.stop();
  if (!stopped.ok) {
    io.stderr(`basket-devnet scenario: ${stopped.error}\n`);
    return 1;
  }
  const wallets = Object.keys(stopped.scenario.wallets ?? {});
  io.stdout(
    `wrote ${stopped.file}: scenario ${stopped.scenario.name}, ${stopped.scenario.steps.length} steps${wallets.length ? `, wallets ${wallets.join(", ")}` : ""}; replay it with basket-devnet scenario run ${stopped.file}\n`,
  );
  return 0;
}
