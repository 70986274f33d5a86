import { type Static, Type } from "@sinclair/typebox";
import { LaunchStatusField } from "../../indexer/records/record-fields.ts";
import { Address, Amount } from "../../wire/wire-fields.ts";

/**
 * One launch's card in the home-grid bundle: the compact subset of the launch row a grid
 * tile shows. Each field has the type and meaning of the launch row's field of the same
 * name, so a card equals what `GET /v1/launches/{address}` shows for those fields.
 */
export const CardSchema = Type.Object(
  {
    address: Address("launch address"),
    primaryMint: Address("mint of the launch token (a client may have subscribed by it)"),
    symbol: Type.String(),
    name: Type.String(),
    imageUri: Type.String(),
    kind: Type.Union([Type.Literal("pairs"), Type.Literal("collectibles")]),
    status: LaunchStatusField("the launch's status, as its row names it"),
    progressBps: Type.Integer({ minimum: 0, maximum: 10_000 }),
    priceE12: Amount("DNA units per whole launch token × 10^12"),
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
