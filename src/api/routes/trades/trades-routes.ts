import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { ReadModel } from "../../../indexer/read-model.ts";
import { LiveTradeRecordSchema } from "../../../indexer/records/index.ts";
import { EXAMPLE_LIVE_TRADE } from "../../examples/record-examples.ts";
import { refTo } from "../../schemas/common-parameters.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";

const LiveTradesResponseSchema = Type.Object(
  {
    trades: Type.Array(refTo(LiveTradeRecordSchema), {
      description: "The twelve most recent trades across launches, newest first.",
      maxItems: 12,
    }),
  },
  { additionalProperties: false, description: "The latest trades.", examples: [{ trades: [EXAMPLE_LIVE_TRADE] }] },
);

/** `GET /v1/trades/live`. (The quote and build routes of the trade flow join this group later.) */
export const tradesRoutes: FastifyPluginAsyncTypebox<{ readonly readModel: ReadModel }> = async (app, { readModel }) => {
  app.get(
    "/trades/live",
    {
      schema: {
        operationId: "listLiveTrades",
        summary: "Latest trades across launches",
        description: "The twelve most recent trades on any launch, newest first. Re-read it on a `trade` stream frame.",
        tags: ["trades"],
        response: { 200: LiveTradesResponseSchema, ...errorResponses({ 500: ["INTERNAL"] }) },
      },
    },
    async () => ({ trades: readModel.liveTrades() }),
  );
};
