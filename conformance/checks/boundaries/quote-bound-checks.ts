import type { Check, CheckContext } from "../../engine/check.ts";
import { expectRefused } from "../../model/refusal.ts";
import { bondingLaunch, expectAccepted, expectRefusedOrBounded } from "./boundary-probe.ts";

/** A preview buy on a curve launch: priced, never stored, needs no wallet. */
function quote(context: CheckContext, fields: Record<string, unknown>) {
  const launch = bondingLaunch(context);
  return {
    method: "POST",
    path: "/v1/trades/quote",
    json: { launch: launch.address, direction: "buy", amountIn: "10000000", mode: "exactInSol", preview: true, ...fields },
  };
}

/** The smallest amount of 20 digits (a u64): within the length the specification states, taken. */
const TWENTY_DIGITS = `1${"0".repeat(19)}`;
/** The largest of 20 digits, past a u64: within the stated length, but a server whose amounts are u64s may refuse it. */
const PAST_U64 = "9".repeat(20);
const TWENTY_ONE = `1${"0".repeat(20)}`;

/**
 * The largest 20-digit value: accepted (ours counts it as the u64 maximum), or refused with a
 * 4xx and `error`, which keeps the specification ("a refused quote is a non-200 response whose
 * body has error") and differs from our decision only.
 */
async function pastU64(context: CheckContext, field: "amountIn" | "tipLamports"): Promise<void> {
  const request = quote(context, { [field]: PAST_U64 });
  const answer = await context.exchange(request);
  if (answer.status === 200) return;
  await expectRefused(context, [{ request, what: `${field} of 20 digits past a u64 (${PAST_U64})` }]);
  context.failDecision(`${field} ${PAST_U64} (past a u64) was refused with ${answer.status}; we take it as the u64 maximum`, {
    input: request,
    actual: answer.body ?? answer.text.slice(0, 300),
  });
}

export const quoteAmountIn: Check = {
  id: "boundaries.quote.amountIn",
  phase: "boundaries",
  rule: {
    section: "Limits",
    text: "quote `amountIn` length <= 20: 20 digits accepted, 21 refused with a 4xx and `error`; 99999999999999999999 (past a u64) accepted as the u64 maximum (our decision: an exactInSol budget is a ceiling) or refused with a 4xx",
  },
  enforces: "specification",
  async run(context) {
    await expectAccepted(context, quote(context, { amountIn: TWENTY_DIGITS }), `amountIn of 20 digits (${TWENTY_DIGITS})`);
    await expectRefused(context, [{ request: quote(context, { amountIn: TWENTY_ONE }), what: "amountIn of 21 digits" }]);
    await pastU64(context, "amountIn");
  },
};

export const quoteTipLamports: Check = {
  id: "boundaries.quote.tipLamports",
  phase: "boundaries",
  rule: {
    section: "Limits",
    text: 'quote `tipLamports` length <= 20: "0" and 20 digits accepted, 21 refused with a 4xx and `error`; 99999999999999999999 (past a u64) accepted as the u64 maximum (our decision) or refused with a 4xx',
  },
  enforces: "specification",
  async run(context) {
    await expectAccepted(context, quote(context, { tipLamports: "0" }), "tipLamports 0");
    await expectAccepted(context, quote(context, { tipLamports: TWENTY_DIGITS }), `tipLamports of 20 digits (${TWENTY_DIGITS})`);
    await expectRefused(context, [{ request: quote(context, { tipLamports: TWENTY_ONE }), what: "tipLamports of 21 digits" }]);
    await pastU64(context, "tipLamports");
  },
};

export const quoteSlippageBps: Check = {
  id: "boundaries.quote.slippageBps",
  phase: "boundaries",
  rule: {
    section: "Limits",
    text: "quote `slippageBps` 0 to 10000: both ends accepted; -1 and 10001 refused with a 4xx and `error` (our decision), or read within the range (a floor never above the expected amount)",
  },
  enforces: "specification",
  async run(context) {
    for (const slippageBps of [0, 10_000]) await expectAccepted(context, quote(context, { slippageBps }), `slippageBps ${slippageBps}`);
    // A server may clamp what the specification bounds: then the floor is still at most what is expected.
    await expectRefusedOrBounded(
      context,
      [-1, 10_001].map((slippageBps) => ({
        request: quote(context, { slippageBps }),
        what: `slippageBps ${slippageBps}`,
        keptWithin: (answer) => {
          const { minOut, expectedOut } = ((answer.body as { quote?: Record<string, unknown> } | undefined)?.quote ?? {}) as Record<
            string,
            unknown
          >;
          return (
            typeof minOut === "string" &&
            typeof expectedOut === "string" &&
            /^\d+$/.test(minOut) &&
            /^\d+$/.test(expectedOut) &&
            BigInt(minOut) <= BigInt(expectedOut)
          );
        },
      })),
    );
  },
};

export const quoteForms: Check = {
  id: "boundaries.quote.forms",
  phase: "boundaries",
  rule: {
    section: "Endpoints › POST /v1/trades/quote; POST /v1/trades/build",
    text: "quote `amountIn` is a non-negative decimal integer without leading zeros (no sign, fraction or exponent) and `launch` is a launch address (a ticker is not accepted); build reads the quote by its id (a quote object is not accepted): each refused with a 4xx and `error`",
  },
  enforces: "specification",
  async run(context) {
    const launch = bondingLaunch(context);
    // A budget that buys something at any price (100 lamports may not: a curve refuses a zero
    // trade), and the same amount with a leading zero.
    await expectAccepted(context, quote(context, { amountIn: "100000000" }), "amountIn 100000000");
    const quoted = { launch: launch.address, direction: "buy", amountIn: "100", preview: true };
    await expectRefused(context, [
      { request: quote(context, { amountIn: "0100000000" }), what: "amountIn with a leading zero" },
      // "non-negative decimal integer": no sign, no fraction, no exponent, nothing around it.
      ...["+100000000", "-100000000", "100000000.5", "1e8", " 100000000"].map((amountIn) => ({
        request: quote(context, { amountIn }),
        what: `amountIn ${JSON.stringify(amountIn)}`,
      })),
      { request: quote(context, { launch: launch.symbol }), what: "launch named by its ticker" },
      {
        request: { method: "POST", path: "/v1/trades/build", json: { quote: quoted, wallet: launch.address } },
        what: "build given a quote object instead of a quoteId",
      },
    ]);
  },
};

export const QUOTE_BOUND_CHECKS: readonly Check[] = [quoteAmountIn, quoteTipLamports, quoteSlippageBps, quoteForms];
