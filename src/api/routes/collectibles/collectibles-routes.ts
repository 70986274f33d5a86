import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { apiError, quoted } from "../../../errors/index.ts";
import { type ReadModel, COLLECTIBLE_LIMIT, givenFilters, parseCollectibleCursor } from "../../../indexer/read-model.ts";
import { CollectibleDetailSchema, CollectibleVaultSchema, VaultCardSchema } from "../../../indexer/records/index.ts";
import { sendApiError } from "../../api-error-reply.ts";
import { UNISSUED_CURSOR, cursorOfAnotherOrder } from "../../cursor-refusal.ts";
import { recordResponse } from "../../schemas/common-parameters.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";
import { parameterFailureExample } from "../../validation-failure.ts";
import { EXAMPLE_COLLECTIBLE_DETAIL, EXAMPLE_COLLECTIBLE_VAULT, EXAMPLE_VAULT_CARD } from "./collectible-examples.ts";
import {
  CollectibleIdParamsSchema,
  CollectibleListQuerySchema,
  CollectibleListResponseSchema,
  VaultAssetParamsSchema,
} from "./collectibles-schemas.ts";

export interface CollectiblesRoutesOptions {
  readonly readModel: ReadModel;
}

const tags = ["collectibles"];

const unknownCollectible = (id: string) =>
  apiError("NOT_FOUND", { resource: "collectible (a launch whose card was listed)", id: quoted(id) });
const unknownAsset = (id: string, asset: string) =>
  apiError("NOT_FOUND", { resource: `card in the vault of collectible ${quoted(id)}`, id: quoted(asset) });

const EXAMPLE_ID = EXAMPLE_COLLECTIBLE_DETAIL.launch;
const BAD_ID = parameterFailureExample("params", CollectibleIdParamsSchema, "id");

/** `/v1/collectibles`: the list, one collectible, its vault and one card of the vault. */
export const collectiblesRoutes: FastifyPluginAsyncTypebox<CollectiblesRoutesOptions> = async (app, { readModel }) => {
  app.get(
    "/collectibles",
    {
      schema: {
        operationId: "listCollectibles",
        summary: "List collectibles (cursor page)",
        description:
          "Collectibles — launches of kind `collectibles` whose card was listed — filtered by `stage`, `group`, `row` and `q` (all together), in `sort` order, `limit` per page. Follow `nextCursor` until it is null: pages are disjoint and, together, complete. Unknown query parameters are ignored.",
        tags,
        querystring: CollectibleListQuerySchema,
        response: {
          200: CollectibleListResponseSchema,
          ...errorResponses({
            400: [
              parameterFailureExample("querystring", CollectibleListQuerySchema, "limit"),
              parameterFailureExample("querystring", CollectibleListQuerySchema, "stage"),
              parameterFailureExample("querystring", CollectibleListQuerySchema, "group"),
              UNISSUED_CURSOR.body,
              cursorOfAnotherOrder("name", "newest").body,
            ],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { stage, row, group, q, sort, limit, cursor } = request.query;
      const issued = cursor === undefined ? null : parseCollectibleCursor(cursor);
      if (cursor !== undefined && issued === null) return sendApiError(reply, UNISSUED_CURSOR);
      // A cursor sent without `sort` goes on in the order it was issued for; sent alone, with
      // the filters too (as a launches cursor does), so paging by nextCursor stays in one list.
      const order = sort ?? issued?.sort ?? "newest";
      if (issued !== null && issued.sort !== order) return sendApiError(reply, cursorOfAnotherOrder(issued.sort, order));
      const alone = issued !== null && [sort, stage, row, group, q].every((parameter) => parameter === undefined);
      const filters = alone ? issued.filters : { stage, row, group, ...(q === undefined || q.trim() === "" ? {} : { q }) };
      const page = readModel.listCollectibles({
        limit: limit ?? COLLECTIBLE_LIMIT.default,
        sort: order,
        ...givenFilters(filters),
        ...(issued === null ? {} : { cursor: issued }),
      });
      return { items: page.items, collectibles: page.items, nextCursor: page.nextCursor, serverTime: readModel.serverTime() };
    },
  );

  app.get(
    "/collectibles/:id",
    {
      schema: {
        operationId: "getCollectible",
        summary: "One collectible",
        description:
          "A collectible by its launch address: the list item plus `targetCardImage` and `serverTime`. A launch that is not a collectible, or whose card is not listed yet, is NOT_FOUND (its launch row is at GET /v1/launches/{id}).",
        tags,
        params: CollectibleIdParamsSchema,
        response: {
          200: recordResponse(CollectibleDetailSchema, "The collectible.", EXAMPLE_COLLECTIBLE_DETAIL),
          ...errorResponses({ 400: [BAD_ID], 404: [unknownCollectible(EXAMPLE_ID).body], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => readModel.getCollectible(request.params.id) ?? sendApiError(reply, unknownCollectible(request.params.id)),
  );

  app.get(
    "/collectibles/:id/vault",
    {
      schema: {
        operationId: "getCollectibleVault",
        summary: "A collectible's vault",
        description: "The custody account, the cards it acquired (released ones with `stillHeld: false`) and their totals.",
        tags,
        params: CollectibleIdParamsSchema,
        response: {
          200: recordResponse(CollectibleVaultSchema, "The vault.", EXAMPLE_COLLECTIBLE_VAULT),
          ...errorResponses({ 400: [BAD_ID], 404: [unknownCollectible(EXAMPLE_ID).body], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => readModel.collectibleVault(request.params.id) ?? sendApiError(reply, unknownCollectible(request.params.id)),
  );

  app.get(
    "/collectibles/:id/vault/:asset",
    {
      schema: {
        operationId: "getVaultCard",
        summary: "One card of a collectible's vault",
        description:
          "A vault card by its asset id, the card's mint. A card exists once the acquire crank moved it into custody; before that, or for a mint that is not the vault's, the answer is NOT_FOUND.",
        tags,
        params: VaultAssetParamsSchema,
        response: {
          200: recordResponse(VaultCardSchema, "The card.", EXAMPLE_VAULT_CARD),
          ...errorResponses({
            400: [BAD_ID, parameterFailureExample("params", VaultAssetParamsSchema, "asset")],
            404: [unknownCollectible(EXAMPLE_ID).body, unknownAsset(EXAMPLE_ID, EXAMPLE_ID).body],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { id, asset } = request.params;
      const vault = readModel.collectibleVault(id);
      if (!vault) return sendApiError(reply, unknownCollectible(id));
      return vault.cards.find((card) => card.asset === asset) ?? sendApiError(reply, unknownAsset(id, asset));
    },
  );
};
