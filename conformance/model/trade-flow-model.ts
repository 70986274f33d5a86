import type { CheckContext, SampleLaunch, Wallet } from "../engine/check.ts";
import type { ScenarioStep } from "./scenario-file.ts";
import { holdingOf, onTape, statusOf } from "./trade-session.ts";
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

/** Statuses our document gives a landed transaction (the specification names only failed and expired). */
export const LANDED = new Set(["confirmed", "finalized"]);

/**
 * Reads what the server says now and compares it with the model: a settle the model says
 * must fail has not landed; a landed settle stays landed and is on the tape exactly once;
 * a settle that did not land is not on the tape; and each wallet holds exactly the launch
 * tokens of its landed settles (balances move only for landed transactions).
 */
export async function observe(model: TradeFlowModel, real: TradeFlowReal): Promise<void> {
  const { context, launch } = real;
  const script = real.script.map((step) => `${step.step} ${JSON.stringify(step.with ?? {})}`);
  for (const [index, plan] of real.plans.entries()) {
    const predicted = model.plans[index]!;
    const settle = plan.steps[predicted.settleIndex]!;
    if (!predicted.submitted.includes(predicted.settleIndex)) continue;
    const { status, error } = await statusOf(context, settle.signature, plan.lastValidBlockHeight);
    const landed = LANDED.has(status);
    if (predicted.settleMustFail && landed)
      throw new Violation(
        `plan ${plan.name}: its settle landed (${status}) although it was sent before a setup step (steps sent in the order ${predicted.submitted.map((step) => step + 1).join(", ")})`,
        {
          input: script,
          expected: "the settle fails: out-of-order landing fails",
          actual: { signature: settle.signature, status },
        },
      );
    if (real.succeeded.has(settle.signature) && !landed)
      throw new Violation(`plan ${plan.name}: its settle was ${[...LANDED].join(" or ")} and now reports ${status} (${error})`, {
        input: script,
        actual: { signature: settle.signature, status, error },
      });
    if (landed) real.succeeded.add(settle.signature);
    if (landed || status === "failed") {
      const count = await onTape(context, launch.address, settle.signature);
      const expected = landed ? 1 : 0;
      if (count !== expected)
        throw new Violation(`plan ${plan.name}: its settle (${status}) is ${count} times on the tape, not ${expected}`, {
          input: script,
          expected,
          actual: { signature: settle.signature, status, onTape: count },
        });
    }
  }
  for (const [wallet, key] of real.wallets.entries()) {
    const expected = real.plans
      .filter((plan) => plan.wallet === wallet && real.succeeded.has(plan.steps.find((step) => step.settles)!.signature))
      .reduce((sum, plan) => sum + plan.amount, 0n);
    const held = await holdingOf(context, key.address, launch.primaryMint);
    if (held !== expected)
      throw new Violation(`wallet w${wallet} holds ${held} launch tokens; its landed settles delivered ${expected}`, {
        input: script,
        expected: expected.toString(),
        actual: held.toString(),
      });
  }
}
