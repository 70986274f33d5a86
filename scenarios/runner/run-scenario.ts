import type { BasketClient } from "../../src/client/basket-client.ts";
import type { Capability, CheckFailure, Wallet } from "../../conformance/engine/check.ts";
import type { CheckOutcome, CheckSummary } from "../../conformance/engine/run-events.ts";
import { judgeAnswer } from "./answer-expectation.ts";
import { interpolate } from "./interpolate.ts";
import type { AnswerExpectationSpec, Scenario } from "./scenario-schema.ts";
import { DEFAULT_VARIABLE, stepKind } from "./scenario-schema.ts";
import { ScenarioSession, isControlPath } from "./scenario-session.ts";
import { ScenarioFailedSignal, ScenarioSkippedSignal } from "./scenario-signals.ts";
import { scenarioWallet } from "./scenario-wallets.ts";
import { CONTROL_STEPS, handlerOf } from "./steps/step-handlers.ts";
import { PathError } from "./value-path.ts";

/** Lamports a declared wallet gets when it names none: 5 SOL. */
export const DEFAULT_WALLET_LAMPORTS = "5000000000";

export interface ScenarioServer {
  readonly client: BasketClient;
  readonly streamUrl: string;
  readonly capabilities: ReadonlySet<Capability>;
  readonly missing: Readonly<Partial<Record<Capability, string>>>;
}

export interface ScenarioResult {
  /** The outcome in the conformance reporters' model: the scenario is the "check". */
  readonly outcome: CheckOutcome;
  /** Every step, request, answer summary and frame, in order. */
  readonly transcript: readonly string[];
  /** The diff of the first failing expectation (empty unless failed). */
  readonly diff: string;
  /** 1-based index of the failing step, when one failed. */
  readonly failedStep: number | null;
}

/**
 * What the scenario needs that a server may lack, and which steps need it: wallets the faucet
 * funds (every declared one but those `held` by the user), control steps, and requests under /devnet/.
 */
function controlNeeds(scenario: Scenario, held: ReadonlyMap<string, Wallet>): string[] {
  const needs: string[] = [];
  const funded = Object.keys(scenario.wallets ?? {}).filter((name) => !held.has(name));
  if (funded.length > 0) needs.push(`wallet${funded.length === 1 ? "" : "s"} ${funded.join(", ")} (funded by the faucet)`);
  for (const step of scenario.steps) {
    const kind = stepKind(step);
    const path = (step[kind] as { path?: unknown } | undefined)?.path;
    const need = CONTROL_STEPS.has(kind)
      ? kind
      : (kind === "read" || kind === "request") && typeof path === "string" && isControlPath(path)
        ? `${kind} ${path}`
        : null;
    if (need !== null && !needs.includes(need)) needs.push(need);
  }
  return needs;
}

export function scenarioSummary(scenario: Scenario): CheckSummary {
  return {
    id: scenario.name,
    phase: "scenario",
    rule: { section: "Scenarios", text: scenario.description.trim() },
    enforces: "specification",
  };
}

/**
 * Runs one scenario against a server: funds its wallets, runs each step in order with the
 * variables earlier steps left, judges each answer, and stops at the first failing
 * expectation. Needing `/devnet/` control where the server has none skips it with the
 * reason; no step is ever passed silently. A declared wallet named in `held` (a key the user
 * brought, `--wallet NAME=FILE`) signs with that key and is not funded: it holds what its
 * owner gave it, which is how a scenario trades on a server without a faucet.
 */
export async function runScenario(
  scenario: Scenario,
  server: ScenarioServer,
  held: ReadonlyMap<string, Wallet> = new Map(),
): Promise<ScenarioResult> {
  const started = performance.now();
  const check = scenarioSummary(scenario);
  const session = new ScenarioSession(server.client, server.streamUrl, server.capabilities, server.missing);
  type Ending = { status: "pass" } | { status: "skip"; reason: string } | { status: "fail"; failure: CheckFailure };
  const end = (outcome: Ending, diff = "", failedStep: number | null = null): ScenarioResult => ({
    outcome: { ...outcome, check, millis: performance.now() - started, notes: [] } as CheckOutcome,
    transcript: session.transcript.lines,
    diff,
    failedStep,
  });
  const needs = controlNeeds(scenario, held);
  if (needs.length > 0 && !server.capabilities.has("control"))
    return end({
      status: "skip",
      reason: `${needs.join(", ")} ${needs.length === 1 ? "needs" : "need"} the /devnet/ control API: ${server.missing.control ?? "absent"}`,
    });

  let index = -1;
  try {
    for (const [name, wallet] of Object.entries(scenario.wallets ?? {})) {
      const brought = held.get(name);
      const signer = brought ?? (await scenarioWallet(scenario.seed, scenario.name, name));
      session.wallets.set(name, signer);
      (session.variables.wallets as Record<string, string>)[name] = signer.address;
      if (brought) {
        session.line(`wallet ${name} = ${signer.address} (the key given with --wallet: not funded, it holds what it holds)`);
        continue;
      }
      session.line(`wallet ${name} = ${signer.address}`);
      await fund(session, signer.address, wallet.lamports ?? DEFAULT_WALLET_LAMPORTS);
      for (const token of wallet.tokens ?? []) await fund(session, signer.address, undefined, token);
    }
    for (index = 0; index < scenario.steps.length; index++) {
      const step = scenario.steps[index]!;
      const kind = stepKind(step);
      const as = typeof step.as === "string" ? step.as : undefined;
      session.line(`[${index + 1}] ${kind}${as ? ` as ${as}` : ""}${step.note ? `: ${String(step.note)}` : ""}`);
      session.beginStep();
      const args = interpolate((step as Record<string, unknown>)[kind] ?? {}, session.variables) as Record<string, unknown>;
      const result = await handlerOf(kind, as)(args, session);
      if (kind === "expect") {
        // The step is itself the judgement: its `expect` key held its arguments.
      } else if (result.exchange)
        judgeAnswer(
          result.exchange,
          step.expect === undefined ? undefined : (interpolate(step.expect, session.variables) as AnswerExpectationSpec),
        );
      else if (step.expect) throw new ScenarioFailedSignal(`${kind} has no HTTP answer for expect to judge; use an expect step`);
      const variable = as ?? DEFAULT_VARIABLE[kind];
      if (variable !== null && result.value !== undefined) session.variables[variable] = result.value;
      Object.assign(session.variables, result.also ?? {});
    }
    return end({ status: "pass" });
  } catch (error) {
    const at = index >= 0 && index < scenario.steps.length ? index : null;
    const where = at === null ? "setting up the wallets" : `step ${at + 1} (${stepKind(scenario.steps[at]!)})`;
    if (error instanceof ScenarioSkippedSignal) return end({ status: "skip", reason: `${where}: ${error.message}` });
    const signal =
      error instanceof ScenarioFailedSignal
        ? error
        : error instanceof PathError
          ? new ScenarioFailedSignal(`a \${…} reference cannot be resolved: ${error.message}`)
          : new ScenarioFailedSignal(`the runner could not go on: ${error instanceof Error ? error.message : String(error)}`);
    session.line(`✗ ${where}: ${signal.message}`);
    if (signal.diff) session.line(signal.diff);
    const failure = {
      checkId: scenario.name,
      rule: check.rule,
      enforces: check.enforces,
      seed: typeof scenario.seed === "number" ? scenario.seed : 0,
      message: `${where}: ${signal.message}${signal.diff ? `\n${signal.diff}` : ""}`,
      details: {
        ...(at === null ? {} : { input: scenario.steps[at] }),
        ...(signal.expected === undefined ? {} : { expected: signal.expected }),
        ...(signal.actual === undefined ? {} : { actual: signal.actual }),
        transcript: session.transcript.lines,
      },
      curl: session.curl,
    };
    return end({ status: "fail", failure }, signal.diff, at === null ? null : at + 1);
  } finally {
    await session.close();
  }
}

async function fund(session: ScenarioSession, address: string, lamports?: string, token?: { mint: string; amount: string }) {
  const answer = await session.exchange({
    method: "POST",
    path: "/devnet/airdrop",
    json: {
      wallet: address,
      ...(lamports === undefined ? {} : { lamports }),
      ...(token ? { mint: token.mint, amount: token.amount } : {}),
    },
  });
  if (answer.status !== 200)
    throw new ScenarioFailedSignal(`the faucet refused to fund ${address} (${answer.status})`, "", 200, answer.body);
}
