import { BasketClient } from "../../src/client/basket-client.ts";
import { ALL_CHECKS } from "../checks/index.ts";
import type { Check, CheckFailure, Phase } from "./check.ts";
import { PHASES } from "./check.ts";
import { type RunEnvironment, createCheckContext } from "./check-context.ts";
import { CheckFailedSignal, CheckSkippedSignal } from "./check-signals.ts";
import { discoverSamples } from "./discover-samples.ts";
import { type StartedWith, saveFailure } from "./failure-file.ts";
import { loadDocuments } from "./load-documents.ts";
import { probeCapabilities } from "./probe-capabilities.ts";
import { RunMemo } from "./run-memo.ts";
import type { CheckOutcome, CheckSummary, RunListener, RunSummary } from "./run-events.ts";
import { type Selection, selectChecks } from "./select-checks.ts";
import { walletFromKeypairFile } from "./suite-wallet.ts";
import { unreachableReason } from "../../src/client/service-address.ts";

/** Requests a failure keeps for its reproduction: the last ones (the defect is usually last). */
const CURL_KEPT = 40;

export interface RunOptions extends Selection {
  readonly baseUrl: string;
  /** Default: the base URL with the ws scheme and `/v1/stream`. */
  readonly streamUrl?: string;
  /** `{client_url}`, the web client's address: enables the `links` phase. */
  readonly clientUrl?: string;
  readonly seed: number;
  /** fast-check runs per property; default 100. */
  readonly numRuns?: number;
  /** Stop starting checks once this many failed; default unlimited. */
  readonly maxFailures?: number;
  /** `off`: never use `/devnet/`, even when the server has it. Default `auto`. */
  readonly control?: "auto" | "off";
  readonly allowSlow?: boolean;
  /** `decision` checks fail instead of noting. */
  readonly strict?: boolean;
  /** A Solana CLI keypair file: the wallet for servers without a faucet. */
  readonly keypair?: string;
  /** A check running longer fails; default 120 000 ms. */
  readonly checkTimeoutMs?: number;
  /** Where failures are saved; null saves none. Default none (the CLI passes `.conformance/failures`). */
  readonly failureDir?: string | null;
  /** The server judged is a built-in simulator started for this run (`--start`), so: saved with each failure. */
  readonly startedWith?: StartedWith;
  /** The checks to choose from; default the registry. */
  readonly registry?: readonly Check[];
  readonly listeners?: readonly RunListener[];
}

/** Failure messages of a request that reached no server (fetch's, node's, the client's timeout). */
const CONNECTION_LOST = /fetch failed|ECONNREFUSED|ECONNRESET|socket hang up|did not answer within/;

function summaryOf(check: Check): CheckSummary {
  return { id: check.id, phase: check.phase, rule: check.rule, enforces: check.enforces };
}

function withTimeout<T>(promise: Promise<T>, millis: number, message: string, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new CheckFailedSignal(message, {}));
    }, millis);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs the chosen checks against the server at `baseUrl`, phase by phase, and emits every
 * step as an event. Before the first check it loads the documents, probes what the server
 * offers beyond `/v1` and discovers samples; each check then gets its own recording
 * context. A check ends passed, failed, skipped (a missing capability, or its own reason:
 * never a silent pass) or, for a `decision` check outside `--strict`, noted.
 */
export async function runConformance(options: RunOptions): Promise<RunSummary> {
  const started = performance.now();
  const emit = (event: Parameters<RunListener>[0]) => {
    for (const listener of options.listeners ?? []) listener(event);
  };
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const streamUrl = options.streamUrl ?? `${baseUrl.replace(/^http/, "ws")}/v1/stream`;
  // A request that hangs fails its check naming the request, well within the check's own timeout.
  const client = new BasketClient(baseUrl, {
    requestTimeoutMs: Math.min(30_000, Math.max(1_000, (options.checkTimeoutMs ?? 120_000) / 4)),
  });
  const control = options.control ?? "auto";
  const strict = options.strict ?? false;
  const numRuns = options.numRuns ?? 100;

  const { documents, source } = await loadDocuments();
  const probe = await probeCapabilities(client, { control, keypair: options.keypair !== undefined, allowSlow: options.allowSlow ?? false });
  const samples = await discoverSamples(client);
  const keypairWallet = options.keypair === undefined ? null : await walletFromKeypairFile(options.keypair);
  const environment: RunEnvironment = {
    client,
    streamUrl,
    clientUrl: options.clientUrl?.replace(/\/+$/, "") ?? null,
    seed: options.seed,
    failureDir: options.failureDir ?? null,
    numRuns,
    documents,
    samples,
    capabilities: probe.capabilities,
    missing: probe.missing,
    keypairWallet,
    memo: new RunMemo(),
  };

  const checks = selectChecks(options.registry ?? ALL_CHECKS, options);
  emit({
    kind: "runStart",
    baseUrl,
    seed: options.seed,
    checks: checks.map(summaryOf),
    capabilities: [...probe.capabilities],
    missing: probe.missing,
    documentSource: source,
  });

  const outcomes: CheckOutcome[] = [];
  const phaseMillis: Partial<Record<Phase, number>> = {};
  let failed = 0;
  let notRun = 0;
  /** Why the server stopped answering, once a failure looked like it did and a probe confirmed it. */
  let gone: string | null = null;
  for (const phase of PHASES) {
    const ofPhase = checks.filter((check) => check.phase === phase);
    if (ofPhase.length === 0) continue;
    const phaseStarted = performance.now();
    emit({ kind: "phaseStart", phase, count: ofPhase.length });
    for (const check of ofPhase) {
      const stop =
        gone !== null
          ? `not run: the server stopped answering (${gone})`
          : options.maxFailures !== undefined && failed >= options.maxFailures
            ? `not run: --max-failures ${options.maxFailures} was reached`
            : null;
      if (stop !== null) {
        // Skipped with the reason, so every report lists every selected check.
        notRun += 1;
        const outcome: CheckOutcome = { status: "skip", check: summaryOf(check), millis: 0, notes: [], reason: stop };
        outcomes.push(outcome);
        emit({ kind: "checkEnd", outcome });
        continue;
      }
      const outcome = await runOne(check, environment, options, strict, emit);
      let savedTo: string | undefined;
      if (outcome.status === "fail") {
        failed += 1;
        // A failure that reads like a lost connection: if the server no longer answers at all,
        // the checks after it would only repeat that, as rule failures. They are not run.
        if (CONNECTION_LOST.test(outcome.failure.message)) gone = await unreachableReason(baseUrl, 5_000);
        if (options.failureDir) {
          savedTo = await saveFailure(options.failureDir, {
            baseUrl,
            streamUrl,
            seed: options.seed,
            numRuns,
            strict,
            control,
            allowSlow: options.allowSlow ?? false,
            ...(options.startedWith ? { startedWith: options.startedWith } : {}),
            failure: outcome.failure,
          });
        }
      }
      outcomes.push(outcome);
      emit({ kind: "checkEnd", outcome, ...(savedTo ? { savedTo } : {}) });
    }
    phaseMillis[phase] = performance.now() - phaseStarted;
    emit({ kind: "phaseEnd", phase, millis: phaseMillis[phase] });
  }

  const count = (status: CheckOutcome["status"]) => outcomes.filter((outcome) => outcome.status === status).length;
  const summary: RunSummary = {
    baseUrl,
    seed: options.seed,
    strict,
    outcomes,
    passed: count("pass"),
    failed: count("fail"),
    skipped: count("skip"),
    noted: count("note"),
    notRun,
    millis: performance.now() - started,
    phaseMillis,
  };
  emit({ kind: "runEnd", summary });
  return summary;
}

async function runOne(
  check: Check,
  environment: RunEnvironment,
  options: RunOptions,
  strict: boolean,
  emit: (event: Parameters<RunListener>[0]) => void,
): Promise<CheckOutcome> {
  const summary = summaryOf(check);
  emit({ kind: "checkStart", check: summary });
  const started = performance.now();
  const millis = () => performance.now() - started;
  const lacking = (check.needs ?? []).find((capability) => !environment.capabilities.has(capability));
  if (lacking !== undefined) {
    const reason = environment.missing[lacking] ?? `the server lacks the ${lacking} capability`;
    return { status: "skip", check: summary, millis: 0, notes: [], reason };
  }
  const { context, curl, notes, abandon } = createCheckContext(check, environment, (note) =>
    emit({ kind: "checkNote", check: summary, note }),
  );
  const timeoutMs = options.checkTimeoutMs ?? 120_000;
  try {
    await withTimeout(check.run(context), timeoutMs, `the check did not finish within ${timeoutMs / 1000} s`, abandon);
    return { status: "pass", check: summary, millis: millis(), notes };
  } catch (error) {
    if (error instanceof CheckSkippedSignal) return { status: "skip", check: summary, millis: millis(), notes, reason: error.reason };
    const signal =
      error instanceof CheckFailedSignal
        ? error
        : new CheckFailedSignal(`the check could not run: ${error instanceof Error ? error.message : String(error)}`, {});
    const enforces = signal.decision ? "decision" : check.enforces;
    const failure: CheckFailure = {
      checkId: check.id,
      rule: check.rule,
      enforces,
      seed: environment.seed,
      message: signal.message,
      details: signal.details,
      curl: curl.slice(-CURL_KEPT),
    };
    const status = enforces === "decision" && !strict ? "note" : "fail";
    return { status, check: summary, millis: millis(), notes, failure };
  }
}
