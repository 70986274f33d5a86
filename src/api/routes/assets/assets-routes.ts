import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { ReadModel } from "../../../indexer/read-model.ts";
import { AssetsResponseSchema } from "../../../indexer/records/index.ts";
import { EXAMPLE_ASSETS } from "../../examples/record-examples.ts";
import { recordResponse } from "../../schemas/common-parameters.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";

/** `GET /v1/assets`. */
export const assetsRoutes: FastifyPluginAsyncTypebox<{ readonly readModel: ReadModel }> = async (app, { readModel }) => {
  app.get(
    "/assets",
    {
      schema: {
        operationId: "listAssets",
        summary: "Component tokens and their prices",
        description:
          "Every component token of the world with its SOL venue and the price sampled from it. Re-read it after a `prices` stream frame.",
        tags: ["assets"],
        response: {
          200: recordResponse(AssetsResponseSchema, "The components and their sampled prices.", EXAMPLE_ASSETS),
          ...errorResponses({ 500: ["INTERNAL"] }),
        },
      },
    },
    async () => readModel.assets(),
  );
};
