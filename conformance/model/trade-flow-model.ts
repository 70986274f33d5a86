import type { CheckContext, SampleLaunch, Wallet } from "../engine/check.ts";
import { readStable } from "../engine/read-stable.ts";
import type { ScenarioStep } from "./scenario-file.ts";
import { holdingOf, onTape, statusOf } from "./trade-session.ts";
import { hasLanded, skipUnread } from "./transaction-status.ts";
import { Violation } from "./violation.ts";

/** What the model predicts of one built plan. */
export interface PlanModel {
  readonly wallet: number;
  readonly steps: number;
  readonly settleIndex: number;
  /** Step indexes in the order they were first submitted. */
  readonly submitted: number[];
  /** The specification's word on the settle: it cannot succeed when sent before a setup step was. */
  settleMustFail: boolean;
}

/** The model: only what the specification guarantees, nothing of prices or fees. */
export interface TradeFlowModel {
  readonly wallets: number;
  readonly plans: PlanModel[];
}

export interface RealStep {
  readonly signed: string;
  readonly signature: string;
  readonly settles: boolean;
  readonly label: string;
}

export interface RealPlan {
  readonly name: string;
  readonly wallet: number;
  readonly quoteId: string;
  readonly lastValidBlockHeight: number;
  readonly steps: readonly RealStep[];
  /** Launch tokens the settle delivers (an exactOut buy). */
  readonly amount: bigint;
}

/** The system under test as the commands see it, and what was observed of it so far. */
export interface TradeFlowReal {
  readonly context: CheckContext;
  readonly launch: SampleLaunch;
  readonly wallets: readonly Wallet[];
  readonly plans: RealPlan[];
  /** Settle signatures seen succeed: once landed, a transaction stays landed. */
  readonly succeeded: Set<string>;
  /** The steps run so far, as a scenario (the last run's is the counterexample's). */
  readonly script: ScenarioStep[];
}

type Statuses = Map<number, { status: string; error?: string | null }>;

/** The status of every settle sent so far, by plan index. */
async function settleStatuses(model: TradeFlowModel, real: TradeFlowReal): Promise<Statuses> {
  const statuses: Statuses = new Map();
  for (const [index, plan] of real.plans.entries()) {
    const predicted = model.plans[index]!;
    if (!predicted.submitted.includes(predicted.settleIndex)) continue;
    statuses.set(index, await statusOf(real.context, plan.steps[predicted.settleIndex]!.signature, plan.lastValidBlockHeight));
  }
  return statuses;
}

/**
 * What the statuses say about balances and tapes: a landed settle is the same fact confirmed
 * or finalized, so a settle that only became final while it was read is no change.
 */
export const fingerprintOf = (statuses: Statuses) =>
  [...statuses].map(([index, { status }]) => `${index}:${hasLanded(status) ? "landed" : status}`).join(",");

/**
 * Reads what the server says now and compares it with the model: a settle the model says
 * must fail has not landed; a landed settle stays landed and is on the tape exactly once;
 * a settle that did not land is not on the tape; and each wallet holds exactly the launch
 * tokens of its landed settles (balances move only for landed transactions). Statuses are
 * read before and after the balances and tape: on a live server a settle may land in
 * between, and the observation is then taken again.
 */
export async function observe(model: TradeFlowModel, real: TradeFlowReal): Promise<void> {
  const { context, launch } = real;
  const { statuses, holdings, onTapes } = await readStable(context, {
    what: "the settles' statuses",
    read: async () => {
      const statuses = await settleStatuses(model, real);
      const holdings = await Promise.all(real.wallets.map((wallet) => holdingOf(context, wallet.address, launch.primaryMint)));
      const onTapes = new Map<number, number>();
      for (const [index, { status }] of statuses)
        if (hasLanded(status) || status === "failed")
          onTapes.set(index, await onTape(context, launch.address, real.plans[index]!.steps[model.plans[index]!.settleIndex]!.signature));
      return { statuses, holdings, onTapes };
    },
    markOf: ({ statuses }) => fingerprintOf(statuses),
    mark: async () => fingerprintOf(await settleStatuses(model, real)),
  });
  compare(model, real, statuses, holdings, onTapes);
}

function compare(
  model: TradeFlowModel,
  real: TradeFlowReal,
  statuses: Statuses,
  holdings: readonly bigint[],
  onTapes: ReadonlyMap<number, number>,
): void {
  const script = real.script.map((step) => `${step.step} ${JSON.stringify(step.with ?? {})}`);
  for (const [index, { status, error }] of statuses) {
    const plan = real.plans[index]!;
    const predicted = model.plans[index]!;
    const settle = plan.steps[predicted.settleIndex]!;
    skipUnread(real.context, status, `plan ${plan.name}'s settle`);
    const landed = hasLanded(status);
    if (predicted.settleMustFail && landed)
      throw new Violation(
        `plan ${plan.name}: its settle landed (${status}) although it was sent before a setup step (steps sent in the order ${predicted.submitted.map((step) => step + 1).join(", ")})`,
        { input: script, expected: "the settle fails: out-of-order landing fails", actual: { signature: settle.signature, status } },
      );
    if (real.succeeded.has(settle.signature) && !landed)
      throw new Violation(`plan ${plan.name}: its settle had landed and now reports ${status} (${error})`, {
        input: script,
        actual: { signature: settle.signature, status, error },
      });
    if (landed) real.succeeded.add(settle.signature);
    const count = onTapes.get(index);
    if (count !== undefined && count !== (landed ? 1 : 0))
      throw new Violation(`plan ${plan.name}: its settle (${status}) is ${count} times on the tape, not ${landed ? 1 : 0}`, {
        input: script,
        expected: landed ? 1 : 0,
        actual: { signature: settle.signature, status, onTape: count },
      });
  }
  for (const [wallet, held] of holdings.entries()) {
    const expected = real.plans
      .filter((plan) => plan.wallet === wallet && real.succeeded.has(plan.steps.find((step) => step.settles)!.signature))
      .reduce((sum, plan) => sum + plan.amount, 0n);
    if (held !== expected)
      throw new Violation(`wallet w${wallet} holds ${held} launch tokens; its landed settles delivered ${expected}`, {
        input: script,
        expected: expected.toString(),
        actual: held.toString(),
      });
  }
}
