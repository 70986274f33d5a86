import { type Static, Type } from "@sinclair/typebox";
import { Amount, Int, Num, Unix } from "./record-fields.ts";

/** One bucket of `GET /v1/launches/{id}/chart` (oldest first; open rule `previousClose`). */
export const CandleSchema = Type.Object(
  {
    t: Unix("Start of the bucket: a multiple of the bucket width in unix seconds."),
    o: Amount(
      "Open: the previous candle's close (the first candle opens at the close before the window, or the initial curve price). priceE12.",
    ),
    h: Amount("High: the highest of o, c and every trade's post-trade price in the bucket. priceE12."),
    l: Amount("Low: the lowest of o, c and every trade's post-trade price in the bucket. priceE12."),
    c: Amount("Close: the post-trade price of the bucket's last trade, or o when the bucket is empty. priceE12."),
    v: Amount("Launch-token base units traded in the bucket; 0 when empty."),
    vUsd: Num("USD value of the bucket's trades (each at the DNA unit value sampled when it was indexed) × solUsd."),
    n: Int("Trades in the bucket; 0 means the price is carried from the previous close.", { minimum: 0 }),
  },
  { $id: "Candle", additionalProperties: false, description: "A price candle in DNA units per whole token × 10^12." },
);

export type Candle = Static<typeof CandleSchema>;
