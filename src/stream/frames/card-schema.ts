import { type Static, Type } from "@sinclair/typebox";

/** The specification's address pattern (base58, 32 to 44 characters). */
export const ADDRESS_PATTERN = "^[1-9A-HJ-NP-Za-km-z]{32,44}$";

const Address = Type.String({ pattern: ADDRESS_PATTERN });

/**
 * One launch's card in the home-grid bundle: the compact subset of the launch row a grid
 * tile shows. Each field has the type and meaning of the launch row's field of the same
 * name, so a card equals what `GET /v1/launches/{address}` shows for those fields.
 */
export const CardSchema = Type.Object(
  {
    address: Type.String({ ...Address, description: "launch address" }),
    primaryMint: Type.String({ ...Address, description: "mint of the launch token (a client may have subscribed by it)" }),
    symbol: Type.String(),
    name: Type.String(),
    imageUri: Type.String(),
    kind: Type.Union([Type.Literal("pairs"), Type.Literal("collectibles")]),
    status: Type.Union([
      Type.Literal("activeBonding"),
      Type.Literal("graduationPending"),
      Type.Literal("migrating"),
      Type.Literal("graduated"),
    ]),
    progressBps: Type.Integer({ minimum: 0, maximum: 10_000 }),
    priceE12: Type.String({ pattern: "^(0|[1-9][0-9]*)$", description: "DNA units per whole launch token × 10^12" }),
    priceUsd: Type.Number(),
    marketCap: Type.Number(),
    change24Bps: Type.Integer(),
    volume24hUsd: Type.Number(),
    holders: Type.Integer({ minimum: 0 }),
    trades24: Type.Integer({ minimum: 0 }),
    lastTradeAt: Type.Integer({ description: "unix seconds of the newest trade" }),
  },
  { $id: "Card", additionalProperties: false, description: "A launch's tile in the cards bundle (a subset of the launch row)" },
);
export type Card = Static<typeof CardSchema>;
