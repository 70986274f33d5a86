import { Type } from "@sinclair/typebox";
import { COLLECTIBLE_LIMIT, COLLECTIBLE_SORTS, COLLECTIBLE_TEXT_MAX, MAX_COLLECTIBLE_CURSOR } from "../../../indexer/collectible-list.ts";
import { COLLECTIBLE_GROUPS, COLLECTIBLE_GROUP_NAMES, COLLECTIBLE_ROWS, CollectibleRecordSchema } from "../../../indexer/records/index.ts";
import { COLLECTIBLE_STAGES } from "../../../programs/index.ts";
import { AddressText } from "../../../wire/wire-fields.ts";
import { integerQuery, refTo, stringEnum } from "../../schemas/common-parameters.ts";
import { EXAMPLE_COLLECTIBLE, EXAMPLE_COLLECTIBLE_CURSOR, EXAMPLE_VAULT_CARD } from "./collectible-examples.ts";

const groupsSentence = Object.entries(COLLECTIBLE_GROUPS)
  .map(([group, stages]) => `\`${group}\` = ${stages.map((stage) => `\`${stage}\``).join(", ")}`)
  .join("; ");

export const CollectibleListQuerySchema = Type.Object({
  stage: Type.Optional(
    stringEnum(COLLECTIBLE_STAGES, {
      description:
        "Only collectibles at this stage. Stages, in order: raising → funding → swapping → acquiring → pooling → tradable (see the record's `stage`).",
    }),
  ),
  row: Type.Optional(
    stringEnum(COLLECTIBLE_ROWS, {
      description: "Only collectibles of this row: `sol` (wrapped SOL alone: every collectible here), `oneAsset` or `dna`.",
    }),
  ),
  group: Type.Optional(
    stringEnum(COLLECTIBLE_GROUP_NAMES, { description: `Only collectibles in a named group of stages: ${groupsSentence}.` }),
  ),
  q: Type.Optional(
    Type.String({
      maxLength: COLLECTIBLE_TEXT_MAX,
      description: `Text to find (case-insensitive) in the token's name or ticker or the card's item name; at most ${COLLECTIBLE_TEXT_MAX} characters. Empty or blank matches every collectible.`,
      examples: ["rookie"],
    }),
  ),
  sort: Type.Optional(
    stringEnum(COLLECTIBLE_SORTS, {
      description:
        "`newest` (the launch created last first, so `createdAt` never rises down the pages; the default, or the cursor's order when `cursor` is sent without `sort`), `oldest` (created first first) or `name` (by token name, case-insensitive, in code-unit order, ties by launch address).",
    }),
  ),
  limit: Type.Optional(
    integerQuery({
      minimum: COLLECTIBLE_LIMIT.minimum,
      maximum: COLLECTIBLE_LIMIT.maximum,
      default: COLLECTIBLE_LIMIT.default,
      description: `Collectibles per page, ${COLLECTIBLE_LIMIT.minimum} to ${COLLECTIBLE_LIMIT.maximum} (default ${COLLECTIBLE_LIMIT.default}).`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_COLLECTIBLE_CURSOR,
      description:
        "The `nextCursor` of the previous page, unchanged. Alone (with `limit` at most) it goes on with the order and the filters of the page that issued it; with any of `sort`, `stage`, `group`, `row` or `q`, the query's own (a `sort`, the cursor's: filters may change between pages). Anything this server did not issue, and a cursor of another `sort`, is refused (INVALID_CURSOR).",
      examples: [EXAMPLE_COLLECTIBLE_CURSOR],
    }),
  ),
});

export const CollectibleListResponseSchema = Type.Object(
  {
    items: Type.Array(refTo(CollectibleRecordSchema), {
      maxItems: COLLECTIBLE_LIMIT.maximum,
      description: "Collectibles (only launches whose card was listed), at most `limit`, in `sort` order.",
    }),
    collectibles: Type.Array(refTo(CollectibleRecordSchema), {
      maxItems: COLLECTIBLE_LIMIT.maximum,
      description:
        "The same records as `items`, in the same order: the specification's sample names the key `items` and its text `collectibles`, so a client may read either.",
    }),
    nextCursor: Type.Union([Type.String(), Type.Null()], {
      description: "Pass it as `cursor` for the next page; null on the last page. Pages followed to the end are disjoint and complete.",
    }),
    serverTime: Type.Integer({ minimum: 0, description: "The answer's time (virtual unix seconds)." }),
  },
  {
    additionalProperties: false,
    description: "A cursor page of collectibles.",
    examples: [
      { items: [EXAMPLE_COLLECTIBLE], collectibles: [EXAMPLE_COLLECTIBLE], nextCursor: EXAMPLE_COLLECTIBLE_CURSOR, serverTime: 1767247200 },
    ],
  },
);

export const CollectibleIdParamsSchema = Type.Object({
  id: AddressText("A collectible's launch address.", { examples: [EXAMPLE_COLLECTIBLE.launch] }),
});

export const VaultAssetParamsSchema = Type.Object({
  id: AddressText("A collectible's launch address.", { examples: [EXAMPLE_COLLECTIBLE.launch] }),
  asset: AddressText("The vault asset's id: the card's mint.", { examples: [EXAMPLE_VAULT_CARD.asset] }),
});
