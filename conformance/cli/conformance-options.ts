import { parseArgs } from "node:util";
import { dirname, join } from "node:path";
import { PHASES, type Phase } from "../engine/check.ts";
import type { Shard } from "../engine/select-checks.ts";
import { type ReportFile, reportFilesOf } from "../reporters/report-files.ts";
import { serviceBaseUrl } from "../../src/client/service-address.ts";
import { optionErrorSentence } from "../../scenarios/runner/option-error.ts";

export const CONFORMANCE_USAGE = `Usage: basket-devnet conformance (--base-url URL | --start) [options]
       basket-devnet conformance replay FILE [--base-url URL | --start]
       basket-devnet conformance list

Judges the server at a base URL against the interface specification and the OpenAPI and
AsyncAPI documents: HTTP schemas, limits, invalid input, read properties, the trade flow,
stateful sequences and the stream. Checks that need the /devnet/ control API (faucet,
clock, faults) are skipped with the reason when the server has none.

replay runs one saved failure again with its seed: against the server it was found on
(or --base-url); one found with --start, on a new built-in simulator started alike.

Options:
  --base-url <url>       the server to judge, e.g. http://127.0.0.1:8790
  --start                start the built-in simulator in this process (free port, no
                         JSON-RPC, the run's seed, manual clock) and judge it; our document's
                         decisions are its rules, so they fail as with --strict
  --phases <list>        comma-separated phases: ${PHASES.join(", ")} (default all)
  --checks <globs>       comma-separated globs over check ids, e.g. 'boundaries.*'
  --seed <n>             the seed of every generator (default 1)
  --num-runs <n>         fast-check runs per property (default 100)
  --report <list>        reports to write: junit=FILE,json=FILE,md=FILE
  --client-url <url>     the web client's address ({client_url}): runs the links phase
                         (social preview and redirect rules); \`base\` for the server's
                         own base URL (with --start it is the default: the simulator
                         serves its client at its base URL)
  --keypair <file>       a funded wallet (Solana CLI keypair file) for servers without a faucet
  --control <mode>       auto (use /devnet/ when the server has it) or off (default auto)
  --allow-slow           wait real time where no clock control exists (30 s quote expiry, 25 s ping, 75 s idle close)
  --strict               our document's decisions fail instead of being noted
                         (always so with --start)
  --inject-bug <names>   with --start: break these rules on purpose (basket-devnet bugs
                         lists the modes), to see the suite catch them
  --shard <i/n>          run the i-th of n shares of the checks (e.g. 2/4)
  --max-failures <n>     stop starting checks after n failures
  --timeout <seconds>    a check running longer fails (default 120)
  --failures-dir <dir>   where failures are saved (default .conformance/failures; a replay's, replays/ beside its FILE)
  -h, --help             this text

Exit codes: 0 when no check failed, 1 when a check failed, 2 on bad input or when nothing
answers at the base URL.`;

export interface ConformanceOptions {
  readonly baseUrl?: string;
  readonly start: boolean;
  readonly phases?: readonly Phase[];
  readonly checks?: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly reports: readonly ReportFile[];
  readonly keypair?: string;
  /** `{client_url}` for the links phase; `base`: the judged server's base URL. */
  readonly clientUrl?: string;
  readonly control: "auto" | "off";
  readonly allowSlow: boolean;
  readonly strict: boolean;
  /** With `start`: the simulator's injected-bug modes, comma-separated (checked when it starts). */
  readonly injectBugs?: string;
  readonly shard?: Shard;
  readonly maxFailures?: number;
  readonly checkTimeoutMs: number;
  readonly failuresDir: string;
}

export type ConformanceCommand =
  | { readonly kind: "help" }
  | { readonly kind: "list" }
  | { readonly kind: "run"; readonly options: ConformanceOptions }
  | { readonly kind: "replay"; readonly file: string; readonly options: ConformanceOptions }
  | { readonly kind: "error"; readonly message: string };

const OPTIONS = {
  "base-url": { type: "string" },
  start: { type: "boolean" },
  phases: { type: "string" },
  checks: { type: "string" },
  seed: { type: "string" },
  "num-runs": { type: "string" },
  report: { type: "string" },
  keypair: { type: "string" },
  "client-url": { type: "string" },
  control: { type: "string" },
  "allow-slow": { type: "boolean" },
  "inject-bug": { type: "string" },
  strict: { type: "boolean" },
  shard: { type: "string" },
  "max-failures": { type: "string" },
  timeout: { type: "string" },
  "failures-dir": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

class BadInput extends Error {}

function whole(name: string, text: string, min: number, max: number): number {
  const value = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max))
    throw new BadInput(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
  return value;
}

function baseUrlOf(text: string): string {
  const parsed = serviceBaseUrl(text);
  if (!parsed.ok) throw new BadInput(parsed.reason);
  return parsed.url;
}

function clientUrlOf(text: string): string {
  if (text === "base") return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadInput(`--client-url must be an http or https URL such as http://127.0.0.1:8790, or base, got ${JSON.stringify(text)}`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash)
    throw new BadInput(`--client-url must be an http or https URL without a query or fragment, got ${JSON.stringify(text)}`);
  return text.replace(/\/+$/, "");
}

function phasesOf(text: string): Phase[] {
  const names = text.split(",").map((name) => name.trim());
  for (const name of names) {
    if (!PHASES.includes(name as Phase))
      throw new BadInput(`--phases takes a comma-separated list of ${PHASES.join(", ")}; ${JSON.stringify(name)} is none of them`);
  }
  return names as Phase[];
}

function reportFiles(text: string): ReportFile[] {
  const parsed = reportFilesOf(text);
  if (!parsed.ok) throw new BadInput(parsed.reason);
  return parsed.reports;
}

function shardOf(text: string): Shard {
  const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new BadInput(`--shard must be I/N with 1 <= I <= N (e.g. 2/4), got ${JSON.stringify(text)}`);
  return { index, count };
}

function checksOf(text: string): string {
  if (!/^[A-Za-z0-9.*?_,-]+$/.test(text))
    throw new BadInput(`--checks takes comma-separated globs of letters, digits, '.', '*', '?', '_' and '-', got ${JSON.stringify(text)}`);
  return text;
}

/**
 * Reads `conformance`'s arguments into a command, every option validated up front: a
 * mistake comes back as an `error` command whose sentence names the option and its rule.
 */
export function parseConformanceCommand(argv: readonly string[]): ConformanceCommand {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    if (values.help) return { kind: "help" };
    const [verb, ...rest] = positionals;
    if (verb === "list") {
      if (rest.length > 0) throw new BadInput(`unexpected argument ${JSON.stringify(rest[0])}`);
      return { kind: "list" };
    }
    if (verb !== undefined && verb !== "replay")
      throw new BadInput(`unknown argument ${JSON.stringify(verb)}: conformance takes options, or replay FILE, or list`);
    if (verb === "replay" && rest.length !== 1)
      throw new BadInput("replay takes exactly one FILE: a failure saved under .conformance/failures/");
    if (verb === undefined && rest.length > 0) throw new BadInput(`unexpected argument ${JSON.stringify(rest[0])}`);
    if (values.start && values["base-url"] !== undefined)
      throw new BadInput("--start and --base-url exclude each other: judge the built-in simulator or a server at a URL");
    if (verb === undefined && !values.start && values["base-url"] === undefined)
      throw new BadInput("a server is required: --base-url URL, or --start for the built-in simulator");
    if (values["inject-bug"] !== undefined && !values.start)
      throw new BadInput("--inject-bug needs --start: only the built-in simulator has bug modes");
    if (values.control !== undefined && values.control !== "auto" && values.control !== "off") {
      throw new BadInput(`--control must be auto or off, got ${JSON.stringify(values.control)}`);
    }
    const options: ConformanceOptions = {
      ...(values["base-url"] === undefined ? {} : { baseUrl: baseUrlOf(values["base-url"]) }),
      start: values.start ?? false,
      ...(values.phases === undefined ? {} : { phases: phasesOf(values.phases) }),
      ...(values.checks === undefined ? {} : { checks: checksOf(values.checks) }),
      seed: values.seed === undefined ? 1 : whole("--seed", values.seed, 0, 2 ** 31 - 1),
      numRuns: values["num-runs"] === undefined ? 100 : whole("--num-runs", values["num-runs"], 1, 100_000),
      reports: values.report === undefined ? [] : reportFiles(values.report),
      ...(values.keypair === undefined ? {} : { keypair: values.keypair }),
      ...(values["client-url"] === undefined ? {} : { clientUrl: clientUrlOf(values["client-url"]) }),
      control: (values.control ?? "auto") as "auto" | "off",
      allowSlow: values["allow-slow"] ?? false,
      strict: values.strict ?? false,
      ...(values["inject-bug"] === undefined ? {} : { injectBugs: values["inject-bug"] }),
      ...(values.shard === undefined ? {} : { shard: shardOf(values.shard) }),
      ...(values["max-failures"] === undefined ? {} : { maxFailures: whole("--max-failures", values["max-failures"], 1, 1_000_000) }),
      checkTimeoutMs: values.timeout === undefined ? 120_000 : whole("--timeout", values.timeout, 1, 86_400) * 1000,
      // A replay that fails again saves in replays/ beside the failure it replays, unless told
      // otherwise: under the same name beside it, it would overwrite the record it replays.
      failuresDir: values["failures-dir"] ?? (verb === "replay" ? join(dirname(rest[0] as string), "replays") : ".conformance/failures"),
    };
    return verb === "replay" ? { kind: "replay", file: rest[0] as string, options } : { kind: "run", options };
  } catch (error) {
    if (error instanceof BadInput) return { kind: "error", message: error.message };
    const sentence = optionErrorSentence(error);
    if (sentence !== null) return { kind: "error", message: sentence };
    throw error;
  }
}
