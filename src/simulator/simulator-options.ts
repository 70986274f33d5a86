import { CLOCK_MODES, type ClockMode, DEFAULT_SLOT_MILLIS } from "../chain/clock-modes.ts";

/** Where slot 0 sits in unix time: `now` (follow the wall clock) or pinned unix seconds. */
export type GenesisTime = "now" | bigint;
/** The latest genesis accepted: 9999-12-31T23:59:59Z. */
export const MAX_GENESIS_UNIX_TIMESTAMP = 253_402_300_799n;
import { DEFAULT_HISTORY_HOURS, DEFAULT_LAUNCH_COUNT } from "../world/population-defaults.ts";
import { defaultWorldCacheDir } from "./world-cache-dir.ts";
import { CATALOG_SOL_USD } from "../world/component-catalog.ts";

export interface SimulatorOptions {
  /** The world's seed; default "1". With an existing state directory its own seed is used, and a different one is refused. */
  readonly seed?: string | number;
  /** TCP port; 0 picks a free one; default 8790. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default `realtime`. */
  readonly clockMode?: ClockMode;
  /** Persist to this directory (write-ahead journal + checkpoints) and resume from it. */
  readonly stateDir?: string;
  /** Launches the world is populated with; default 60 (a state directory keeps its own). */
  readonly launchCount?: number;
  /** Virtual hours of history behind the world; default 6 (a state directory keeps its own). */
  readonly historyHours?: number;
  /** USD per SOL; default 150. */
  readonly solUsd?: number;
  /** Activity bots; default on, except in `per-transaction` mode where every bot trade would make a slot of its own. */
  readonly bots?: boolean;
  /**
   * Unix seconds of slot 0, or `now` (default): slot 0 is placed so the seeded history ends
   * at the wall-clock time of start, and the clock catches up with the wall clock once the
   * world is built (and again after a restart). Pin it wherever runs must repeat exactly
   * (tests, conformance, scenarios): a seed then reproduces everything, timestamps included.
   * A state directory keeps the genesis it was made with.
   */
  readonly genesisTime?: GenesisTime;
  /** Wall milliseconds per slot in `realtime` mode; default 400 (a slot is always 400 virtual ms). */
  readonly slotMs?: number;
  /** Fastify's request log; default off. */
  readonly logger?: boolean;
  /** The `/devnet/` control routes (faucet, clock, faults); default on. */
  readonly control?: boolean;
  /** Progress lines (recovery, checkpoints); default none. */
  readonly log?: (line: string) => void;
  /**
   * Bug injection (`--inject-bug`): the modes of `src/bugs/` active from the start ([] for
   * none yet, switched later with `simulator.bugs.activate`). Default off: no hook installed.
   */
  readonly injectBugs?: readonly string[];
  /**
   * The world cache (see world-cache.ts): a world built once per seed, world options and
   * world code is reused by later starts. True (default) for $XDG_CACHE_HOME/basket-devnet
   * or node_modules/.cache/basket-devnet, a folder of your own, or false to build every time.
   * A new state directory starts from the cached world (copied in) or gives the cache the world
   * it built; a state directory that holds a world resumes its own.
   */
  readonly worldCache?: boolean | string;
  /**
   * The Solana JSON-RPC port (PubSub on the next one); default 8899, falling back to a free
   * pair when that is taken; a port named here is an error when taken; 0 picks a free
   * pair; null serves no RPC.
   */
  readonly rpcPort?: number | null;
  /**
   * `{client_url}`, when the web client lives elsewhere than the base URL (`--client-url`):
   * the social previews `/t/{launch}` redirect there. Default: the base URL itself.
   */
  readonly clientUrl?: string;
  /**
   * `{base_url}` as clients reach this server, when that is not http://HOST:PORT (`--public-url`:
   * a container's name, a proxy, the address of a server listening on 0.0.0.0): the media
   * links in records (`imageUri`, `logoUri`, card photos) name it. Default: http://HOST:PORT.
   */
  readonly publicUrl?: string;
}

export type ResolvedSimulatorOptions = Required<
  Omit<SimulatorOptions, "seed" | "stateDir" | "log" | "injectBugs" | "worldCache" | "rpcPort" | "clientUrl" | "publicUrl">
> & {
  /** Undefined when the caller named none (a state directory then supplies it). */
  readonly seed: string | undefined;
  readonly stateDir: string | undefined;
  readonly log: (line: string) => void;
  /** Null: bug injection off. */
  readonly injectBugs: readonly string[] | null;
  /** The world cache's folder; null: off. */
  readonly worldCache: string | null;
  /** Null: no RPC. */
  readonly rpcPort: number | null;
  /** True when the caller named the RPC port (taken is then an error). */
  readonly rpcPortExplicit: boolean;
  /** Without a trailing slash; null: the base URL. */
  readonly clientUrl: string | null;
  /** Without a trailing slash; null: http://HOST:PORT. */
  readonly publicUrl: string | null;
  /** The world's settings the caller named (not defaulted): a state directory holding another world refuses them. */
  readonly named: Partial<Pick<SimulatorOptions, "launchCount" | "historyHours" | "solUsd" | "genesisTime">>;
};

export const DEFAULT_SEED = "1";
export const DEFAULT_PORT = 8790;
export const DEFAULT_HOST = "127.0.0.1";
/** solana-test-validator's RPC port; PubSub listens on the next one. */
export const DEFAULT_RPC_PORT = 8899;
/** The rate the component catalogue's SOL prices are written at: the default world's. */
export const DEFAULT_SOL_USD = CATALOG_SOL_USD;

const SEED = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Options spread over the defaults and checked once, up front: every mistake is a
 * RangeError whose message names the option and what it accepts.
 */
export function resolveSimulatorOptions(options: SimulatorOptions): ResolvedSimulatorOptions {
  const seed = options.seed === undefined ? undefined : String(options.seed);
  if (seed !== undefined && !SEED.test(seed))
    throw new RangeError(`seed must be 1 to 64 letters, digits, '.', '_' or '-', got ${JSON.stringify(seed)}`);
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new RangeError(`port must be a whole number from 0 to 65535, got ${port}`);
  const host = options.host ?? DEFAULT_HOST;
  if (host.length === 0 || /\s/.test(host)) throw new RangeError(`host must be a host name or an IP address, got ${JSON.stringify(host)}`);
  const clockMode = options.clockMode ?? "realtime";
  if (!CLOCK_MODES.includes(clockMode))
    throw new RangeError(`clock must be one of ${CLOCK_MODES.join(", ")}, got ${JSON.stringify(clockMode)}`);
  const launchCount = options.launchCount ?? DEFAULT_LAUNCH_COUNT;
  if (!Number.isInteger(launchCount) || launchCount < 0 || launchCount > 1_000)
    throw new RangeError(`launch count must be a whole number from 0 to 1000, got ${launchCount}`);
  const historyHours = options.historyHours ?? DEFAULT_HISTORY_HOURS;
  if (!(historyHours >= 0.1 && historyHours <= 240)) throw new RangeError(`history hours must be from 0.1 to 240, got ${historyHours}`);
  const solUsd = options.solUsd ?? DEFAULT_SOL_USD;
  if (!(solUsd > 0 && Number.isFinite(solUsd))) throw new RangeError(`SOL price in USD must be a positive number, got ${solUsd}`);
  const slotMs = options.slotMs ?? DEFAULT_SLOT_MILLIS;
  if (!Number.isInteger(slotMs) || slotMs < 1 || slotMs > 60_000)
    throw new RangeError(`slot milliseconds must be a whole number from 1 to 60000, got ${slotMs}`);
  if (options.stateDir !== undefined && options.stateDir.length === 0) throw new RangeError("state directory must not be empty");
  const rpcPort = options.rpcPort === undefined ? DEFAULT_RPC_PORT : options.rpcPort;
  if (rpcPort !== null && (!Number.isInteger(rpcPort) || rpcPort < 0 || rpcPort > 65_534))
    throw new RangeError(`RPC port must be a whole number from 0 to 65534 (PubSub takes the next one), got ${rpcPort}`);
  const genesisTime = options.genesisTime ?? "now";
  if (genesisTime !== "now" && !(genesisTime >= 0n && genesisTime <= MAX_GENESIS_UNIX_TIMESTAMP)) {
    throw new RangeError(`genesis time must be now or unix seconds from 0 to ${MAX_GENESIS_UNIX_TIMESTAMP}, got ${genesisTime}`);
  }
  const clientUrl = options.clientUrl === undefined ? null : httpBaseUrlOf("client URL", options.clientUrl);
  const publicUrl = options.publicUrl === undefined ? null : httpBaseUrlOf("public URL", options.publicUrl);
  const worldCache = options.worldCache ?? true;
  if (worldCache === "") throw new RangeError("world cache folder must not be empty");
  return {
    seed,
    port,
    host,
    clockMode,
    stateDir: options.stateDir,
    launchCount,
    historyHours,
    solUsd,
    bots: options.bots ?? clockMode !== "per-transaction",
    slotMs,
    genesisTime,
    logger: options.logger ?? false,
    control: options.control ?? true,
    log: options.log ?? (() => {}),
    injectBugs: options.injectBugs ?? null,
    rpcPort,
    rpcPortExplicit: options.rpcPort !== undefined,
    clientUrl,
    publicUrl,
    worldCache: worldCache === false ? null : worldCache === true ? defaultWorldCacheDir() : worldCache,
    named: Object.fromEntries(
      (["launchCount", "historyHours", "solUsd", "genesisTime"] as const).flatMap((key) =>
        options[key] === undefined ? [] : [[key, options[key]]],
      ),
    ),
  };
}

/** An http(s) URL without query or fragment, its trailing slashes dropped: links append `/#/t/…` or `/v1/media/…` to it. */
function httpBaseUrlOf(what: string, text: string): string {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Reported below with the rule.
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash || text.length > 2048)
    throw new RangeError(
      `${what} must be an http or https URL without a query or fragment, such as https://example.org, got ${JSON.stringify(text)}`,
    );
  return text.replace(/\/+$/, "");
}
