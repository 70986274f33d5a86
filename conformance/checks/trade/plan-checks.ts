import fc from "fast-check";
import type { Check, CheckContext, Wallet } from "../../engine/check.ts";
import { serverClock } from "../../model/server-clock.ts";
import { runProperty } from "../../model/run-property.ts";
import {
  type Built,
  type PlanStep,
  type Quote,
  SMALL_BUY,
  buildOf,
  curveLaunch,
  graduatedLaunch,
  quoteOf,
  stepsOf,
  trade,
  smallCurveBuy,
} from "../../model/trade-session.ts";
import { ensure } from "../../model/violation.ts";
import { readWireTransaction } from "../../model/wire-transaction.ts";

const BUILD = "Endpoints › POST /v1/trades/build";

export interface PlanCase {
  readonly venue: "curve" | "market";
  readonly mode: "exactOut" | "exactIn" | "exactInSol";
  readonly scale: number;
}

/** Buys worth building: on the curve in each mode, and past it, at a few sizes. */
const planCases: fc.Arbitrary<PlanCase> = fc.record({
  venue: fc.constantFrom("curve", "market"),
  mode: fc.constantFrom("exactOut", "exactIn", "exactInSol"),
  scale: fc.integer({ min: 1, max: 20 }),
});

const AMOUNTS = { exactOut: BigInt(SMALL_BUY), exactIn: 20_000_000n, exactInSol: 20_000_000n };

/** Quotes and builds a buy of the case for `wallet` (never landed), or null when the server has no such venue. */
async function buildCase(
  context: CheckContext,
  wallet: Wallet,
  plan: PlanCase,
): Promise<{ quote: Quote; built: Built; input: object } | null> {
  const launch = plan.venue === "curve" ? curveLaunch(context) : graduatedLaunch(context);
  if (!launch) return null;
  const amountIn =
    plan.venue === "market" ? (5_000_000n * BigInt(plan.scale)).toString() : (AMOUNTS[plan.mode] * BigInt(plan.scale)).toString();
  const request = { launch: launch.address, direction: "buy", mode: plan.mode, amountIn, wallet: wallet.address } as const;
  const quote = await quoteOf(context, request);
  const built = await buildOf(context, quote.quoteId, wallet.address);
  return { quote, built, input: { ...request, quoteId: quote.quoteId } };
}

/** A property over built buy plans: `judgePlan` checks one plan. */
function planCheck(
  id: string,
  rule: Check["rule"],
  judgePlan: (built: Built, steps: readonly PlanStep[], quote: Quote, wallet: Wallet, input: object) => void,
): Check {
  return {
    id,
    phase: "trade",
    rule,
    enforces: "specification",
    needs: ["wallet"],
    async run(context) {
      const wallet = await context.wallet();
      await runProperty(
        context,
        planCases,
        async (plan) => {
          const built = await buildCase(context, wallet, plan);
          if (built) judgePlan(built.built, stepsOf(built.built), built.quote, wallet, built.input);
        },
        { maxRuns: 6, examples: [{ venue: "curve" as const, mode: "exactOut" as const, scale: 1 }] },
      );
    },
  };
}

export const buildAnswerFields = planCheck(
  "build.answerFields",
  {
    section: BUILD,
    text: "Response: transaction (base64 of an unsigned versioned transaction), lastValidBlockHeight, and optionally plan: an ordered array of {step, label, transaction, kind, settles}",
  },
  // buildOf holds every answer to the document's view of these fields; this names the two a client cannot do without.
  (built, _steps, _quote, _wallet, input) =>
    ensure(
      typeof built.transaction === "string" && Number.isSafeInteger(built.lastValidBlockHeight),
      "the build answered without its transaction or an integer lastValidBlockHeight",
      { input, expected: { transaction: "base64", lastValidBlockHeight: "an integer" }, actual: built },
    ),
);

export const buildLastValidAhead: Check = {
  id: "build.lastValidBlockHeightAhead",
  phase: "trade",
  rule: {
    section: "Endpoints › GET /v1/transactions/{signature}",
    text: "The build's lastValidBlockHeight is passed so the route can report expired when the chain has moved past it: a fresh build's is still ahead of the chain (read from GET /devnet/clock)",
  },
  enforces: "specification",
  needs: ["wallet", "control"],
  async run(context) {
    const wallet = await context.wallet();
    const request = smallCurveBuy(context, wallet);
    const quote = await quoteOf(context, request);
    const built = await buildOf(context, quote.quoteId, wallet.address);
    const now = (await serverClock(context)).blockHeight;
    ensure(
      built.lastValidBlockHeight > now,
      `a fresh build's lastValidBlockHeight ${built.lastValidBlockHeight} is not ahead of block height ${now}`,
      {
        input: { ...request, quoteId: quote.quoteId },
        expected: `more than ${now}`,
        actual: built.lastValidBlockHeight,
      },
    );
  },
};

export const buildOwnPlanPerQuote: Check = {
  id: "build.ownPlanPerQuote",
  phase: "trade",
  rule: {
    section: BUILD,
    text: "Rules for a plan, 4: the settling step is the step the quoteId belongs on; our reading (the specification does not say it in so many words): two quotes of the same trade by the same wallet build plans of their own (identical bytes would share signatures, and the second trade would report the first's landing without trading); a refused second build keeps them apart too",
  },
  enforces: "decision",
  needs: ["wallet"],
  async run(context) {
    const wallet = await context.wallet();
    const request = smallCurveBuy(context, wallet);
    // Quoted and built back to back, so that nothing (a slot, a balance) sets the two apart but the quote.
    const [first, second] = [await quoteOf(context, request), await quoteOf(context, request)];
    const firstBuilt = await buildOf(context, first.quoteId, wallet.address);
    const answer = await context.exchange({
      method: "POST",
      path: "/v1/trades/build",
      json: { quoteId: second.quoteId, wallet: wallet.address },
    });
    const input = { ...request, quoteIds: [first.quoteId, second.quoteId] };
    // A refusal keeps the two trades apart; a server failure is no refusal.
    ensure(answer.status < 500, `the build of quote ${second.quoteId} answered ${answer.status}`, {
      input,
      expected: "200 with a plan of its own, or a 4xx refusal",
      actual: { status: answer.status, body: answer.body },
    });
    if (answer.status !== 200) return;
    const taken = new Set(stepsOf(firstBuilt).map((step) => step.transaction));
    const shared = stepsOf(answer.body as Built).filter((step) => taken.has(step.transaction));
    ensure(shared.length === 0, `the builds of quotes ${first.quoteId} and ${second.quoteId} share ${shared.length} identical step(s)`, {
      input,
      expected: "no step of the second plan byte-identical to a step of the first",
      actual: { sharedSteps: shared.map((step) => step.step) },
    });
  },
};

export const planTransactionIsLast = planCheck(
  "plan.transactionIsLast",
  { section: BUILD, text: "Rules for a plan, 2: transaction is always the last entry of plan" },
  (built, steps, _quote, _wallet, input) =>
    ensure(steps.at(-1)?.transaction === built.transaction, "transaction is not the last entry of plan", {
      input,
      expected: "transaction === plan[plan.length - 1].transaction",
      actual: { transactionIsStep: steps.findIndex((step) => step.transaction === built.transaction) + 1, steps: steps.length },
    }),
);

export const planSingleSettle = planCheck(
  "plan.singleSettle",
  {
    section: BUILD,
    text: "Rules for a plan, 4: exactly one step has settles: true; a step's kind is setup or trade, and the settling step is the trade",
  },
  (_built, steps, _quote, _wallet, input) => {
    const shown = steps.map(({ step, label, kind, settles }) => ({ step, label, kind, settles }));
    const settling = steps.filter((step) => step.settles === true);
    ensure(settling.length === 1, `${settling.length} steps settle`, { input, expected: 1, actual: shown });
    const unknown = steps.find((step) => step.kind !== "setup" && step.kind !== "trade");
    ensure(unknown === undefined, `plan step ${unknown?.step} has kind ${JSON.stringify(unknown?.kind)}, neither setup nor trade`, {
      input,
      actual: shown,
    });
    ensure(settling[0]!.kind === "trade", `the settling step's kind is ${JSON.stringify(settling[0]!.kind)}, not trade`, {
      input,
      actual: shown,
    });
  },
);

export const planCountMatchesRoute = planCheck(
  "plan.countMatchesRoute",
  {
    section: BUILD,
    text: "Rules for a plan, 3: the number of signatures is given beforehand by the quote's route.transactions (balances unchanged between quote and build)",
  },
  (_built, steps, quote, _wallet, input) => {
    // `route` is the curve quote's field; "fields of the market quote and the pool quote beyond
    // those named above: not shown", so one without a route gives no count to judge.
    const pastTheCurve = (quote as { graduated?: unknown }).graduated === true || "estimatedAmountOut" in quote;
    if (pastTheCurve && quote.route == null) return;
    ensure(
      quote.route != null && quote.route.transactions === steps.length,
      `the plan has ${steps.length} steps; the quote's route said ${quote.route?.transactions}`,
      {
        input,
        expected: quote.route?.transactions,
        actual: steps.length,
      },
    );
  },
);

export const planFeePayerIsWallet = planCheck(
  "plan.feePayerIsWallet",
  { section: "Authentication", text: "The wallet named in a build request is the fee payer" },
  (_built, steps, _quote, wallet, input) => {
    for (const step of steps) {
      const read = readWireTransaction(step.transaction);
      ensure(!("error" in read), `plan step ${step.step} is not a readable transaction: ${"error" in read ? read.error : ""}`, {
        input,
        actual: step,
      });
      ensure(read.feePayer === wallet.address, `plan step ${step.step} (${step.label}) is paid by ${read.feePayer}, not the wallet`, {
        input,
        expected: wallet.address,
        actual: read.feePayer,
      });
    }
  },
);

export const planOnlyWalletSigns = planCheck(
  "plan.onlyWalletSigns",
  {
    section: "Endpoints › Trade flow",
    text: "The client deserializes each transaction and signs it with the named wallet: no other signature is required",
  },
  (_built, steps, _quote, wallet, input) => {
    for (const step of steps) {
      const read = readWireTransaction(step.transaction);
      ensure(!("error" in read), `plan step ${step.step} is not a readable transaction`, { input, actual: step });
      ensure(
        read.signers.length === 1 && read.signers[0] === wallet.address,
        `plan step ${step.step} (${step.label}) needs the signatures of ${read.signers.join(", ")}`,
        {
          input,
          expected: [wallet.address],
          actual: read.signers,
        },
      );
    }
  },
);

export const planUnsigned = planCheck(
  "plan.unsigned",
  { section: "Authentication", text: "The service holds no private key; build routes return unsigned base64 transactions only" },
  (_built, steps, _quote, _wallet, input) => {
    for (const step of steps) {
      const read = readWireTransaction(step.transaction);
      ensure(!("error" in read), `plan step ${step.step} is not a readable transaction`, { input, actual: step });
      ensure(
        read.signatures.every((signature) => signature === null),
        `plan step ${step.step} (${step.label}) arrives signed`,
        { input, expected: "every signature slot zero", actual: read.signatures },
      );
    }
  },
);

export const planOrder: Check = {
  id: "plan.order",
  phase: "trade",
  rule: {
    section: BUILD,
    text: "Rules for a plan, 1: a buy acquires components and then settles, so detached swaps come before the trade; a sell settles first, so its swaps come after",
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    const wallet = await context.wallet();
    const launch = curveLaunch(context);
    await runProperty(
      context,
      fc.integer({ min: 1, max: 10 }),
      async (scale) => {
        const amountIn = (BigInt(SMALL_BUY) * BigInt(scale)).toString();
        const buy = await quoteOf(context, { launch: launch.address, direction: "buy", amountIn, wallet: wallet.address });
        const buySteps = stepsOf(await buildOf(context, buy.quoteId, wallet.address));
        const describe = (steps: readonly PlanStep[]) => steps.map(({ step, label, kind, settles }) => ({ step, label, kind, settles }));
        ensure(buySteps.at(-1)?.settles === true, "on a buy the settling step is not the last: a step comes after the trade", {
          input: { launch: launch.address, direction: "buy", amountIn, quoteId: buy.quoteId },
          actual: describe(buySteps),
        });
        // A sell needs launch tokens: land the buy first, then sell half of it.
        const bought = await trade(context, wallet, { launch: launch.address, direction: "buy", amountIn });
        const sellAmount = (BigInt(bought.quote.expectedOut ?? amountIn) / 2n).toString();
        const sell = await quoteOf(context, {
          launch: launch.address,
          direction: "sell",
          mode: "exactIn",
          amountIn: sellAmount,
          wallet: wallet.address,
        });
        const sellSteps = stepsOf(await buildOf(context, sell.quoteId, wallet.address));
        ensure(sellSteps[0]?.settles === true, "on a sell the settling step is not the first: a step comes before the trade", {
          input: { launch: launch.address, direction: "sell", amountIn: sellAmount, quoteId: sell.quoteId },
          actual: describe(sellSteps),
        });
      },
      { maxRuns: 3 },
    );
  },
};
