import { ALL_CHECKS } from "../checks/index.ts";
import { loadFailure } from "../engine/failure-file.ts";
import { selectChecks } from "../engine/select-checks.ts";
import { type RunOptions, runConformance } from "../engine/run-conformance.ts";
import type { RunListener } from "../engine/run-events.ts";
import { consoleReporter } from "../reporters/console-reporter.ts";
import { unwritableReport, writeReports } from "../reporters/report-files.ts";
import { unreachableReason } from "../../src/client/service-address.ts";
import { checkTableMarkdown } from "../check-table.ts";
import { CONFORMANCE_USAGE, type ConformanceOptions, parseConformanceCommand } from "./conformance-options.ts";
import { type StartedServer, startBuiltInServer } from "./start-simulator.ts";

export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const PROCESS_IO: CommandIo = { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) };

/** `basket-devnet conformance …`: resolves with the exit code (0 nothing failed, 1 a check failed, 2 bad input). */
export async function conformanceCommand(argv: readonly string[], io: CommandIo = PROCESS_IO): Promise<number> {
  const command = parseConformanceCommand(argv);
  switch (command.kind) {
    case "help":
      io.stdout(`${CONFORMANCE_USAGE}\n`);
      return 0;
    case "list":
      io.stdout(checkTableMarkdown());
      return 0;
    case "error":
      io.stderr(`basket-devnet conformance: ${command.message}\nRun 'basket-devnet conformance --help' for usage.\n`);
      return 2;
    case "run":
      return judge(command.options, {}, io);
    case "replay": {
      let saved;
      try {
        saved = await loadFailure(command.file);
      } catch (error) {
        io.stderr(`basket-devnet conformance: ${error instanceof Error ? error.message : String(error)}\n`);
        return 2;
      }
      const { options } = command;
      const pinned = options.start || options.baseUrl !== undefined;
      // A failure found on a simulator the run started is replayed on one started alike (its URL is gone).
      const restart = saved.startedWith !== undefined && (options.start || !pinned);
      const injectBugs = options.injectBugs ?? (restart ? (saved.startedWith?.injectBugs ?? undefined) : undefined);
      const where = restart ? ` on a new built-in simulator${injectBugs === undefined ? "" : ` with injected bugs ${injectBugs}`}` : "";
      io.stdout(`replaying ${saved.failure.checkId} with seed ${saved.seed}${where}: ${saved.failure.message}\n`);
      return judge(
        {
          ...options,
          ...(restart ? { start: true } : pinned ? {} : { baseUrl: saved.baseUrl }),
          ...(injectBugs === undefined ? {} : { injectBugs }),
          checks: saved.failure.checkId,
          phases: undefined,
          shard: undefined,
          seed: saved.seed,
          numRuns: saved.numRuns,
          strict: saved.strict || options.strict,
          control: saved.control,
          allowSlow: saved.allowSlow || options.allowSlow,
        },
        pinned || restart ? {} : { streamUrl: saved.streamUrl },
        io,
      );
    }
  }
}

/** Runs the suite with `options` (starting the built-in server for `--start`), writes the reports, and says the exit code. */
async function judge(options: ConformanceOptions, extra: Partial<RunOptions>, io: CommandIo): Promise<number> {
  let server: StartedServer | null = null;
  try {
    // A filter that matches no check is a typo, not a pass: said before any server starts.
    // (An empty shard of a filter that matches is a CI matrix wider than the suite: judged, with a warning.)
    const filter = { ...(options.phases ? { phases: options.phases } : {}), ...(options.checks ? { checks: options.checks } : {}) };
    if (selectChecks(ALL_CHECKS, filter).length === 0) {
      const named = [
        options.checks === undefined ? null : `--checks ${options.checks}`,
        options.phases ? `--phases ${options.phases.join(",")}` : null,
      ];
      throw new RangeError(
        `no check matches ${named.filter((part) => part !== null).join(" with ")}: nothing would be judged (the README's Checks table lists every check id)`,
      );
    }
    // A report that cannot be written is said now, not after the whole run.
    const unwritable = await unwritableReport(options.reports);
    if (unwritable !== null) throw new RangeError(unwritable);
    let baseUrl = options.baseUrl;
    let streamUrl = extra.streamUrl;
    if (options.start) {
      const bugs = options.injectBugs === undefined ? "" : `, injected bugs ${options.injectBugs}`;
      io.stderr(`starting the built-in simulator (seed ${options.seed}, manual clock${bugs})…\n`);
      server = await startBuiltInServer({
        seed: options.seed,
        ...(options.injectBugs === undefined ? {} : { injectBugs: options.injectBugs }),
      });
      baseUrl = server.baseUrl;
      streamUrl = server.streamUrl;
    }
    if (baseUrl === undefined) throw new RangeError("a server is required: --base-url URL, or --start for the built-in simulator");
    // Nothing there is one sentence and exit 2, not a page of checks failed on "fetch failed".
    const unreachable = server === null ? await unreachableReason(baseUrl) : null;
    if (unreachable !== null) throw new RangeError(unreachable);
    const listeners: RunListener[] = [consoleReporter(io.stdout)];
    // The built-in simulator serves its web client at its base URL, so --start judges its links too.
    const clientUrl = options.clientUrl ?? (options.start ? "base" : undefined);
    const summary = await runConformance({
      baseUrl,
      ...(streamUrl === undefined ? {} : { streamUrl }),
      seed: options.seed,
      numRuns: options.numRuns,
      ...(options.phases ? { phases: options.phases } : {}),
      ...(options.checks ? { checks: options.checks } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
      ...(options.maxFailures === undefined ? {} : { maxFailures: options.maxFailures }),
      control: options.control,
      allowSlow: options.allowSlow,
      // The built-in simulator is ours: our document's decisions are its rules, so they fail as with --strict.
      strict: options.strict || options.start,
      ...(options.keypair === undefined ? {} : { keypair: options.keypair }),
      ...(clientUrl === undefined ? {} : { clientUrl: clientUrl === "base" ? baseUrl : clientUrl }),
      checkTimeoutMs: options.checkTimeoutMs,
      failureDir: options.failuresDir,
      ...(server === null ? {} : { startedWith: { injectBugs: options.injectBugs ?? null } }),
      listeners,
    });
    await writeReports(options.reports, summary, io.stdout);
    if (summary.outcomes.length === 0) io.stderr("this --shard holds none of the checks selected: nothing was judged\n");
    return summary.failed > 0 ? 1 : 0;
  } catch (error) {
    io.stderr(`basket-devnet conformance: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof RangeError ? 2 : 1;
  } finally {
    await server?.close();
  }
}
