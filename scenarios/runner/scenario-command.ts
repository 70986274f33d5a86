import { parseArgs } from "node:util";
import { serviceBaseUrl, unreachableReason } from "../../src/client/service-address.ts";
import { type ReportFile, reportFilesOf, unwritableReport, writeReports } from "../../conformance/reporters/report-files.ts";
import { heldWallets } from "./held-wallets.ts";
import { loadScenario } from "./load-scenario.ts";
import { runScenarios } from "./run-scenarios.ts";
import type { Scenario } from "./scenario-schema.ts";
import { scenarioFiles } from "./scenario-files.ts";
import { scenarioConsole } from "./scenario-console.ts";
import { RECORD_USAGE, recordCommand } from "../recorder/record-command.ts";
import { optionErrorSentence } from "./option-error.ts";
import { parseBugNames } from "../../src/bugs/injected-bug-catalogue.ts";

export const SCENARIO_USAGE = `Usage: basket-devnet scenario run PATH... [--base-url URL] [options]
       basket-devnet scenario record --target URL --out FILE [--port P] [--name NAME] [--seed S]

run      runs scenario files (a directory runs every .yaml or .yml in it, e.g. scenarios/library).
         Without --base-url each world (seed + world options) is a built-in simulator
         started in this process: seed pinned, genesis 2026-01-01, manual clock, no bots.
  --base-url <url>     run against this server instead (its own world; when it takes
                       /devnet/ snapshots every scenario starts from the state the run
                       found, restored at the end; steps needing /devnet/ control skip the
                       scenario with the reason when it has none)
  --control auto|off   use /devnet/ when the server has it (default auto)
  --wallet NAME=FILE   the scenarios' wallet NAME signs with this key (a Solana CLI
                       keypair file) and is not funded: it holds what you gave it, so a
                       scenario trades on a server without a faucet (a trade step waits
                       for that server's clock to land it; land still needs /devnet/;
                       repeatable)
  --inject-bug <names> on the built-in simulator, break these rules on purpose while each
                       scenario runs (basket-devnet bugs lists the modes): a scenario that
                       guards a mode should then fail
  --report <list>      junit=FILE,json=FILE,md=FILE (the conformance reporters)
  --verbose            print every scenario's transcript, not only failing ones

${RECORD_USAGE}

Exit codes: 0 when nothing failed, 1 when a scenario failed or none ran (every one
skipped: the run checked nothing), 2 on bad input.`;

export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const PROCESS_IO: CommandIo = { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) };

class BadInput extends Error {}

function reportsOf(text: string): ReportFile[] {
  const parsed = reportFilesOf(text);
  if (!parsed.ok) throw new BadInput(parsed.reason);
  return parsed.reports;
}

/** `basket-devnet scenario …`: resolves with the exit code. */
export async function scenarioCommand(argv: readonly string[], io: CommandIo = PROCESS_IO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        "base-url": { type: "string" },
        control: { type: "string" },
        wallet: { type: "string", multiple: true },
        "inject-bug": { type: "string" },
        report: { type: "string" },
        verbose: { type: "boolean" },
        target: { type: "string" },
        out: { type: "string" },
        port: { type: "string" },
        name: { type: "string" },
        seed: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    const sentence = optionErrorSentence(error);
    if (sentence === null) throw error;
    io.stderr(`basket-devnet scenario: ${sentence}\nRun 'basket-devnet scenario --help' for usage.\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [action, ...paths] = positionals;
  if (values.help || action === undefined) {
    (values.help ? io.stdout : io.stderr)(`${SCENARIO_USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if (action === "record") {
    const { target, out, port, name, seed } = values;
    return recordCommand({ target, out, port, name, seed, extra: paths }, io);
  }
  try {
    if (action !== "run") throw new BadInput(`unknown action ${JSON.stringify(action)}: the actions are run and record`);
    // Options of record given to run would be ignored without a word: refused instead.
    const recordOnly = (["target", "out", "port", "name", "seed"] as const).filter((option) => values[option] !== undefined);
    if (recordOnly.length > 0)
      throw new BadInput(
        `${recordOnly.map((option) => `--${option}`).join(", ")} belongs to record, not run (a scenario's seed is in its file)`,
      );
    if (paths.length === 0) throw new BadInput("run needs at least one scenario file or directory");
    if (values.control !== undefined && values.control !== "auto" && values.control !== "off")
      throw new BadInput(`--control must be auto or off, got ${JSON.stringify(values.control)}`);
    let baseUrl: string | undefined;
    if (values["base-url"] !== undefined) {
      const parsed = serviceBaseUrl(values["base-url"]);
      if (!parsed.ok) throw new BadInput(parsed.reason);
      baseUrl = parsed.url;
    }
    let bugs: string[] | undefined;
    if (values["inject-bug"] !== undefined) {
      if (baseUrl !== undefined)
        throw new BadInput(
          "--inject-bug needs the built-in simulator: a server at --base-url breaks rules only if started so (up --inject-bug)",
        );
      const parsed = parseBugNames(values["inject-bug"]);
      if (!parsed.ok) throw new BadInput(parsed.error);
      bugs = parsed.names;
    }
    const reports = values.report === undefined ? [] : reportsOf(values.report);
    // A report that cannot be written is said now, not after every scenario has run.
    const unwritable = await unwritableReport(reports);
    if (unwritable !== null) throw new BadInput(unwritable);
    const scenarios: Scenario[] = [];
    for (const file of scenarioFiles(paths)) {
      const loaded = loadScenario(file);
      if (!loaded.ok) throw new BadInput(loaded.error);
      scenarios.push(loaded.scenario);
    }
    if (scenarios.length === 0) throw new BadInput(`no scenario file in ${paths.join(", ")}`);
    const held = await heldWallets(values.wallet ?? [], scenarios);
    if (!held.ok) throw new BadInput(held.reason);
    // A server that is not there fails the run with one sentence, never as skipped scenarios.
    const unreachable = baseUrl === undefined ? null : await unreachableReason(baseUrl);
    if (unreachable !== null) throw new BadInput(unreachable);
    const console = scenarioConsole(io.stdout, values.verbose ?? false);
    const counted = scenarios.length === 1 ? "1 scenario" : `${scenarios.length} scenarios`;
    const broken = bugs === undefined ? "" : ` with injected bugs ${bugs.join(", ")}`;
    io.stderr(baseUrl ? `running ${counted} against ${baseUrl}\n` : `running ${counted} on the built-in simulator${broken}\n`);
    const run = await runScenarios(scenarios, {
      ...(baseUrl === undefined ? {} : { baseUrl }),
      control: (values.control as "auto" | "off" | undefined) ?? "auto",
      wallets: held.wallets,
      ...(bugs === undefined ? {} : { bugs }),
      onNotice: (line) => io.stderr(`${line}\n`),
      onResult: console.result,
    });
    console.summary(run.summary);
    await writeReports(reports, run.summary, io.stdout);
    if (run.summary.failed > 0) return 1;
    if (run.summary.passed === 0) {
      io.stderr(
        `basket-devnet scenario: no scenario ran (${counted}, every one skipped, reasons above): a run that checks nothing does not pass\n`,
      );
      return 1;
    }
    return 0;
  } catch (error) {
    io.stderr(`basket-devnet scenario: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof BadInput ? 2 : 1;
  }
}
