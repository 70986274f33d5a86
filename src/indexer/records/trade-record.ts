import { type Static, Type } from "@sinclair/typebox";
import { Address, Amount, Bps, Direction, Int, Iso, Num, Signature } from "./record-fields.ts";

/** One trade of a launch's tape (`GET /v1/launches/{id}/trades`, newest first). */
export const TradeRecordSchema = Type.Object(
  {
    signature: Signature("The transaction that carried the trade."),
    launch: Address("The launch address."),
    trader: Address("The wallet that traded."),
    direction: Direction("`buy` (launch tokens out of the curve) or `sell` (into it)."),
    primaryAmount: Amount("Launch-token base units bought or sold."),
    dnaUnits: Amount("The curve amount in DNA units: the cost of a buy or the gross output of a sell, fee excluded."),
    priceE12: Amount("The curve's spot price just after the trade: DNA units per whole launch token × 10^12."),
    progressBps: Bps("The curve's progress just after the trade."),
    slot: Int("Slot the transaction landed in.", { minimum: 0 }),
    seq: Int("Position of this trade among the trade events of its slot, from 0; (slot, seq) orders the tape.", { minimum: 0 }),
    at: Iso("Block time of the trade (the Clock sysvar)."),
    source: Type.Literal("market", { description: "Where the record comes from: `market`, the trade events of the chain." }),
    solLamports: Amount(
      "`dnaUnits` valued in lamports at the DNA unit value sampled when the trade was indexed, rounded down; 0 when unpriced then.",
    ),
    solValue: Num("`solLamports` in SOL."),
    solSource: Type.Literal("exact", {
      description: "How `solLamports` was obtained: `exact`, from the trade's own DNA units and the recipe's sampled value.",
    }),
    priceSol: Num(
      "SOL per whole launch token after the trade: priceE12 / 10^12 × the page's dnaUnitSol (the DNA unit's value now), or, when that is null, at the value sampled when the trade was indexed; 0 when unpriced then too.",
    ),
    priceUsd: Num("`priceSol` × solUsd."),
  },
  {
    $id: "TradeRecord",
    additionalProperties: false,
    description: "A trade of the launch token: on its curve, or past it on its pair pools.",
  },
);

export type TradeRecord = Static<typeof TradeRecordSchema>;
