import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { ReadModel } from "../../../indexer/read-model.ts";
import { LaunchRowSchema } from "../../../indexer/records/index.ts";
import { EXAMPLE_LAUNCH_ROW } from "../../examples/record-examples.ts";
import { KindQuery, refTo } from "../../schemas/common-parameters.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";
import { parameterFailureExample } from "../../validation-failure.ts";

/** Longest `q` read; a ticker is at most 10 characters and an address 44, so 100 is generous. */
export const SEARCH_TEXT_MAX = 100;

const SearchQuerySchema = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_TEXT_MAX,
      description: `Text to find in a ticker or name (case-insensitive), or an exact launch address or mint; at most ${SEARCH_TEXT_MAX} characters. Empty or absent returns an empty list.`,
      examples: [EXAMPLE_LAUNCH_ROW.symbol],
    }),
  ),
  kind: Type.Optional(KindQuery),
});

const SearchResponseSchema = Type.Object(
  { launches: Type.Array(refTo(LaunchRowSchema), { description: "At most 20 launch rows." }) },
  { additionalProperties: false, description: "Launches matching the text.", examples: [{ launches: [EXAMPLE_LAUNCH_ROW] }] },
);

/** `GET /v1/search`. */
export const searchRoutes: FastifyPluginAsyncTypebox<{ readonly readModel: ReadModel }> = async (app, { readModel }) => {
  app.get(
    "/search",
    {
      schema: {
        operationId: "searchLaunches",
        summary: "Search launches",
        description:
          "Launches whose ticker or name contains `q` (case-insensitive), or whose address or primary mint equals it; at most 20 rows.",
        tags: ["search"],
        querystring: SearchQuerySchema,
        response: {
          200: SearchResponseSchema,
          ...errorResponses({ 400: [parameterFailureExample("querystring", SearchQuerySchema, "q")], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request) => ({ launches: readModel.search(request.query.q ?? "", request.query.kind ?? "all") }),
  );
};
