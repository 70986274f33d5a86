import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Address, type Signature, isAddress } from "@solana/kit";
import type { FastifyReply } from "fastify";
import { U64_MAX } from "../../../economics/index.ts";
import { apiError } from "../../../errors/index.ts";
import type { LaunchBuilder } from "../../../trading/launch-builder.ts";
import type { TradeDesk } from "../../../trading/trade-desk.ts";
import type { TradeFailure } from "../../../trading/trade-failure.ts";
import { sendApiError } from "../../api-error-reply.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";
import { ADDRESS_RULE } from "../../schemas/parameter-patterns.ts";
import {
  BuildBodySchema,
  BuildCreateBodySchema,
  BuildCreateResponseSchema,
  BuildResponseSchema,
  QuoteBodySchema,
  QuoteResponseSchema,
  StatusParamsSchema,
  StatusQuerySchema,
  SubmitBodySchema,
  TransactionStatusSchema,
} from "./trade-flow-schemas.ts";

export interface TradeFlowOptions {
  readonly desk: TradeDesk;
  readonly builder: LaunchBuilder;
}

function sendFailure(reply: FastifyReply, failure: TradeFailure): FastifyReply {
  return reply.code(failure.status).type("application/json; charset=utf-8").send({ error: failure.message, code: failure.code });
}

/** Addresses the pattern admits but that do not decode to 32 bytes are a client's mistake too. */
function badAddress(reply: FastifyReply, field: string, value: string | undefined): FastifyReply | null {
  if (value === undefined || isAddress(value)) return null;
  return sendApiError(reply, apiError("INVALID_BODY", { field, rule: ADDRESS_RULE }));
}

function tooLarge(reply: FastifyReply, field: string, value: string | undefined): FastifyReply | null {
  if (value === undefined || BigInt(value) <= U64_MAX) return null;
  return sendApiError(reply, apiError("INVALID_BODY", { field, rule: `must be at most ${U64_MAX} (a u64)` }));
}

const tags = ["trade flow"];

/**
 * The trade flow of the specification — quote, build, submit, status — and launch creation.
 * Bodies are validated by their schemas; the desk answers everything else with a returned
 * failure carrying its catalogue code.
 */
export const tradeFlowRoutes: FastifyPluginAsyncTypebox<TradeFlowOptions> = async (app, { desk, builder }) => {
  app.post(
    "/trades/quote",
    {
      schema: {
        operationId: "quoteTrade",
        summary: "Price a buy or a sell",
        description:
          "amountIn counts: buy exactOut → launch tokens wanted; buy exactIn → DNA units to spend; buy exactInSol → lamports, a ceiling (the largest trade whose setup swaps cost at most that); sell exactIn → launch tokens given up; past the curve the mode is ignored (a buy is lamports, a sell launch tokens). With `wallet`, the quote reports holdings and routes only the shortfall; without, it has a price and no route. A stored quote (preview false) can be built for 30 seconds.",
        tags,
        body: QuoteBodySchema,
        response: {
          200: QuoteResponseSchema,
          ...errorResponses({
            400: ["INVALID_BODY", "MODE_NOT_SUPPORTED"],
            404: ["LAUNCH_NOT_FOUND"],
            409: ["LAUNCH_NOT_TRADABLE"],
            422: ["TRADE_REFUSED", "NO_ROUTE"],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const refused =
        badAddress(reply, "launch", body.launch) ??
        badAddress(reply, "wallet", body.wallet) ??
        tooLarge(reply, "amountIn", body.amountIn) ??
        tooLarge(reply, "tipLamports", body.tipLamports);
      if (refused) return refused;
      const priority = body.priorityFee;
      const result = await desk.quote({
        launch: body.launch as Address,
        direction: body.direction,
        amountIn: BigInt(body.amountIn),
        mode: body.mode ?? "exactOut",
        slippageBps: body.slippageBps ?? 100,
        wallet: (body.wallet as Address | undefined) ?? null,
        preview: body.preview ?? false,
        tipLamports: body.tipLamports === undefined ? null : BigInt(body.tipLamports),
        priorityFee: priority === undefined ? null : priority === "auto" ? "auto" : BigInt(priority),
      });
      return result.ok ? { quote: result.value } : sendFailure(reply, result.failure);
    },
  );

  app.post(
    "/trades/build",
    {
      schema: {
        operationId: "buildTrade",
        summary: "Build the unsigned transactions of a stored quote",
        description:
          "Re-reads balances (the build's route is authoritative) and returns the ordered plan: on a buy, setup steps (wrapping SOL, swaps buying the component shortfall) before the settling buy; on a sell, the settling sell first and swaps to SOL after. Exactly one step settles; `transaction` is the last step. The wallet signs every step and pays the fees.",
        tags,
        body: BuildBodySchema,
        response: {
          200: BuildResponseSchema,
          ...errorResponses({
            400: ["INVALID_BODY", "PREVIEW_QUOTE", "INSUFFICIENT_FUNDS"],
            404: ["QUOTE_NOT_FOUND"],
            409: ["LAUNCH_NOT_TRADABLE"],
            410: ["QUOTE_EXPIRED"],
            422: ["TRADE_REFUSED", "NO_ROUTE"],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, reply) => {
      const refused = badAddress(reply, "wallet", request.body.wallet);
      if (refused) return refused;
      const result = await desk.build(request.body.quoteId, request.body.wallet as Address);
      if (!result.ok) return sendFailure(reply, result.failure);
      return { ...result.value, plan: [...result.value.plan], lastValidBlockHeight: Number(result.value.lastValidBlockHeight) };
    },
  );

  app.post(
    "/transactions/submit",
    {
      schema: {
        operationId: "submitTransaction",
        summary: "Submit a signed transaction",
        description:
          "Verifies every signature and, with `quoteId`, that the message is one built for that quote; then queues it to land at the next slot. A signature seen before is not queued again (it executes once). A transaction the chain rejects later reports `failed` through the status route, not here.",
        tags,
        body: SubmitBodySchema,
        response: {
          200: TransactionStatusSchema,
          ...errorResponses({
            400: ["INVALID_BODY", "INVALID_TRANSACTION", "INVALID_SIGNATURE", "MESSAGE_MISMATCH", "SUBMISSION_REFUSED"],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await desk.submit(request.body.transaction, request.body.quoteId ?? null);
      if (!result.ok) return sendFailure(reply, result.failure);
      const status = desk.status(result.value);
      return { ...status, slot: status.slot === null ? null : Number(status.slot) };
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
      const report = desk.options.devnet.getTransactionStatus(
        request.params.signature as Signature,
        lastValidBlockHeight === undefined ? undefined : BigInt(lastValidBlockHeight),
      );
      const status = desk.status(report);
      return { ...status, slot: status.slot === null ? null : Number(status.slot) };
    },
  );

  app.post(
    "/launches/build-create",
    {
      schema: {
        operationId: "buildCreateLaunch",
        summary: "Build the transactions that create a launch",
        description:
          "Prices the recipe at the venues' spot prices (each component's value share matches its target at the requested dnaUnitSol), sizes the curve to raise curveTargetSol, and returns the ordered plan of unsigned transactions the creator signs and sends in order. After it lands the launch appears in the lists, search, `created` and the stream's `launch` topic.",
        tags,
        body: BuildCreateBodySchema,
        response: {
          200: BuildCreateResponseSchema,
          ...errorResponses({ 400: ["INVALID_BODY", "INVALID_LAUNCH"], 422: ["NO_ROUTE"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const refused =
        badAddress(reply, "creator", body.creator) ??
        body.components.map((component, i) => badAddress(reply, `components[${i}].mint`, component.mint)).find((r) => r !== null) ??
        null;
      if (refused) return refused;
      const result = await builder.build({
        creator: body.creator as Address,
        symbol: body.symbol,
        name: body.name,
        description: body.description ?? "",
        imageUri: body.imageUri ?? null,
        website: body.website ?? null,
        x: body.x ?? null,
        telegram: body.telegram ?? null,
        components: body.components.map((component) => ({ mint: component.mint as Address, targetBps: component.targetBps })),
        dnaUnitSol: body.dnaUnitSol ?? null,
        supply: body.supply ?? null,
        curveTargetSol: body.curveTargetSol ?? null,
        feeBps: body.feeBps ?? null,
        creatorFeeShareBps: body.creatorFeeShareBps ?? null,
      });
      if (!result.ok) return sendFailure(reply, result.failure);
      return { ...result.value, plan: [...result.value.plan], lastValidBlockHeight: Number(result.value.lastValidBlockHeight) };
    },
  );
};
