import fc from "fast-check";
import { SMALL_BUY, buildOf, landed, quoteOf, stepsOf, submit } from "./trade-session.ts";
import { type RealPlan, type TradeFlowModel, type TradeFlowReal, observe } from "./trade-flow-model.ts";
import { hasLanded, skipUnread } from "./transaction-status.ts";
import { Violation } from "./violation.ts";
import { signatureOfSigned } from "./wire-transaction.ts";

type TradeFlowCommand = fc.AsyncCommand<TradeFlowModel, TradeFlowReal>;

/** A buy's size: `scale` million whole launch tokens (exactOut, so the settle delivers exactly this). */
const amountOf = (scale: number) => BigInt(SMALL_BUY) * BigInt(scale);

/** Signs every step of a build and keeps it as a plan of the real system and of the model. */
async function keepPlan(
  model: TradeFlowModel,
  real: TradeFlowReal,
  wallet: number,
  quoteId: string,
  built: Awaited<ReturnType<typeof buildOf>>,
  amount: bigint,
) {
  const key = real.wallets[wallet]!;
  const steps = await Promise.all(
    stepsOf(built).map(async (step) => {
      const signed = await key.sign(step.transaction);
      return { signed, signature: signatureOfSigned(signed), settles: step.settles === true, label: step.label };
    }),
  );
  const settleIndex = steps.findIndex((step) => step.settles);
  if (settleIndex < 0)
    throw new Violation(`the build of quote ${quoteId} has no settling step`, { actual: steps.map((step) => step.label) });
  const plan: RealPlan = {
    name: `p${real.plans.length}`,
    wallet,
    quoteId,
    lastValidBlockHeight: built.lastValidBlockHeight,
    steps,
    amount,
  };
  real.plans.push(plan);
  model.plans.push({ wallet, steps: steps.length, settleIndex, submitted: [], settleMustFail: false });
  return plan;
}

/** Quote a buy for a wallet, let `ageSeconds` pass, build it: a quote older than 30 s cannot be built. */
export class QuoteBuild implements TradeFlowCommand {
  constructor(
    readonly wallet: number,
    readonly scale: number,
    readonly ageSeconds: number,
  ) {}
  check = () => true;
  async run(model: TradeFlowModel, real: TradeFlowReal) {
    const wallet = this.wallet % model.wallets;
    const amount = amountOf(this.scale);
    const { context, launch } = real;
    const address = real.wallets[wallet]!.address;
    const quote = await quoteOf(context, {
      launch: launch.address,
      direction: "buy",
      amountIn: amount.toString(),
      slippageBps: 1_000,
      wallet: address,
    });
    if (this.ageSeconds > 0) await context.advance({ seconds: this.ageSeconds });
    const expired = this.ageSeconds > 30;
    real.script.push({
      step: "quoteBuild",
      with: { wallet: `w${wallet}`, amount: amount.toString(), ageSeconds: this.ageSeconds },
      expect: expired ? "refused: quotes expire after 30 s" : "built",
    });
    if (expired) {
      const answer = await context.exchange({
        method: "POST",
        path: "/v1/trades/build",
        json: { quoteId: quote.quoteId, wallet: address },
      });
      if (answer.status === 200 || typeof (answer.body as { error?: unknown })?.error !== "string")
        throw new Violation(`a quote ${this.ageSeconds} s old was built (answer ${answer.status})`, {
          input: real.script,
          expected: "refused with an error sentence",
          actual: answer.body,
        });
      return;
    }
    const built = await buildOf(context, quote.quoteId, address);
    await keepPlan(model, real, wallet, quote.quoteId, built, amount);
  }
  toString = () => `quoteBuild(w${this.wallet}, ${this.scale}M tokens, built after ${this.ageSeconds} s)`;
}

/** Submit one step of a built plan (again, when it was sent before), in whatever order the run picks. */
export class SubmitStep implements TradeFlowCommand {
  #resolved: string | null = null;
  /** `stepPick` null names the plan's settling step, wherever it is. */
  constructor(
    readonly planPick: number,
    readonly stepPick: number | null,
  ) {}
  check = (model: Readonly<TradeFlowModel>) => model.plans.length > 0;
  async run(model: TradeFlowModel, real: TradeFlowReal) {
    const index = this.planPick % model.plans.length;
    const predicted = model.plans[index]!;
    const plan = real.plans[index]!;
    const step = this.stepPick === null ? predicted.settleIndex : this.stepPick % predicted.steps;
    const again = predicted.submitted.includes(step);
    if (!again) {
      // The settle sent while a setup step has not even been sent cannot land after it.
      if (step === predicted.settleIndex && predicted.submitted.length < predicted.steps - 1) predicted.settleMustFail = true;
      predicted.submitted.push(step);
    }
    const settles = step === predicted.settleIndex;
    this.#resolved = `submit(${plan.name} step ${step + 1}/${predicted.steps}${settles ? " settle" : ""}${again ? ", again" : ""})`;
    real.script.push({
      step: "submit",
      with: { plan: plan.name, step: step + 1, of: predicted.steps, settles, again },
      ...(predicted.settleMustFail && settles && !again ? { expect: "the settle fails" } : {}),
    });
    const answer = await submit(real.context, plan.steps[step]!.signed, plan.quoteId);
    if (answer.status >= 500)
      throw new Violation(`submit answered ${answer.status}`, { input: real.script, actual: answer.text.slice(0, 300) });
  }
  toString = () =>
    this.#resolved ?? `submit(plan pick ${this.planPick}, ${this.stepPick === null ? "its settle" : `step pick ${this.stepPick}`})`;
}

/** Let slots pass: submitted transactions land in order. */
export class Advance implements TradeFlowCommand {
  constructor(readonly slots: number) {}
  check = () => true;
  async run(_model: TradeFlowModel, real: TradeFlowReal) {
    real.script.push({ step: "advance", with: { slots: this.slots } });
    await real.context.advance({ slots: this.slots });
  }
  toString = () => `advance(${this.slots} slots)`;
}

/** Read statuses, the tape and balances, and compare them with the model. */
export class Observe implements TradeFlowCommand {
  check = () => true;
  async run(model: TradeFlowModel, real: TradeFlowReal) {
    real.script.push({ step: "observe", expect: "landed settles once on the tape; balances only from landed settles" });
    await observe(model, real);
  }
  toString = () => "observe()";
}

/** The specification's flow for one wallet, each step landed before the next: it must settle. */
export class InOrderTrade implements TradeFlowCommand {
  constructor(
    readonly wallet: number,
    readonly scale: number,
  ) {}
  check = () => true;
  async run(model: TradeFlowModel, real: TradeFlowReal) {
    const wallet = this.wallet % model.wallets;
    const amount = amountOf(this.scale);
    const { context, launch } = real;
    // Whatever was sent before lands first, so nothing of this wallet's lands between these steps.
    await context.advance({ slots: 2 });
    const address = real.wallets[wallet]!.address;
    const quote = await quoteOf(context, {
      launch: launch.address,
      direction: "buy",
      amountIn: amount.toString(),
      slippageBps: 1_000,
      wallet: address,
    });
    const plan = await keepPlan(model, real, wallet, quote.quoteId, await buildOf(context, quote.quoteId, address), amount);
    const predicted = model.plans.at(-1)!;
    real.script.push({
      step: "inOrderTrade",
      with: { wallet: `w${wallet}`, amount: amount.toString(), plan: plan.name, steps: plan.steps.length },
      expect: "every step lands",
    });
    for (const [index, step] of plan.steps.entries()) {
      predicted.submitted.push(index);
      const answer = await submit(context, step.signed, plan.quoteId);
      if (answer.status !== 200)
        throw new Violation(`${plan.name} step ${index + 1} (${step.label}), sent in order, was refused: ${answer.status}`, {
          input: real.script,
          actual: answer.body ?? answer.text,
        });
      const status = await landed(context, step.signature, plan.lastValidBlockHeight);
      skipUnread(context, status.status, `${plan.name} step ${index + 1} (${step.label}), landed in order,`);
      if (!hasLanded(status.status))
        throw new Violation(`${plan.name} step ${index + 1} (${step.label}), landed in order, ended ${status.status}: ${status.error}`, {
          input: real.script,
          actual: status,
        });
    }
  }
  toString = () => `inOrderTrade(w${this.wallet}, ${this.scale}M tokens)`;
}

/** The commands of a run over `wallets` wallets. */
export function tradeFlowCommands(wallets: number, maxCommands = 20) {
  const quoteBuild = fc
    .tuple(fc.nat({ max: wallets - 1 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom(0, 0, 0, 29, 31))
    .map(([w, s, a]) => new QuoteBuild(w, s, a));
  const submitStep = fc.tuple(fc.nat(), fc.nat()).map(([p, s]) => new SubmitStep(p, s));
  // The settle on its own, often before its setup: the out-of-order case the plan rules name.
  const submitSettle = fc.nat().map((p) => new SubmitStep(p, null));
  return fc.commands(
    [
      // Listed twice: submissions need plans in flight (a submit with none is not run).
      quoteBuild,
      quoteBuild,
      submitStep,
      submitStep,
      submitSettle,
      submitSettle,
      fc.integer({ min: 1, max: 3 }).map((slots) => new Advance(slots)),
      fc.constant(null).map(() => new Observe()),
      fc.tuple(fc.nat({ max: wallets - 1 }), fc.integer({ min: 1, max: 4 })).map(([w, s]) => new InOrderTrade(w, s)),
    ],
    // Long sequences: interleavings need several plans in flight at once.
    { maxCommands, size: "max" },
  );
}
