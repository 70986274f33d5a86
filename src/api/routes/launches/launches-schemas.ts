import { Type } from "@sinclair/typebox";
import { LAUNCH_STATUSES } from "../../../programs/index.ts";
import { CandleSchema, LaunchRowSchema, TradeRecordSchema } from "../../../indexer/records/index.ts";
import { KindQuery, integerQuery, refTo, stringEnum } from "../../schemas/common-parameters.ts";
import { AddressText, wireString } from "../../../wire/wire-fields.ts";
import {
  EXAMPLE_ADDRESS,
  EXAMPLE_CANDLE,
  EXAMPLE_DNA_UNIT_SOL,
  EXAMPLE_LAUNCH_CURSOR,
  EXAMPLE_LAUNCH_ROW,
  EXAMPLE_TRADE,
  EXAMPLE_TRADE_CURSOR,
} from "../../examples/record-examples.ts";

export const LAUNCH_TABS = ["trending", "new", "almost", "graduated", "volume"] as const;
export const LAUNCH_SORTS = ["mcap", "vol", "change", "bonding", "newest"] as const;
export const LAUNCH_STATES = ["bonding", "graduated"] as const;

/** The parameters whose presence selects paged mode (and which `status` may not join). */
export const PAGED_PARAMETERS = ["tab", "sort", "state", "cat", "asset", "creator", "ids", "cursor"] as const;

const paged = (text: string) => `Paged mode. ${text}`;

export const LaunchListQuerySchema = Type.Object({
  limit: Type.Optional(integerQuery({ minimum: 1, maximum: 100, default: 50, description: "Launches per answer, 1 to 100 (default 50)." })),
  status: Type.Optional(
    stringEnum(LAUNCH_STATUSES, {
      description:
        "Legacy mode only: launches in this status. Combined with any paged-mode parameter it is refused (CONFLICTING_PARAMETERS).",
    }),
  ),
  kind: Type.Optional(KindQuery),
  tab: Type.Optional(stringEnum(LAUNCH_TABS, { description: paged("Which list; default `trending`.") })),
  sort: Type.Optional(
    stringEnum(LAUNCH_SORTS, {
      description: paged("Order within the tab (market cap, 24 h volume, 24 h change, bonding progress, newest first)."),
    }),
  ),
  state: Type.Optional(stringEnum(LAUNCH_STATES, { description: paged("`bonding` (on the curve) or `graduated` (past it).") })),
  cat: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: paged("A category name."), examples: ["meme"] })),
  asset: Type.Optional(
    Type.String({ minLength: 1, maxLength: 16, description: paged("A component symbol the recipe must hold."), examples: ["USDC"] }),
  ),
  creator: Type.Optional(AddressText(paged("A creator wallet address."), { examples: [EXAMPLE_ADDRESS] })),
  ids: Type.Optional(
    wireString("addressList", {
      description: paged("Up to 100 launch addresses, comma separated."),
      examples: [EXAMPLE_LAUNCH_ROW.address],
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 512,
      description: paged(
        "The `nextCursor` of the previous page, unchanged; anything else is refused (INVALID_CURSOR). Sent alone (with `limit` and `kind` at most), it goes on with the tab, sort and filters of the page that issued it; sent with them, they must list in the cursor's order.",
      ),
      examples: [EXAMPLE_LAUNCH_CURSOR],
    }),
  ),
});

export const LaunchListResponseSchema = Type.Object(
  {
    launches: Type.Array(refTo(LaunchRowSchema), { description: "Launch rows; at most `limit`." }),
    nextCursor: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: "Paged mode only: pass it as `cursor` for the next page; null on the last page.",
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "A list of launches.",
    examples: [{ launches: [EXAMPLE_LAUNCH_ROW], nextCursor: EXAMPLE_LAUNCH_CURSOR }],
  },
);

export const LaunchesResponseSchema = Type.Object(
  { launches: Type.Array(refTo(LaunchRowSchema), { description: "Launch rows." }) },
  { additionalProperties: false, description: "A list of launches.", examples: [{ launches: [EXAMPLE_LAUNCH_ROW] }] },
);

export const KindOnlyQuerySchema = Type.Object({ kind: Type.Optional(KindQuery) });

export const LaunchIdParamsSchema = Type.Object({
  id: wireString("launchId", {
    description:
      "A launch address, a primary mint or a ticker (tickers are not unique: one of the launches sharing it answers; link by address or mint).",
    examples: [EXAMPLE_LAUNCH_ROW.address],
  }),
});

export const TradesQuerySchema = Type.Object({
  limit: Type.Optional(integerQuery({ minimum: 1, maximum: 200, default: 50, description: "Trades per page, 1 to 200 (default 50)." })),
  before: Type.Optional(
    wireString("tradeCursor", {
      description: "`slot:seq`, the `nextCursor` of the previous page: only trades strictly older are returned.",
      examples: [EXAMPLE_TRADE_CURSOR],
    }),
  ),
});

export const TradesResponseSchema = Type.Object(
  {
    dnaUnitSol: Type.Union([Type.Number(), Type.Null()], {
      description: "SOL per DNA unit: the unit every `priceE12` is in; null when a component is unpriced.",
    }),
    trades: Type.Array(refTo(TradeRecordSchema), {
      description: "Newest first. A full page may have older trades behind it; a short page reached the first trade.",
    }),
    nextCursor: Type.Union([wireString("tradeCursor", { description: "A trade cursor." }), Type.Null()], {
      description: "`slot:seq` of the page's oldest trade, to pass as `before`; null when no older trade exists.",
    }),
  },
  {
    additionalProperties: false,
    description: "A page of a launch's trade tape.",
    examples: [{ dnaUnitSol: EXAMPLE_DNA_UNIT_SOL, trades: [EXAMPLE_TRADE], nextCursor: EXAMPLE_TRADE_CURSOR }],
  },
);

export const ChartQuerySchema = Type.Object({
  bucket: Type.Optional(
    integerQuery({ minimum: 1, maximum: 86_400, default: 60, description: "Candle width in seconds, 1 to 86400 (default 60)." }),
  ),
  limit: Type.Optional(
    integerQuery({ minimum: 1, maximum: 1_000, default: 500, description: "Number of candles, 1 to 1000 (default 500)." }),
  ),
});

export const ChartResponseSchema = Type.Object(
  {
    dnaUnitSol: Type.Union([Type.Number(), Type.Null()], {
      description: "SOL per DNA unit (the unit of o, h, l, c); null when a component is unpriced.",
    }),
    solUsd: Type.Number({ description: "USD per SOL used for `vUsd`." }),
    openRule: Type.Literal("previousClose", { description: "Always `previousClose`: a candle opens at the previous candle's close." }),
    candles: Type.Array(refTo(CandleSchema), { description: "Oldest first, at most `limit`, ending with the bucket of the current time." }),
  },
  {
    additionalProperties: false,
    description: "Price candles of a launch.",
    examples: [
      { dnaUnitSol: EXAMPLE_DNA_UNIT_SOL, solUsd: EXAMPLE_LAUNCH_ROW.solUsd, openRule: "previousClose", candles: [EXAMPLE_CANDLE] },
    ],
  },
);
