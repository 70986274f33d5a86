import { type Static, Type } from "@sinclair/typebox";
import { SignatureText } from "../../wire/wire-fields.ts";

export const TRANSACTION_STATUSES = ["pending", "confirmed", "finalized", "failed", "expired", "unknown"] as const;

/** Where a submitted transaction stands (submit's answer and the status route's). */
export const TransactionStatusSchema = Type.Object(
  {
    signature: SignatureText("The transaction's first signature (for a status, the one asked about, as sent)."),
    status: Type.Union(
      TRANSACTION_STATUSES.map((status) => Type.Literal(status)),
      { description: "Where the transaction stands." },
    ),
    slot: Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()], {
      description: "The slot it landed in.",
    }),
    error: Type.Union([Type.String(), Type.Null()], { description: "Why it failed, naming the program error." }),
  },
  { $id: "TransactionStatus", additionalProperties: false },
);

export type TransactionStatusRecord = Static<typeof TransactionStatusSchema>;
