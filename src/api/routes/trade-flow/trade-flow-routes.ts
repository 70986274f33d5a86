import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Address } from "@solana/kit";
import type { LaunchBuilder } from "../../../trading/launch-builder.ts";
import { quoteRequestOf } from "../../../trading/quote-request.ts";
import { BuildCreateResponseSchema } from "../../../trading/records/build-create-response.ts";
import { BuildResponseSchema } from "../../../trading/records/build-response.ts";
import { TransactionStatusSchema } from "../../../trading/records/transaction-status.ts";
import type { TradeDesk } from "../../../trading/trade-desk.ts";
import { sendApiError } from "../../api-error-reply.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";
import {
  BuildBodySchema,
  BuildCreateBodySchema,
  QuoteBodySchema,
  QuoteResponseSchema,
  StatusParamsSchema,
  StatusQuerySchema,
  SubmitBodySchema,
} from "./trade-flow-schemas.ts";

export interface TradeFlowOptions {
  readonly desk: TradeDesk;
  readonly builder: LaunchBuilder;
}

const tags = ["trade flow"];

/**
 * The trade flow of the specification — quote, build, submit, status — and launch creation.
 * Schemas validate every field (the wire rules) and fill the defaults; the desk and the
 * launch builder answer everything else with a returned `Result`.
 */
export const tradeFlowRoutes: FastifyPluginAsyncTypebox<TradeFlowOptions> = async (app, { desk, builder }) => {
  app.post(
    "/trades/quote",
    {
      schema: {
        operationId: "quoteTrade",
        summary: "Price a buy or a sell",
        description:
          "amountIn counts: buy exactOut → launch tokens wanted; buy exactIn → DNA units to spend; buy exactInSol → lamports, a ceiling (the largest trade whose setup swaps cost at most that); sell exactIn → launch tokens given up; past the curve the mode is ignored (a buy is lamports, a sell launch tokens). A collectible quotes the curve shape while raising (its one component, wrapped SOL, is wrapped from SOL, never swapped), answers 409 COLLECTIBLE_NOT_TRADABLE while its card is acquired (stages funding, swapping, acquiring, pooling), and quotes the pool shape once tradable (`estimatedAmountOut`, no `expectedOut`: one swap on its launch↔wSOL pool). With `wallet`, the quote reports holdings, routes only the shortfall and counts `allInLamports`; without, it has a price and no route (an exactInSol budget without a wallet is priced for a wallet that holds nothing: its fees and the rent of every account it opens come out of the budget, so any wallet's build meets the quote's floor; a budget those costs would spend whole is priced on its swaps alone, and a build for a wallet it cannot cover is refused BUDGET_TOO_SMALL). A stored quote (preview false) can be built for 30 seconds.",
        tags,
        body: QuoteBodySchema,
        response: {
          200: QuoteResponseSchema,
          ...errorResponses({
            400: ["INVALID_BODY", "MODE_NOT_SUPPORTED"],
            404: ["LAUNCH_NOT_FOUND"],
            409: ["LAUNCH_NOT_TRADABLE", "COLLECTIBLE_NOT_TRADABLE"],
            422: ["TRADE_REFUSED", "NO_ROUTE"],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, response) => {
      const result = await desk.quote(quoteRequestOf(request.body));
      return result.ok ? { quote: result.value } : sendApiError(response, result.error);
    },
  );

  app.post(
    "/trades/build",
    {
      schema: {
        operationId: "buildTrade",
        summary: "Build the unsigned transactions of a stored quote",
        description:
          "Re-reads balances (the build's route is authoritative) and returns the ordered plan; a quote whose launch has left the venue it was priced on (its curve completed, or a collectible's pool opened) is refused with 409 QUOTE_VENUE_CHANGED, since amountIn counts differently there. The build keeps the quote's limits: its settle never accepts less than the quote's `minOut` nor spends more than a fixed-amount buy's buffer, and when others' trades have moved the price so far that the trade built now could not meet them it is refused with 409 PRICE_MOVED. The plan: on a buy, setup steps (wrapping SOL, swaps buying the component shortfall) before the settling buy; on a sell, the settling sell first and swaps to SOL after. A wrapped-SOL component (a collectible's whole recipe) is wrapped and unwrapped inside the settling transaction, never swapped; a tradable collectible's trade is one transaction on its launch↔wSOL pool (wrap, swap, unwrap). Exactly one step settles; `transaction` is the last step. The wallet signs every step and pays the fees. Each quote's plan is its own transactions: a second quote of the same trade by the same wallet in the same slot gets a blockhash dated up to 75 slots back (its `lastValidBlockHeight` says so), so its signatures never equal the first's; past that it is refused with 409 PLAN_TAKEN.",
        tags,
        body: BuildBodySchema,
        response: {
          200: BuildResponseSchema,
          ...errorResponses({
            400: ["INVALID_BODY", "PREVIEW_QUOTE", "INSUFFICIENT_FUNDS"],
            404: ["QUOTE_NOT_FOUND"],
            409: [
              "LAUNCH_NOT_TRADABLE",
              "COLLECTIBLE_NOT_TRADABLE",
              "QUOTE_VENUE_CHANGED",
              "PRICE_MOVED",
              "BUDGET_BELOW_FLOOR",
              "PLAN_TAKEN",
            ],
            410: ["QUOTE_EXPIRED"],
            422: ["TRADE_REFUSED", "NO_ROUTE"],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, response) => {
      const result = await desk.build(request.body.quoteId, request.body.wallet as Address);
      return result.ok ? result.value : sendApiError(response, result.error);
    },
  );

  app.post(
    "/transactions/submit",
    {
      schema: {
        operationId: "submitTransaction",
        summary: "Submit a signed transaction",
        description:
          "Decodes the whole transaction and checks what the network checks (at most 1,232 bytes, at most 64 accounts, one signature per required signer, every index and length inside the message), verifies every signature and, with `quoteId`, that the message is one built for that quote (the quote's 30 seconds bound building it, not submitting what was built: the transaction's blockhash decides whether it lands); then queues it to land at the next slot. A signature seen before is not queued again (it executes once). A transaction the chain rejects later reports `failed` through the status route, not here.",
        tags,
        body: SubmitBodySchema,
        response: {
          200: TransactionStatusSchema,
          ...errorResponses({
            400: ["INVALID_BODY", "INVALID_TRANSACTION", "INVALID_SIGNATURE", "MESSAGE_MISMATCH", "PREVIEW_QUOTE", "SUBMISSION_REFUSED"],
            404: ["QUOTE_NOT_FOUND"],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, response) => {
      const result = await desk.submit(request.body.transaction, request.body.quoteId ?? null);
      return result.ok ? result.value : sendApiError(response, result.error);
    },
  );

  app.get(
    "/transactions/:signature",
    {
      schema: {
        operationId: "getTransactionStatus",
        summary: "A transaction's status",
        description:
          "`pending` (queued), `confirmed` (landed), `finalized` (32 slots later), `failed` (landed and rejected by a program: HTTP 200 with the reason in `error`), `expired` (its blockhash passed before it landed, or unseen past the given lastValidBlockHeight), `unknown`.",
        tags,
        params: StatusParamsSchema,
        querystring: StatusQuerySchema,
        response: { 200: TransactionStatusSchema, ...errorResponses({ 400: ["INVALID_PATH", "INVALID_QUERY"], 500: ["INTERNAL"] }) },
      },
    },
    async (request) => {
      const { lastValidBlockHeight } = request.query;
      return desk.status(request.params.signature, lastValidBlockHeight === undefined ? undefined : BigInt(lastValidBlockHeight));
    },
  );

  app.post(
    "/launches/build-create",
    {
      schema: {
        operationId: "buildCreateLaunch",
        summary: "Build the transactions that create a launch",
        description:
          "Prices the recipe at the venues' spot prices (each component's value share matches its target at the requested dnaUnitSol), sizes the curve to raise curveTargetSol, checks the creator can pay the fee and the rent of the accounts the create opens, and returns the ordered plan of unsigned transactions the creator signs and sends in order. The create transaction carries a memo with a hash of the off-chain metadata (description, socials, image): the launch shows the metadata of the transaction its creator signed, whatever else anyone builds for that creator. After it lands the launch appears in the lists, search, `created` and the stream's `launch` topic.",
        tags,
        body: BuildCreateBodySchema,
        response: {
          200: BuildCreateResponseSchema,
          ...errorResponses({ 400: ["INVALID_BODY", "INVALID_LAUNCH", "INSUFFICIENT_FUNDS"], 422: ["NO_ROUTE"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, response) => {
      const result = await builder.build(request.body);
      return result.ok ? result.value : sendApiError(response, result.error);
    },
  );
};
