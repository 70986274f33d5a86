// The one file of conformance/ that imports the simulator: `--start` judges the built-in
// server in this process. Every check still reaches it over HTTP and WebSocket only.
import type { BugSwitchboard } from "../../src/bugs/bug-switchboard.ts";
import { parseBugNames } from "../../src/bugs/injected-bug-catalogue.ts";
import { DEFAULT_GENESIS_UNIX_TIMESTAMP } from "../../src/chain/virtual-clock.ts";
import { startSimulator } from "../../src/simulator/simulator.ts";

export interface StartedServer {
  readonly baseUrl: string;
  readonly streamUrl: string;
  /** The injected-bug modes, switched at run time with `bugs.activate(names)`; null when started without `injectBugs`. */
  readonly bugs: BugSwitchboard | null;
  close(): Promise<void>;
}

export interface StartOptions {
  /** The world's seed: the run's seed, so a run is the same run every time. */
  readonly seed: number | string;
  /** The `/devnet/` control API; default on. */
  readonly control?: boolean;
  /** Launches in the world; default the simulator's. */
  readonly launchCount?: number;
  /** Unix seconds of slot 0; default a fixed one (2026-01-01), so a run repeats to the byte. */
  readonly genesisTime?: bigint;
  /**
   * Injected-bug modes, comma-separated (`basket-devnet bugs`); an unknown name is a RangeError (a usage error).
   * A list of names (`[]`: injection on, no mode active) suits a caller that switches modes through `bugs`.
   */
  readonly injectBugs?: string | readonly string[];
  /** Activity bots; default the simulator's. */
  readonly bots?: boolean;
  /** Virtual hours of history; default the simulator's. */
  readonly historyHours?: number;
  /** USD per SOL; default the simulator's. */
  readonly solUsd?: number;
}

/**
 * The built-in simulator on a free port of 127.0.0.1 (and no JSON-RPC), seeded, with a manual clock: time
 * moves only when a check asks (`/devnet/advance`), so nothing changes under a check's feet
 * and the genesis time is pinned, so the same seed gives the same run.
 */
export async function startBuiltInServer(options: StartOptions): Promise<StartedServer> {
  const bugs =
    options.injectBugs === undefined
      ? null
      : typeof options.injectBugs === "string"
        ? parseBugNames(options.injectBugs)
        : { ok: true as const, names: [...options.injectBugs] };
  if (bugs && !bugs.ok) throw new RangeError(bugs.error);
  const simulator = await startSimulator({
    port: 0,
    host: "127.0.0.1",
    // No Solana JSON-RPC: no check or scenario speaks it, and its default ports (8899, 8900)
    // are a developer's own validator's, or another CI job's.
    rpcPort: null,
    seed: String(options.seed),
    clockMode: "manual",
    control: options.control ?? true,
    ...(options.launchCount === undefined ? {} : { launchCount: options.launchCount }),
    genesisTime: options.genesisTime ?? DEFAULT_GENESIS_UNIX_TIMESTAMP,
    ...(bugs ? { injectBugs: bugs.names } : {}),
    ...(options.bots === undefined ? {} : { bots: options.bots }),
    ...(options.historyHours === undefined ? {} : { historyHours: options.historyHours }),
    ...(options.solUsd === undefined ? {} : { solUsd: options.solUsd }),
  });
  return { baseUrl: simulator.baseUrl, streamUrl: simulator.streamUrl, bugs: simulator.bugs, close: () => simulator.close() };
}
