import { type Static, Type } from "@sinclair/typebox";
import { Address, Amount, Direction, Int, Iso, Signature, Text } from "./record-fields.ts";

/** One of the twelve newest trades across launches (`GET /v1/trades/live`, newest first). */
export const LiveTradeRecordSchema = Type.Object(
  {
    signature: Signature("The transaction that carried the trade."),
    launch: Address("The launch address."),
    trader: Address("The wallet that traded."),
    symbol: Text("Ticker of the launch token."),
    direction: Direction("`buy` or `sell`."),
    primaryAmount: Amount("Launch-token base units bought or sold."),
    dnaUnits: Amount("The curve amount in DNA units (cost of a buy, gross output of a sell, fee excluded)."),
    solLamports: Amount("`dnaUnits` in lamports at the DNA unit value sampled when the trade was indexed; 0 when unpriced then."),
    decimals: Int("Decimals of the launch token.", { minimum: 0, maximum: 255 }),
    at: Iso("Block time of the trade."),
  },
  { $id: "LiveTradeRecord", additionalProperties: false, description: "A recent trade across launches." },
);

export type LiveTradeRecord = Static<typeof LiveTradeRecordSchema>;
