import type { FastifyRequest } from "fastify";
import type { InjectedBug, SentAnswer } from "./injected-bug.ts";
import { asServerFailure, objectOf, rowsOf, statusReportedAs, succeeded, withRows } from "./json-answer.ts";

function body(request: FastifyRequest): Record<string, unknown> | null {
  return objectOf(request.body);
}

/** The answer's quote (`{quote: {...}}`), changed by `change`; undefined when the answer has none. */
function withQuote(answer: SentAnswer, change: (quote: Record<string, unknown>) => Record<string, unknown>): unknown {
  const quote = objectOf(objectOf(answer.body)?.quote);
  return quote && succeeded(answer) ? { ...objectOf(answer.body), quote: change(quote) } : undefined;
}

/** An answer whose quote says it expires `seconds` after it was made, not 30. */
const expiringAfter = (seconds: number) => (answer: SentAnswer) =>
  withQuote(answer, (quote) => (typeof quote.expiresAt === "number" ? { ...quote, expiresAt: quote.expiresAt + seconds - 30 } : quote));

/** A successful build answer (a trade's or a creation's) changed by `change`; undefined for any other answer. */
function withBuilt(answer: SentAnswer, change: (built: Record<string, unknown>) => Record<string, unknown>): unknown {
  const built = objectOf(answer.body);
  return built && succeeded(answer) ? change(built) : undefined;
}

/** A built plan's steps changed by `change`, `transaction` kept equal to the last step's unless `change` says otherwise. */
function withPlan(answer: SentAnswer, change: (steps: Record<string, unknown>[]) => Record<string, unknown>[]): unknown {
  return withBuilt(answer, (built) => {
    const steps: Record<string, unknown>[] = change(rowsOf(built, "plan")).map((step, index) => ({ ...step, step: index + 1 }));
    return { ...built, plan: steps, transaction: steps.at(-1)?.transaction ?? built.transaction };
  });
}

/** A wire transaction (base64) with its first signature slot filled with a non-zero byte: it arrives "signed". */
function signedLooking(transaction: unknown): unknown {
  if (typeof transaction !== "string") return transaction;
  const bytes = Buffer.from(transaction, "base64");
  // Byte 0 is the signature count (compact-u16, one byte below 128); the first slot follows it.
  if (bytes.length > 1 && bytes[0]! > 0 && bytes[0]! < 128) bytes[1] = 1;
  return bytes.toString("base64");
}

/** A built plan (a trade's or a creation's) whose every step arrives with a filled signature slot. */
const withEveryStepSigned = (answer: SentAnswer) =>
  withPlan(answer, (steps) => steps.map((step) => ({ ...step, transaction: signedLooking(step.transaction) })));

/** Modes the `trade` phase catches: quotes, plans and statuses that break the trade flow's rules. */
export const TRADE_BUGS: readonly InjectedBug[] = [
  {
    name: "quote-never-expires",
    phase: "trade",
    rule: "A stored quote expires after 30 seconds; this mode builds quotes of any age.",
    caughtBy: "quote.expiry.30s",
    deep: { quotesNeverExpire: true },
  },
  {
    name: "concurrent-steps-land",
    phase: "trade",
    rule: "Plan steps land in order, and concurrent landing fails; this mode lands steps sent together in the order they arrived, so a settle sent with its setup succeeds.",
    caughtBy: "submit.concurrentFails",
    strictOnly: true,
    deep: { plansLandInArrivalOrder: true },
  },
  {
    name: "plans-share-bytes",
    phase: "trade",
    rule: "The settling step is the step its quoteId belongs on; this mode builds two quotes of the same trade by the same wallet in one slot as the same bytes, so the second trade would report the first's landing without trading.",
    caughtBy: "build.ownPlanPerQuote",
    strictOnly: true,
    deep: { plansShareBytes: true },
  },
  {
    name: "expired-quote-as-400",
    phase: "trade",
    rule: "Our document refuses the build of an expired quote with 410 QUOTE_EXPIRED; this mode answers 400.",
    caughtBy: "quote.expiry.status410",
    strictOnly: true,
    http: {
      method: "POST",
      route: "/v1/trades/build",
      onSend: (answer) => {
        const refusal = objectOf(answer.body);
        if (refusal?.code !== "QUOTE_EXPIRED") return undefined;
        answer.reply.code(400);
        return { ...refusal, code: "BAD_REQUEST" };
      },
    },
  },
  {
    name: "preview-quote-stored",
    phase: "trade",
    rule: "A preview quote is not stored and cannot be built; this mode stores it like any quote.",
    caughtBy: "quote.preview.unbuildable",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      preValidation: (request) => {
        const b = body(request);
        if (b?.preview === true) b.preview = false;
      },
    },
  },
  {
    name: "exact-in-sol-over-budget",
    phase: "trade",
    rule: "An exactInSol budget is a ceiling the route never exceeds; this mode solves for a budget 10% larger.",
    caughtBy: "quote.exactInSol.withinBudget",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      preValidation: (request) => {
        const b = body(request);
        if (b?.mode === "exactInSol" && typeof b.amountIn === "string" && /^[0-9]{1,19}$/.test(b.amountIn))
          b.amountIn = ((BigInt(b.amountIn) * 11n) / 10n).toString();
      },
    },
  },
  {
    name: "sell-floor-ignores-slippage",
    phase: "trade",
    rule: "On a sell slippageBps sets the floor on what is received; this mode quotes the floor at expectedOut whatever the slippage.",
    caughtBy: "quote.terms.followRequest",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      onSend: (answer) =>
        withQuote(answer, (quote) =>
          quote.direction === "sell" && quote.expectedOut !== undefined ? { ...quote, minOut: quote.expectedOut } : quote,
        ),
    },
  },
  {
    name: "quote-expires-at-60s",
    phase: "trade",
    rule: "A stored quote expires after 30 seconds; this mode says its quotes expire 60 seconds after they were made.",
    caughtBy: "quote.expiresAt.within30s",
    http: { method: "POST", route: "/v1/trades/quote", onSend: expiringAfter(60) },
  },
  {
    name: "quote-expires-at-5s",
    phase: "trade",
    rule: "A stored quote expires after 30 seconds; this mode says its quotes expire 5 seconds after they were made.",
    caughtBy: "quote.expiresAt.within30s",
    http: { method: "POST", route: "/v1/trades/quote", onSend: expiringAfter(5) },
  },
  {
    name: "quote-ignores-held-components",
    phase: "trade",
    rule: "A quote for a wallet reports what it already holds and routes only the shortfall; this mode reports nothing held.",
    caughtBy: "quote.walletRoutesShortfall",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      onSend: (answer) =>
        withQuote(answer, (quote) =>
          Array.isArray(quote.componentFunding)
            ? {
                ...quote,
                componentFunding: rowsOf(quote, "componentFunding").map((f) => ({ ...f, held: "0", shortfall: f.required })),
                fullyCovered: false,
              }
            : quote,
        ),
    },
  },
  {
    name: "quote-route-without-wallet",
    phase: "trade",
    rule: "Without a wallet a quote has a price and no route; this mode adds a route anyway.",
    caughtBy: "quote.noWalletNoRoute",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      onSend: (answer) =>
        body(answer.request)?.wallet === undefined
          ? withQuote(answer, (quote) => ({ ...quote, route: { transactions: 1, solIn: "0", swaps: [] } }))
          : undefined,
    },
  },
  {
    name: "curve-quote-without-targets",
    phase: "trade",
    rule: "A curve quote carries expectedOut and componentTargets; this mode leaves componentTargets out.",
    caughtBy: "quote.shapes.byVenue",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      onSend: (answer) =>
        withQuote(answer, (quote) => {
          const { componentTargets: _targets, ...rest } = quote;
          return rest;
        }),
    },
  },
  {
    name: "quote-components-unnamed",
    phase: "trade",
    rule: "A quote's component entries carry each component's symbol and decimals; this mode names every one with symbol \"\" and 0 decimals (as the simulator once named a collectible's wrapped SOL).",
    caughtBy: "quote.components.namedAsLaunch",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      onSend: (answer) =>
        withQuote(answer, (quote) => {
          const unnamed = { ...quote };
          for (const list of ["componentTargets", "componentFees", "componentFunding"]) {
            if (Array.isArray(quote[list])) unnamed[list] = rowsOf(quote, list).map((entry) => ({ ...entry, symbol: "", decimals: 0 }));
          }
          return unnamed;
        }),
    },
  },
  {
    name: "plan-swaps-after-settle",
    phase: "trade",
    rule: "A buy acquires components and then settles; this mode puts the settling step first, its swaps after it.",
    caughtBy: "plan.order",
    http: {
      method: "POST",
      route: "/v1/trades/build",
      onSend: (answer) =>
        withPlan(answer, (steps) => {
          const settle = steps.findIndex((step) => step.settles === true);
          return settle === steps.length - 1 && settle > 0 ? [steps[settle]!, ...steps.slice(0, settle)] : steps;
        }),
    },
  },
  {
    name: "plan-two-settles",
    phase: "trade",
    rule: "Exactly one plan step settles; this mode marks the step before the settle as settling too.",
    caughtBy: "plan.singleSettle",
    http: {
      method: "POST",
      route: "/v1/trades/build",
      onSend: (answer) =>
        withPlan(answer, (steps) => steps.map((step, index) => (index === steps.length - 2 ? { ...step, settles: true } : step))),
    },
  },
  {
    name: "tape-direction-flipped",
    phase: "trade",
    rule: "A trade record's direction is buy or sell as the trade was; this mode lists every buy on a tape as a sell and every sell as a buy.",
    caughtBy: "tape.recordsOwnTrades",
    http: {
      method: "GET",
      route: "/v1/launches/:id/trades",
      onSend: (answer) =>
        withRows(answer, "trades", (rows) =>
          rows.map((row) => ({ ...row, direction: row.direction === "buy" ? "sell" : row.direction === "sell" ? "buy" : row.direction })),
        ),
    },
  },
  {
    name: "plan-settle-as-setup",
    phase: "trade",
    rule: "A plan step's kind is setup or trade, the settling step the trade; this mode calls every step setup.",
    caughtBy: "plan.singleSettle",
    http: {
      method: "POST",
      route: "/v1/trades/build",
      onSend: (answer) => withPlan(answer, (steps) => steps.map((step) => ({ ...step, kind: "setup" }))),
    },
  },
  {
    name: "plan-transaction-not-last",
    phase: "trade",
    rule: "A build's transaction is the last entry of its plan; this mode answers the first one.",
    caughtBy: "plan.transactionIsLast",
    http: {
      method: "POST",
      route: "/v1/trades/build",
      onSend: (answer) => {
        const built = objectOf(answer.body);
        const first = rowsOf(built, "plan")[0];
        return built && first && rowsOf(built, "plan").length > 1 && succeeded(answer)
          ? { ...built, transaction: first.transaction }
          : undefined;
      },
    },
  },
  {
    name: "route-count-off-by-one",
    phase: "trade",
    rule: "A quote's route.transactions is the number of plan steps; this mode announces one more.",
    caughtBy: "plan.countMatchesRoute",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      onSend: (answer) =>
        withQuote(answer, (quote) => {
          const route = objectOf(quote.route);
          return route ? { ...quote, route: { ...route, transactions: Number(route.transactions) + 1 } } : quote;
        }),
    },
  },
  {
    name: "plan-arrives-signed",
    phase: "trade",
    rule: "Build returns unsigned transactions only; this mode fills each step's signature slot.",
    caughtBy: "plan.unsigned",
    http: {
      method: "POST",
      route: "/v1/trades/build",
      onSend: withEveryStepSigned,
    },
  },
  {
    name: "build-last-valid-in-the-past",
    phase: "trade",
    rule: "A build's lastValidBlockHeight is where its blockhash expires, ahead of the chain; this mode answers one 1,000 blocks in the past.",
    caughtBy: "build.lastValidBlockHeightAhead",
    http: {
      method: "POST",
      route: "/v1/trades/build",
      onSend: (answer) =>
        withBuilt(answer, (built) =>
          typeof built.lastValidBlockHeight === "number"
            ? { ...built, lastValidBlockHeight: Math.max(0, built.lastValidBlockHeight - 1_000) }
            : built,
        ),
    },
  },
  {
    name: "sell-quote-overpromises",
    phase: "trade",
    rule: "A sell receives at least its quote's minOut; this mode quotes every sell at twice what it receives, its floor raised alike.",
    caughtBy: "trade.termsKept",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      onSend: (answer) =>
        body(answer.request)?.direction === "sell"
          ? withQuote(answer, (quote) =>
              typeof quote.expectedOut === "string" && typeof quote.minOut === "string"
                ? { ...quote, expectedOut: String(BigInt(quote.expectedOut) * 2n), minOut: String(BigInt(quote.minOut) * 2n) }
                : quote,
            )
          : undefined,
    },
  },
  {
    name: "build-without-last-valid-block-height",
    phase: "trade",
    rule: "A build answers transaction and lastValidBlockHeight (and optionally plan); this mode leaves lastValidBlockHeight out.",
    caughtBy: "build.answerFields",
    http: {
      method: "POST",
      route: "/v1/trades/build",
      onSend: (answer) =>
        withBuilt(answer, (built) => {
          const { lastValidBlockHeight: _dropped, ...rest } = built;
          return rest;
        }),
    },
  },
  {
    name: "create-plan-arrives-signed",
    phase: "trade",
    rule: "build-create returns unsigned transactions only; this mode fills each creation step's signature slot.",
    caughtBy: "buildCreate.unsignedForCreator",
    http: {
      method: "POST",
      route: "/v1/launches/build-create",
      onSend: withEveryStepSigned,
    },
  },
  {
    name: "failed-status-as-500",
    phase: "trade",
    rule: "A transaction the network rejected is HTTP 200 with status failed; this mode answers it with 500.",
    caughtBy: "status.failedIsHttp200",
    http: {
      method: "GET",
      route: "/v1/transactions/:signature",
      onSend: (answer) => (objectOf(answer.body)?.status === "failed" ? asServerFailure(answer) : undefined),
    },
  },
  {
    name: "expired-reported-pending",
    phase: "trade",
    rule: "A transaction past its lastValidBlockHeight and never seen reports expired; this mode reports pending forever.",
    caughtBy: "status.expiredAfterLastValid",
    strictOnly: true,
    http: {
      method: "GET",
      route: "/v1/transactions/:signature",
      onSend: (answer) => statusReportedAs(answer, "expired", "pending"),
    },
  },
  {
    name: "submit-answers-without-status",
    phase: "trade",
    rule: "A submit's answer carries status (and error when failed); this mode answers an accepted submit with an empty object.",
    caughtBy: "submit.answersStatus",
    http: {
      method: "POST",
      route: "/v1/transactions/submit",
      onSend: (answer) => (succeeded(answer) ? {} : undefined),
    },
  },
  {
    name: "unlanded-signature-confirmed",
    phase: "trade",
    rule: "A transaction that never executed is not confirmed; this mode reports every signature that has not landed (unknown, or pending) as confirmed.",
    caughtBy: "submit.tamperedChangesNothing",
    http: {
      method: "GET",
      route: "/v1/transactions/:signature",
      onSend: (answer) => statusReportedAs(answer, "unknown", "confirmed") ?? statusReportedAs(answer, "pending", "confirmed"),
    },
  },
];
