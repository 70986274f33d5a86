import { parseArgs } from "node:util";
import { parseBugNames } from "../bugs/injected-bug-catalogue.ts";
import { CLOCK_MODES, type ClockMode } from "../chain/clock-modes.ts";
import { type GenesisTime, type SimulatorOptions, resolveSimulatorOptions } from "../simulator/simulator-options.ts";

export const USAGE = `Usage: basket-devnet up [options]
       basket-devnet conformance (--base-url URL | --start) [options]   (see conformance --help)
       basket-devnet scenario run PATH... [--base-url URL] [options]   (see scenario --help)
       basket-devnet scenario record --target URL --out FILE [options]
       basket-devnet bugs                                                (the --inject-bug modes)
       basket-devnet --help | --version

Runs the basket-token service's /v1 HTTP API and /v1/stream WebSocket on an in-process
Solana VM, with a seeded world of launches, trades and activity bots.

Options of up:
  --seed <seed>          world seed: letters, digits, . _ - (default 1; an existing
                         --state-dir keeps the seed it was made with)
  --port <port>          TCP port, 0 for any free one (default $PORT, else 8790)
  --host <host>          address to listen on (default 127.0.0.1)
  --clock <mode>         realtime | manual | per-transaction (default realtime)
  --slot-ms <ms>         wall milliseconds per slot in realtime mode (default 400;
                         smaller fast-forwards virtual time, a slot stays 400 virtual ms)
  --state-dir <dir>      persist the chain to <dir> and resume from it after a restart,
                         even after kill -9 (default: memory only); a directory keeps
                         its world (other world options are refused) and one server
  --launches <n>         launches in a new world, 0 to 1000 (default 60)
  --history-hours <h>    virtual hours of history behind a new world (default 6)
  --sol-usd <usd>        USD per SOL (default 150)
  --genesis-time <t>     when slot 0 is: now (default: the seeded history ends at the
                         wall-clock time of start and the clock follows the wall clock),
                         or pinned, as an ISO 8601 date (2026-01-01, 2026-01-01T00:00:00Z)
                         or unix seconds; pin it to repeat a run exactly
  --rpc-port <port>      Solana JSON-RPC port, PubSub on the next one (default 8899;
                         when that is taken a free pair is used; 0 picks a free pair)
  --no-rpc               no Solana JSON-RPC
  --client-url <url>     where the web client lives when not at this server's base URL:
                         the social previews /t/{launch} redirect there (default: the
                         --public-url when given, else the base URL, which serves the
                         client at /)
  --public-url <url>     the base URL clients reach this server at, when not
                         http://HOST:PORT (a container's name, a proxy, a server on
                         0.0.0.0): records' media links (imageUri, logoUri) name it
  --no-bots              no activity bots (default: bots on, except per-transaction)
  --no-world-cache       build the world by transactions even when the world cache
                         ($XDG_CACHE_HOME/basket-devnet, else node_modules/.cache/
                         basket-devnet) holds it for these options and this code
  --log                  log every HTTP request
  --inject-bug <names>   break rules on purpose, to prove a conformance suite catches
                         it: mode names separated by commas (basket-devnet bugs lists them)
  -h, --help             this text
  -v, --version          the version

Exit codes: 0 after SIGINT/SIGTERM, 1 when the simulator fails, 2 on bad input.`;

export const BUGS_USAGE = `Usage: basket-devnet bugs

Lists the injected-bug modes: each breaks one rule of the specification on purpose, to
prove a conformance suite catches it. Each line names a mode, the phase of the conformance
check that catches it and the rule it breaks. Start a server with some of them:
  basket-devnet up --inject-bug <name>,<name>
  basket-devnet conformance --start --inject-bug <name>`;

export type Command =
  | { readonly kind: "help"; readonly usage: string }
  | { readonly kind: "version" }
  | { readonly kind: "bugs" }
  | { readonly kind: "up"; readonly options: SimulatorOptions }
  | { readonly kind: "error"; readonly message: string };

const OPTIONS = {
  seed: { type: "string" },
  port: { type: "string" },
  host: { type: "string" },
  clock: { type: "string" },
  "slot-ms": { type: "string" },
  "state-dir": { type: "string" },
  launches: { type: "string" },
  "history-hours": { type: "string" },
  "sol-usd": { type: "string" },
  "genesis-time": { type: "string" },
  "no-bots": { type: "boolean" },
  "rpc-port": { type: "string" },
  "no-rpc": { type: "boolean" },
  "client-url": { type: "string" },
  "public-url": { type: "string" },
  "no-world-cache": { type: "boolean" },
  log: { type: "boolean" },
  "inject-bug": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

class BadInput extends Error {}

function whole(name: string, text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new BadInput(`${name} must be a whole number, got ${JSON.stringify(text)}`);
  return Number(text);
}

function decimal(name: string, text: string): number {
  if (!/^\d{1,9}(\.\d{1,9})?$/.test(text)) throw new BadInput(`${name} must be a number like 6 or 0.5, got ${JSON.stringify(text)}`);
  return Number(text);
}

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** `now`, unix seconds, or an ISO 8601 date (a time needs its zone: no reading in the machine's local time). */
function genesisTime(text: string): GenesisTime {
  if (text === "now") return "now";
  if (/^\d{1,12}$/.test(text)) return BigInt(text);
  const iso = ISO_DATE.exec(text);
  const millis = iso ? Date.parse(text) : NaN;
  // Date.parse rolls 2026-02-31 over into March: a date must read back as itself.
  const real = Number.isFinite(millis) && (iso![2] !== undefined || new Date(millis).toISOString().startsWith(iso![1]!));
  if (!real) {
    throw new BadInput(
      `--genesis-time must be now, an ISO 8601 date (2026-01-01 or 2026-01-01T00:00:00Z) or unix seconds, got ${JSON.stringify(text)}`,
    );
  }
  return BigInt(Math.floor(millis / 1000));
}

/**
 * Reads the command line (and $PORT) into a command, validating every option up front:
 * a mistake comes back as an `error` command with a sentence naming the option.
 */
export function parseCommand(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): Command {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    if (values.help) return { kind: "help", usage: positionals[0] === "bugs" ? BUGS_USAGE : USAGE };
    if (values.version) return { kind: "version" };
    const [command, ...extra] = positionals;
    if (command === undefined) return { kind: "error", message: "a command is required: basket-devnet up" };
    if (command !== "up" && command !== "bugs")
      return { kind: "error", message: `unknown command ${JSON.stringify(command)}: the commands are up, bugs, conformance and scenario` };
    if (extra.length > 0) return { kind: "error", message: `unexpected argument ${JSON.stringify(extra[0])}` };
    if (command === "bugs") return { kind: "bugs" };
    if (values["no-rpc"] && values["rpc-port"] !== undefined) throw new BadInput("--rpc-port and --no-rpc exclude each other");
    const bugs = values["inject-bug"] === undefined ? null : parseBugNames(values["inject-bug"]);
    if (bugs && !bugs.ok) throw new BadInput(bugs.error);
    if (values.clock !== undefined && !CLOCK_MODES.includes(values.clock as ClockMode)) {
      throw new BadInput(`--clock must be one of ${CLOCK_MODES.join(", ")}, got ${JSON.stringify(values.clock)}`);
    }
    const portText = values.port ?? env.PORT;
    const options: SimulatorOptions = {
      ...(values.seed === undefined ? {} : { seed: values.seed }),
      ...(portText === undefined ? {} : { port: whole(values.port === undefined ? "$PORT" : "--port", portText) }),
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(values.clock === undefined ? {} : { clockMode: values.clock as ClockMode }),
      ...(values["slot-ms"] === undefined ? {} : { slotMs: whole("--slot-ms", values["slot-ms"]) }),
      ...(values["state-dir"] === undefined ? {} : { stateDir: values["state-dir"] }),
      ...(values.launches === undefined ? {} : { launchCount: whole("--launches", values.launches) }),
      ...(values["history-hours"] === undefined ? {} : { historyHours: decimal("--history-hours", values["history-hours"]) }),
      ...(values["sol-usd"] === undefined ? {} : { solUsd: decimal("--sol-usd", values["sol-usd"]) }),
      ...(values["genesis-time"] === undefined ? {} : { genesisTime: genesisTime(values["genesis-time"]) }),
      ...(values["no-bots"] ? { bots: false } : {}),
      ...(values["rpc-port"] === undefined ? {} : { rpcPort: whole("--rpc-port", values["rpc-port"]) }),
      ...(values["no-rpc"] ? { rpcPort: null } : {}),
      ...(values["client-url"] === undefined ? {} : { clientUrl: values["client-url"] }),
      ...(values["public-url"] === undefined ? {} : { publicUrl: values["public-url"] }),
      ...(values["no-world-cache"] ? { worldCache: false } : {}),
      ...(values.log ? { logger: true } : {}),
      ...(bugs?.ok ? { injectBugs: bugs.names } : {}),
    };
    // The simulator's own checks (ranges, the seed's alphabet) run here too, before anything starts.
    resolveSimulatorOptions(options);
    return { kind: "up", options };
  } catch (error) {
    if (error instanceof BadInput || error instanceof RangeError) return { kind: "error", message: error.message };
    // parseArgs reports unknown options and missing values with a code and a sentence.
    if (error instanceof TypeError && "code" in error) {
      const option = /'([^']+)'/.exec(error.message)?.[1];
      const unknown = error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option !== undefined;
      return { kind: "error", message: unknown ? `unknown option ${option}` : error.message };
    }
    throw error;
  }
}
