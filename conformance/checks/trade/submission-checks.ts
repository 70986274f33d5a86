import fc from "fast-check";
import type { Check, CheckContext, Wallet } from "../../engine/check.ts";
import { documentValidators } from "../../engine/document-validator.ts";
import { judge, runProperty } from "../../model/run-property.ts";
import { hasLanded, skipUnread } from "../../model/transaction-status.ts";
import {
  SMALL_BUY,
  balancesOf,
  buildOf,
  curveLaunch,
  holdingOf,
  landed,
  onTape,
  quoteOf,
  statusOf,
  stepsOf,
  submit,
  submitAccepted,
  smallCurveBuy,
} from "../../model/trade-session.ts";
import { ensure } from "../../model/violation.ts";
import { flipByte, readWireTransaction, signatureOfSigned } from "../../model/wire-transaction.ts";

const BUILD = "Endpoints › POST /v1/trades/build";
const SUBMIT = "Endpoints › POST /v1/transactions/submit";
const STATUS = "Endpoints › GET /v1/transactions/{signature}";

/** "A transaction the network rejected is … status: "failed" and the reason in error": a submit answering failed says why. */
function ensureFailedSaysWhy(body: unknown, input: unknown): void {
  const answered = body as { status?: unknown; error?: unknown } | undefined;
  ensure(
    answered?.status !== "failed" || (typeof answered.error === "string" && answered.error.length > 0),
    "submit answered failed without the reason in error",
    {
      input,
      expected: { status: "failed", error: "a sentence" },
      actual: body,
    },
  );
}

/** A fresh wallet's buy on the curve, built and signed step by step, nothing submitted yet. */
async function signedBuy(context: CheckContext, wallet: Wallet, amountIn = SMALL_BUY) {
  const launch = curveLaunch(context);
  const request = { launch: launch.address, direction: "buy", amountIn, slippageBps: 1_000, wallet: wallet.address } as const;
  const quote = await quoteOf(context, request);
  const built = await buildOf(context, quote.quoteId, wallet.address);
  const steps = await Promise.all(stepsOf(built).map(async (step) => ({ ...step, signed: await wallet.sign(step.transaction) })));
  return { launch, quote, built, steps, input: { ...request, quoteId: quote.quoteId } };
}

/**
 * Why a buy's plan gives no setup step to land out of order with its settle, or null when
 * it does: a single step, no step or several marked `settles` (plan.singleSettle judges
 * those), or the settle first.
 */
function orderlessReason(steps: readonly { readonly step: number; readonly settles?: boolean }[]): string | null {
  const settles = steps.filter((step) => step.settles === true);
  if (steps.length < 2) return "the buy's plan has a single step";
  if (settles.length !== 1) return `the buy's plan marks ${settles.length} steps settles, not one (plan.singleSettle judges that)`;
  if (settles[0] === steps[0]) return "the buy's plan settles in its first step, with no setup before it";
  return null;
}

/**
 * Lands a buy's settling step before its setup. Returns the settle's answer, or why the
 * plan gives nothing to put out of order.
 */
async function settleFirst(context: CheckContext, wallet: Wallet) {
  const buy = await signedBuy(context, wallet);
  const skip = orderlessReason(buy.steps);
  if (skip !== null) return { skip };
  const settle = buy.steps.find((step) => step.settles === true)!;
  // A --keypair wallet is shared and may hold launch tokens already: what counts is the change.
  const heldBefore = await holdingOf(context, wallet.address, buy.launch.primaryMint);
  const answer = await submit(context, settle.signed, buy.quote.quoteId);
  const signature = signatureOfSigned(settle.signed);
  const status = answer.status === 200 ? await landed(context, signature, buy.built.lastValidBlockHeight) : null;
  return { buy, settle, answer, signature, status, heldBefore };
}

/** Whether the server takes the plan's first step, sent in order: a 400 to the settle sent first then refused a transaction, not our request's shape. */
async function takesInOrderSteps(context: CheckContext, buy: Awaited<ReturnType<typeof signedBuy>>): Promise<boolean> {
  return (await submit(context, buy.steps[0]!.signed)).status === 200;
}

/**
 * A settle that must have failed left no trace: the wallet holds the launch tokens it held
 * before, and the tape has no trade of it. `how` says how the settle was sent.
 */
async function ensureSettleChangedNothing(
  context: CheckContext,
  buy: Awaited<ReturnType<typeof signedBuy>>,
  settle: { heldBefore: bigint; signature: string; how: string; input: unknown },
): Promise<void> {
  ensure(
    (await holdingOf(context, buy.input.wallet, buy.launch.primaryMint)) === settle.heldBefore,
    `the wallet received launch tokens from a settle ${settle.how}`,
    { input: settle.input },
  );
  ensure((await onTape(context, buy.launch.address, settle.signature)) === 0, `a settle ${settle.how} is on the tape`, {
    input: settle.input,
    actual: settle.signature,
  });
}

export const submitOutOfOrderFails: Check = {
  id: "submit.outOfOrderFails",
  phase: "trade",
  rule: {
    section: BUILD,
    text: "Rules for a plan, 1: steps are signed and landed in order; out-of-order or concurrent landing fails",
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const wallet = await context.wallet();
      const attempt = await settleFirst(context, wallet);
      if ("skip" in attempt) return context.skip(`${attempt.skip}: there is no order to break`);
      const { buy, answer, signature, status } = attempt;
      // A 4xx other than a refusal of this transaction may be a refusal of our field names: tried in order, is the step taken at all?
      const refused = answer.status !== 200;
      if (refused && answer.status === 400 && !(await takesInOrderSteps(context, buy)))
        return context.skip("the server refused a plan step sent in order as {transaction, quoteId} too: nothing was judged");
      if (!refused && status) skipUnread(context, status.status, "the settle sent before its setup");
      ensure(refused || status?.status === "failed", `the settle landed before its setup ended ${status?.status}`, {
        input: { ...buy.input, submitted: `step ${attempt.settle.step} of ${buy.steps.length} first` },
        expected: "failed (or refused at submit)",
        actual: status,
      });
      await ensureSettleChangedNothing(context, buy, {
        heldBefore: attempt.heldBefore,
        signature,
        how: "landed out of order",
        input: buy.input,
      });
    });
  },
};

export const submitConcurrentFails: Check = {
  id: "submit.concurrentFails",
  phase: "trade",
  rule: {
    section: BUILD,
    text: "Rules for a plan, 1: steps are signed and landed in order; out-of-order or concurrent landing fails (a settle sent with its setup never half-lands; a server that lands the whole plan in order differs from our simulator, a decision)",
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const wallet = await context.wallet();
      const buy = await signedBuy(context, wallet);
      const skip = orderlessReason(buy.steps);
      if (skip !== null) return context.skip(`${skip}: nothing can land concurrently`);
      const settle = buy.steps.find((step) => step.settles === true)!;
      const heldBefore = await holdingOf(context, wallet.address, buy.launch.primaryMint);
      // Every step sent at once, none waiting for the one before it to land.
      const answers = await Promise.all(
        buy.steps.map((step) => submit(context, step.signed, step === settle ? buy.quote.quoteId : undefined)),
      );
      const settleAnswer = answers[buy.steps.indexOf(settle)]!;
      const signature = signatureOfSigned(settle.signed);
      const statuses = await Promise.all(
        buy.steps.map((step, index) =>
          answers[index]!.status === 200 ? landed(context, signatureOfSigned(step.signed), buy.built.lastValidBlockHeight) : null,
        ),
      );
      const status = statuses[buy.steps.indexOf(settle)];
      for (const [index, answer] of statuses.entries()) if (answer) skipUnread(context, answer.status, `step ${index + 1}`);
      const input = { ...buy.input, submitted: `all ${buy.steps.length} steps at once` };
      // A server that lands each transaction as it is submitted (the simulator's per-transaction
      // clock) landed the setup in a slot before the settle arrived: in order, nothing concurrent.
      const slotOf = (answer: unknown) => (answer as { slot?: unknown } | null)?.slot;
      const settleSlot = slotOf(status);
      const earlier = statuses.filter((answer, index) => index < buy.steps.indexOf(settle) && answer !== null).map(slotOf);
      if (
        status?.status !== "failed" &&
        typeof settleSlot === "number" &&
        earlier.length > 0 &&
        earlier.every((slot) => typeof slot === "number" && slot < settleSlot)
      )
        return context.skip(
          `the server landed the setup before the settle (slots ${earlier.join(", ")} then ${settleSlot}): nothing landed concurrently`,
        );
      const actual = statuses
        .map((answer, index) => `step ${index + 1}: ${answer?.status ?? `refused ${answers[index]!.status}`}`)
        .join(", ");
      if (settleAnswer.status === 200 && status?.status !== "failed") {
        // Every step landed: the server put them in order although they were sent together. The
        // specification warns clients that concurrent landing fails; a server that orders what it
        // was sent keeps its trades whole, so this differs from our simulator (which lands the
        // settle ahead of its setup, as a leader may order a slot) without breaking a rule.
        const inOrder = statuses.every((answer) => answer === null || hasLanded(answer.status));
        if (inOrder) context.failDecision(`a settle sent together with its setup landed, after it, in order (${actual})`, { input });
        ensure(false, `a settle sent together with its setup ended ${status?.status}`, {
          input,
          expected: "failed (or refused at submit): concurrent landing fails",
          actual,
        });
      }
      await ensureSettleChangedNothing(context, buy, { heldBefore, signature, how: "sent together with its setup", input });
    });
  },
};

export const statusFailedIsHttp200: Check = {
  id: "status.failedIsHttp200",
  phase: "trade",
  rule: {
    section: STATUS,
    text: 'A transaction the network rejected is HTTP 200 with status: "failed" and the reason in error, not a 5xx',
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const wallet = await context.wallet();
      const attempt = await settleFirst(context, wallet);
      if ("skip" in attempt) return context.skip(`${attempt.skip}: no transaction could be made to fail on chain`);
      // A server may check a transaction before sending it and refuse it there (4xx); a 5xx is what the rule forbids.
      ensure(
        attempt.answer.status < 500,
        `the submit of a settle sent before its setup, which the network rejects, answered ${attempt.answer.status}`,
        {
          input: { ...attempt.buy.input, submitted: `step ${attempt.settle.step} of ${attempt.buy.steps.length} first` },
          expected: 'HTTP 200 (then status "failed") or a 4xx refusal at submit: not a 5xx',
          actual: { httpStatus: attempt.answer.status, body: attempt.answer.body ?? attempt.answer.text.slice(0, 500) },
        },
      );
      if (attempt.answer.status === 200) ensureFailedSaysWhy(attempt.answer.body, attempt.buy.input);
      if (attempt.answer.status !== 200)
        context.skip(
          `the server refused the out-of-order settle at submit (${attempt.answer.status}): no transaction reached the network to fail there`,
        );
      const answer = await context.exchange({
        method: "GET",
        path: `/v1/transactions/${attempt.signature}`,
        query: { lastValidBlockHeight: attempt.buy.built.lastValidBlockHeight },
      });
      const body = answer.body as { status?: string; error?: unknown } | undefined;
      ensure(
        answer.status === 200 && body?.status === "failed" && typeof body.error === "string" && body.error.length > 0,
        `a rejected transaction's status answered ${answer.status} ${answer.text.slice(0, 200)}`,
        {
          input: { signature: attempt.signature, ...attempt.buy.input },
          expected: { httpStatus: 200, status: "failed", error: "a sentence" },
          actual: { httpStatus: answer.status, body: answer.body ?? answer.text },
        },
      );
    });
  },
};

export const submitAnswersStatus: Check = {
  id: "submit.answersStatus",
  phase: "trade",
  rule: {
    section: SUBMIT,
    text: "Response fields other than status and error: not shown. A submit's 200 answer carries status (a string), and a failed one the reason in error",
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    const { relaxed } = documentValidators(context.documents.openapi);
    await judge(context, async () => {
      const wallet = await context.wallet();
      const buy = await signedBuy(context, wallet);
      for (const step of buy.steps) {
        const answer = await submitAccepted(context, step.signed, buy.quote.quoteId);
        const body = answer.body as { status?: unknown; error?: unknown } | undefined;
        const input = { ...buy.input, step: step.step };
        const problem = relaxed.validateResponse("POST", "/v1/transactions/submit", 200, answer.body).error;
        ensure(problem === null && typeof body?.status === "string", `submit answered 200 without a status: ${problem}`, {
          input,
          expected: { status: "a string", error: "a sentence when failed" },
          actual: answer.body ?? answer.text.slice(0, 500),
        });
        ensureFailedSaysWhy(answer.body, input);
        const status = await landed(context, signatureOfSigned(step.signed), buy.built.lastValidBlockHeight);
        skipUnread(context, status.status, `step ${step.step} of a buy sent in order`);
        ensure(hasLanded(status.status), `step ${step.step} of a buy sent in order ended ${status.status}: ${status.error}`, {
          input,
          actual: status,
        });
      }
    });
  },
};

export const statusExpiredAfterLastValid: Check = {
  id: "status.expiredAfterLastValid",
  phase: "trade",
  rule: {
    section: STATUS,
    text: "The build's lastValidBlockHeight is passed so the route can report expired when the chain has moved past it without a sign of the transaction (our document passes it as the query parameter lastValidBlockHeight)",
  },
  enforces: "decision",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const wallet = await context.wallet();
      const buy = await signedBuy(context, wallet);
      const signature = signatureOfSigned(buy.steps[0]!.signed);
      // A blockhash lives 150 blocks: past that, plus margin, nothing built before can land.
      await context.advance({ slots: 160 });
      const status = await statusOf(context, signature, buy.built.lastValidBlockHeight);
      ensure(
        status.status === "expired",
        `a transaction never sent reports ${status.status} after its lastValidBlockHeight ${buy.built.lastValidBlockHeight} passed`,
        {
          input: { signature, lastValidBlockHeight: buy.built.lastValidBlockHeight, advancedSlots: 160 },
          expected: "expired",
          actual: status,
        },
      );
    });
  },
};

export const submitDuplicateExecutesOnce: Check = {
  id: "submit.duplicateExecutesOnce",
  phase: "trade",
  rule: {
    section: "Endpoints › POST /v1/transactions/submit",
    text: "our document: a signature submitted twice executes once (one effect on balances and the tape)",
  },
  enforces: "decision",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const wallet = await context.wallet();
      const buy = await signedBuy(context, wallet);
      const heldBefore = await holdingOf(context, wallet.address, buy.launch.primaryMint);
      let settleSignature = "";
      for (const step of buy.steps) {
        await submitAccepted(context, step.signed, buy.quote.quoteId);
        // The settle goes twice before landing; every step goes again after it landed.
        if (step.settles) await submit(context, step.signed, buy.quote.quoteId);
        const signature = signatureOfSigned(step.signed);
        const status = await landed(context, signature, buy.built.lastValidBlockHeight);
        ensure(status.status !== "failed" && status.status !== "expired", `step ${step.step} ended ${status.status}: ${status.error}`, {
          input: buy.input,
          actual: status,
        });
        await submit(context, step.signed, buy.quote.quoteId);
        await context.advance({ slots: 1 });
        if (step.settles) settleSignature = signature;
      }
      await context.advance({ slots: 2 });
      const held = (await holdingOf(context, wallet.address, buy.launch.primaryMint)) - heldBefore;
      ensure(
        held === BigInt(buy.quote.expectedOut ?? SMALL_BUY),
        `after submitting each step twice the wallet gained ${held} launch tokens, not the one buy's ${buy.quote.expectedOut}`,
        {
          input: buy.input,
          expected: buy.quote.expectedOut,
          actual: held.toString(),
        },
      );
      const count = await onTape(context, buy.launch.address, settleSignature);
      ensure(count === 1, `the settle submitted twice is ${count} times on the tape`, { input: buy.input, expected: 1, actual: count });
    });
  },
};

export const submitTamperedChangesNothing: Check = {
  id: "submit.tamperedChangesNothing",
  phase: "trade",
  rule: {
    section: "Authentication",
    text: "Trades are authorized by transaction signatures made on the client with the wallet's own key: a transaction altered after signing is refused or fails, and changes nothing",
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    const wallet = await context.wallet();
    const buy = await signedBuy(context, wallet);
    const settle = buy.steps.find((step) => step.settles) ?? buy.steps.at(-1)!;
    const read = readWireTransaction(settle.signed);
    if ("error" in read) return context.fail(`a signed plan step could not be read back: ${read.error}`);
    const before = await balancesOf(context, wallet.address);
    await runProperty(
      context,
      fc.record({ offset: fc.nat({ max: read.bytes.length - 1 }), withQuoteId: fc.boolean(), step: fc.constantFrom(...buy.steps) }),
      async ({ offset, withQuoteId, step }) => {
        const tampered = flipByte(step.signed, offset);
        const answer = await submit(context, tampered, withQuoteId ? buy.quote.quoteId : undefined);
        await context.advance({ slots: 1 });
        const input = { ...buy.input, step: step.step, flippedByte: offset, withQuoteId, submitAnswer: answer.status };
        ensure(answer.status < 500, `submit answered ${answer.status} to a tampered transaction`, {
          input,
          actual: answer.body ?? answer.text,
        });
        const after = await balancesOf(context, wallet.address);
        ensure(JSON.stringify(after) === JSON.stringify(before), "a tampered transaction moved the wallet's balances", {
          input,
          expected: before,
          actual: after,
        });
        const tamperedRead = readWireTransaction(tampered);
        const signature = "error" in tamperedRead ? null : tamperedRead.signatures[0];
        if (signature) {
          // What a server answers for a signature it never accepted is not shown: a 4xx says "not landed" as well as a status does.
          const answer = await context.exchange({
            method: "GET",
            path: `/v1/transactions/${encodeURIComponent(signature)}`,
            query: { lastValidBlockHeight: buy.built.lastValidBlockHeight },
          });
          const status = answer.status === 200 ? String((answer.body as { status?: unknown } | null)?.status) : `HTTP ${answer.status}`;
          ensure(answer.status < 500, `the status route answered ${answer.status} for a tampered transaction's signature`, {
            input,
            actual: answer.body ?? answer.text.slice(0, 300),
          });
          ensure(answer.status !== 200 || !hasLanded(status), `a tampered transaction's signature reports ${status}`, {
            input,
            actual: answer.body,
          });
          ensure((await onTape(context, buy.launch.address, signature)) === 0, "a tampered transaction is on the tape", {
            input,
            actual: signature,
          });
        }
      },
      { maxRuns: 12 },
    );
  },
};

export const buildRereadsBalances: Check = {
  id: "build.rereadsBalances",
  phase: "trade",
  rule: {
    section: BUILD,
    text: "Balances are read again, so the route may differ from the quote's; the build's route is authoritative: our simulator's wallet that came to hold every component between quote and build gets a plan with no swap",
  },
  enforces: "decision",
  needs: ["wallet", "control"],
  async run(context) {
    await judge(context, async () => {
      const wallet = await context.wallet();
      const request = smallCurveBuy(context, wallet);
      const quote = await quoteOf(context, request);
      if (!quote.componentFunding || quote.route == null || quote.route.transactions < 2)
        return context.skip("the quote needs no setup: nothing for a re-read to change");
      for (const funding of quote.componentFunding) {
        const answer = await context.exchange({
          method: "POST",
          path: "/devnet/airdrop",
          json: { wallet: wallet.address, mint: funding.mint, amount: (BigInt(funding.required) * 2n).toString() },
        });
        if (answer.status !== 200) context.skip(`the faucet could not give the wallet component ${funding.mint}: ${answer.status}`);
      }
      const steps = stepsOf(await buildOf(context, quote.quoteId, wallet.address));
      ensure(
        steps.length === 1 && steps[0]!.settles === true,
        `the wallet now holds every component, yet the build plans ${steps.length} steps as the quote did`,
        {
          input: { ...request, quoteId: quote.quoteId, quotedTransactions: quote.route.transactions },
          expected: "one settling step",
          actual: steps.map(({ step, label, kind, settles }) => ({ step, label, kind, settles })),
        },
      );
    });
  },
};
