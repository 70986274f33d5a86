import { readFileSync } from "node:fs";
import { bugListText } from "../bugs/injected-bug-catalogue.ts";
import { type PortReservation, failureSentence, reservePort, urlHost } from "../simulator/listen-address.ts";
import type { Simulator } from "../simulator/simulator.ts";
import { DEFAULT_HOST, DEFAULT_PORT, type SimulatorOptions } from "../simulator/simulator-options.ts";
import { parseCommand } from "./parse-command.ts";

const VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

/** What `up` prints once the server listens: the addresses a client needs, and how to get SOL. */
function banner(simulator: Simulator, seconds: number): string {
  const { options, baseUrl } = simulator;
  const { launches } = simulator.population;
  const collectibles = launches.filter((launch) => launch.kind === "collectibles").length;
  const lines = [
    `basket-devnet ${VERSION}: seed ${simulator.devnet.seed}, clock ${options.clockMode}, ` +
      `${launches.length - collectibles} launches and ${collectibles} collectibles, ready in ${seconds.toFixed(1)} s (${worldLine(simulator)})`,
    `  Base URL   ${baseUrl}${options.publicUrl === null ? "" : `  (records' media links name ${options.publicUrl})`}`,
    `  Client     ${options.clientUrl ?? baseUrl}/  (web client: launches, token and collectible pages, wallet, studio)`,
    `  Stream     ${simulator.streamUrl}`,
    `  OpenAPI    ${baseUrl}/openapi.json`,
  ];
  if (simulator.rpc) {
    lines.push(`  RPC        ${simulator.rpc.rpcUrl}  (Solana JSON-RPC)`, `  PubSub     ${simulator.rpc.pubsubUrl}`);
    if (simulator.rpc.notice) lines.push(`             ${simulator.rpc.notice}`);
  }
  if (simulator.bugs) lines.push(`  Bugs       ${simulator.bugs.active.join(", ")} (injected on purpose: this server breaks those rules)`);
  if (options.stateDir !== undefined) lines.push(`  State dir  ${options.stateDir}${simulator.recovered ? " (resumed)" : " (new)"}`);
  lines.push(
    `  Faucet     curl -X POST ${baseUrl}/devnet/airdrop -H 'content-type: application/json' \\`,
    `               -d '{"wallet":"<your address>","lamports":"2000000000"}'`,
  );
  return lines.join("\n");
}

/** How the world came to be: the world cache saves a start most of its time, so say whether it did. */
function worldLine(simulator: Simulator): string {
  const seconds = (simulator.worldMillis / 1000).toFixed(2);
  switch (simulator.worldSource) {
    case "built":
      return `world built in ${seconds} s`;
    case "cache":
      return `world from cache in ${seconds} s`;
    case "state-dir":
      return `world resumed in ${seconds} s`;
  }
}

/** Fails when `port` or `port + 1` is taken on `host` (releasing `held` first); frees both again at once. */
async function probeRpcPorts(host: string, port: number, held: PortReservation): Promise<void> {
  for (const candidate of [port, port + 1]) {
    const probe = await reservePort(host, candidate).catch(async () => {
      await held.release();
      throw new Error(`RPC port ${port} or its PubSub port ${port + 1} on ${host} is already in use: pick another with --rpc-port`);
    });
    await probe.release();
  }
}

async function up(options: SimulatorOptions): Promise<number> {
  const started = performance.now();
  const log = (line: string) => process.stderr.write(`basket-devnet: ${line}\n`);
  let simulator: Simulator;
  let reservation: PortReservation | null = null;
  // Signals are handled from the start: before the simulator is up there is nothing to close,
  // so the process exits at once, as it would by default, but through process.exit (its exit
  // handlers run); once it is up, `stop` below closes it cleanly. A stop that arrived between
  // the first answer and the handlers would otherwise have killed a serving process outright.
  let stop: (signal: NodeJS.Signals) => void = (signal) => {
    log(`${signal}: stopping before the simulator was ready`);
    process.exit(0);
  };
  const onSignal = (signal: NodeJS.Signals) => stop(signal);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    // The port first, then the simulator's modules: a taken port is reported at once, and
    // a client that connects while the world is built waits for its answer instead of a refusal.
    const host = options.host ?? DEFAULT_HOST;
    reservation = await reservePort(host, options.port ?? DEFAULT_PORT);
    // An RPC port asked for by name must be free too: say so now, not after the world is built.
    if (typeof options.rpcPort === "number" && options.rpcPort !== 0) await probeRpcPorts(host, options.rpcPort, reservation);
    log(`http://${urlHost(host)}:${reservation.port} accepts connections; requests wait until the world is ready`);
    const { startSimulator } = await import("../simulator/simulator.ts");
    simulator = await startSimulator({ ...options, port: reservation.port, log }, reservation);
  } catch (error) {
    // A taken port, a state directory of another seed: say it plainly, no stack.
    await reservation?.fail(failureSentence(error));
    log(error instanceof Error ? error.message : String(error));
    return error instanceof RangeError ? 2 : 1;
  }
  process.stdout.write(`${banner(simulator, (performance.now() - started) / 1000)}\n`);
  return new Promise<number>((resolve) => {
    let stopping = false;
    stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        log(`${signal} again: exiting without a clean close`);
        process.exit(1);
      }
      stopping = true;
      log(`${signal}: closing`);
      simulator.close().then(
        () => resolve(0),
        (error: unknown) => {
          log(`close failed: ${error instanceof Error ? error.message : String(error)}`);
          resolve(1);
        },
      );
    };
  });
}

/** Runs `basket-devnet` with `argv`; resolves with the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  // The conformance judge has its own options and parser; loaded only when asked for.
  if (argv[0] === "conformance") return (await import("../../conformance/cli/conformance-command.ts")).conformanceCommand(argv.slice(1));
  // Scenarios (run, record) likewise: their own parser, loaded only when asked for.
  if (argv[0] === "scenario") return (await import("../../scenarios/runner/scenario-command.ts")).scenarioCommand(argv.slice(1));
  const command = parseCommand(argv, process.env);
  switch (command.kind) {
    case "help":
      process.stdout.write(`${command.usage}\n`);
      return 0;
    case "version":
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case "bugs":
      process.stdout.write(bugListText());
      return 0;
    case "error":
      process.stderr.write(`basket-devnet: ${command.message}\nRun 'basket-devnet --help' for usage.\n`);
      return 2;
    case "up":
      return up(command.options);
  }
}

// Exit explicitly: a closed simulator leaves nothing running, but a stray handle (a slow
// socket, a library's timer) must not keep a stopped server's process alive. A promise, not a
// top-level await: the bundle is a CommonJS file (bin/cli-bundle.js).
let finished = false;
// And never as a success by running out of work: a command whose awaited work can no longer
// settle (nothing left to wake it) would otherwise end with node's exit code 0, a judge's pass.
process.once("beforeExit", () => {
  if (finished) return;
  process.stderr.write(
    "basket-devnet: the command stopped before it finished (work it waited for can no longer end); nothing was judged\n",
  );
  process.exit(2);
});
void main(process.argv.slice(2)).then((code) => {
  finished = true;
  process.exit(code);
});
