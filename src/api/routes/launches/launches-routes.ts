import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { apiError, isApiError, quoted } from "../../../errors/index.ts";
import type { ReadModel } from "../../../indexer/read-model.ts";
import { LaunchRowSchema } from "../../../indexer/records/index.ts";
import { sendApiError } from "../../api-error-reply.ts";
import { UNISSUED_CURSOR, cursorOfAnotherOrder } from "../../cursor-refusal.ts";
import { EXAMPLE_LAUNCH_ROW } from "../../examples/record-examples.ts";
import { recordResponse } from "../../schemas/common-parameters.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";
import { parameterFailureExample } from "../../validation-failure.ts";
import { conflictingStatus, launchListQueryOf, legacyCacheKey } from "./launch-list-query.ts";
import {
  ChartQuerySchema,
  ChartResponseSchema,
  KindOnlyQuerySchema,
  LaunchIdParamsSchema,
  LaunchListQuerySchema,
  LaunchListResponseSchema,
  LaunchesResponseSchema,
  TradesQuerySchema,
  TradesResponseSchema,
} from "./launches-schemas.ts";
import { sendJsonBytes } from "./json-bytes.ts";
import { rememberingIdCompiler } from "./launch-id-validator.ts";
import { LegacyLaunchCache } from "./legacy-launch-cache.ts";
import { parseTradeCursor } from "./trade-cursor.ts";

export interface LaunchesRoutesOptions {
  readonly readModel: ReadModel;
  readonly wallClock?: () => number;
}

const tags = ["launches"];

const unknownLaunch = (id: string) => apiError("NOT_FOUND", { resource: "launch address, primary mint or ticker", id: quoted(id) });

const BAD_ID_EXAMPLE = parameterFailureExample("params", LaunchIdParamsSchema, "id");
const CONFLICTING_EXAMPLE = conflictingStatus(["cursor"]).body;
const INVALID_CURSOR_EXAMPLE = UNISSUED_CURSOR.body;
const OTHER_ORDER_CURSOR_EXAMPLE = cursorOfAnotherOrder("newest", "trending").body;

/** `/v1/launches` and everything under it: lists, one launch, its trade tape and its chart. */
export const launchesRoutes: FastifyPluginAsyncTypebox<LaunchesRoutesOptions> = async (app, { readModel, wallClock }) => {
  const legacyCache = new LegacyLaunchCache<ReturnType<ReadModel["listLaunches"]>>(wallClock);
  // The `:id` routes check each distinct id once (see rememberingIdCompiler).
  const validatorCompiler = rememberingIdCompiler(app);

  app.get(
    "/launches",
    {
      schema: {
        operationId: "listLaunches",
        summary: "List launches (legacy or paged)",
        description:
          "Two modes. **Legacy** (none of tab, sort, state, cat, asset, creator, ids, cursor): up to `limit` launches, newest first, optionally filtered by `status`; the newest answer per query is cached for 3 seconds. **Paged** (any of those present): a keyset page of the chosen tab and sort with `nextCursor`; pages are disjoint and, followed to the end, complete, even while trades reorder the list: a page with more behind it freezes the order of the rest for its cursor, so every launch that still matches comes once (rows show their values now, sorted within their page). A cursor whose frozen order the server has forgotten (it keeps the last 512, and none across a restart) continues strictly after its row's key. `status` with a paged-mode parameter is refused with CONFLICTING_PARAMETERS. Unknown query parameters are ignored.",
        tags,
        querystring: LaunchListQuerySchema,
        response: {
          200: LaunchListResponseSchema,
          ...errorResponses({
            400: [
              parameterFailureExample("querystring", LaunchListQuerySchema, "limit"),
              parameterFailureExample("querystring", LaunchListQuerySchema, "tab"),
              CONFLICTING_EXAMPLE,
              INVALID_CURSOR_EXAMPLE,
              OTHER_ORDER_CURSOR_EXAMPLE,
            ],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, reply) => {
      const query = launchListQueryOf(request.query, (cursor) => readModel.walkSelection(cursor));
      if (isApiError(query)) return sendApiError(reply, query);
      if (query.mode === "legacy") {
        // Keyed by the model's generation too: a restore's rebuilt model never answers from the chain it left.
        const key = `${readModel.generation}:${legacyCacheKey(query)}`;
        const { launches } = legacyCache.get(key, () => readModel.listLaunches(query));
        return { launches };
      }
      // The paged answer's bytes are `{launches, nextCursor}`, serialized once per answer.
      return sendJsonBytes(reply, readModel.listLaunchesBytes(query));
    },
  );

  app.get(
    "/launches/trending",
    {
      schema: {
        operationId: "listTrendingLaunches",
        summary: "Trending launches",
        description:
          "At most 24 launches in the trending order: most trades in the last 24 hours first, ties by address (the first page of `GET /v1/launches?tab=trending`).",
        tags,
        querystring: KindOnlyQuerySchema,
        response: {
          200: LaunchesResponseSchema,
          ...errorResponses({ 400: [parameterFailureExample("querystring", KindOnlyQuerySchema, "kind")], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => sendJsonBytes(reply, readModel.trendingBytes(request.query.kind ?? "all")),
  );

  app.get(
    "/launches/almost-paired",
    {
      schema: {
        operationId: "listAlmostPairedLaunches",
        summary: "Launches close to graduation",
        description: "At most 24 launches still on the curve with `progressBps` ≥ 7000, highest progress first.",
        tags,
        querystring: KindOnlyQuerySchema,
        response: {
          200: LaunchesResponseSchema,
          ...errorResponses({ 400: [parameterFailureExample("querystring", KindOnlyQuerySchema, "kind")], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request) => ({ launches: readModel.almostPaired(request.query.kind ?? "all") }),
  );

  app.get(
    "/launches/:id",
    {
      validatorCompiler,
      schema: {
        operationId: "getLaunch",
        summary: "One launch",
        description:
          "A launch by address, primary mint or ticker. The record is a launch row. A ticker shared by several launches answers with the newest of them.",
        tags,
        params: LaunchIdParamsSchema,
        response: {
          200: recordResponse(LaunchRowSchema, "The launch.", EXAMPLE_LAUNCH_ROW),
          ...errorResponses({ 400: [BAD_ID_EXAMPLE], 404: [unknownLaunch("NOSUCH").body], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => readModel.getLaunch(request.params.id) ?? sendApiError(reply, unknownLaunch(request.params.id)),
  );

  app.get(
    "/launches/:id/trades",
    {
      validatorCompiler,
      schema: {
        operationId: "listLaunchTrades",
        summary: "A launch's trade tape",
        description:
          "Trades newest first, `limit` per page. Pass `nextCursor` as `before` for the next page: it returns trades strictly older, so following the cursors never repeats or skips a trade.",
        tags,
        params: LaunchIdParamsSchema,
        querystring: TradesQuerySchema,
        response: {
          200: TradesResponseSchema,
          ...errorResponses({
            400: [
              BAD_ID_EXAMPLE,
              parameterFailureExample("querystring", TradesQuerySchema, "limit"),
              parameterFailureExample("querystring", TradesQuerySchema, "before"),
            ],
            404: [unknownLaunch("NOSUCH").body],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, reply) => {
      const before = request.query.before === undefined ? undefined : parseTradeCursor(request.query.before);
      if (isApiError(before)) return sendApiError(reply, before);
      const page = readModel.tradesBytes(request.params.id, { limit: request.query.limit ?? 50, ...(before ? { before } : {}) });
      return page ? sendJsonBytes(reply, page) : sendApiError(reply, unknownLaunch(request.params.id));
    },
  );

  app.get(
    "/launches/:id/chart",
    {
      validatorCompiler,
      schema: {
        operationId: "getLaunchChart",
        summary: "A launch's price candles",
        description:
          "`limit` candles of `bucket` seconds, oldest first, ending with the bucket holding the current (virtual) time. A candle opens at the previous close; an empty bucket (n = 0) carries the close forward.",
        tags,
        params: LaunchIdParamsSchema,
        querystring: ChartQuerySchema,
        response: {
          200: ChartResponseSchema,
          ...errorResponses({
            400: [
              BAD_ID_EXAMPLE,
              parameterFailureExample("querystring", ChartQuerySchema, "bucket"),
              parameterFailureExample("querystring", ChartQuerySchema, "limit"),
            ],
            404: [unknownLaunch("NOSUCH").body],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, reply) => {
      const chart = readModel.chartBytes(request.params.id, { bucket: request.query.bucket ?? 60, limit: request.query.limit ?? 500 });
      return chart ? sendJsonBytes(reply, chart) : sendApiError(reply, unknownLaunch(request.params.id));
    },
  );
};
