import { Type } from "@sinclair/typebox";
import { QuoteSchema } from "../../../trading/records/quote.ts";
import { Address, SignatureText, wireString } from "../../../wire/wire-fields.ts";

/**
 * The trade flow's request bodies and parameters that are the API's own. The records the
 * desk answers with (quotes, plans, statuses, build-create) live in src/trading/records/.
 */
export { QuoteBodySchema } from "../../../trading/records/quote-body.ts";
export { BuildCreateBodySchema } from "../../../trading/records/build-create-body.ts";

/** The quote route's answer: the quote under `quote`. */
export const QuoteResponseSchema = Type.Object({ quote: QuoteSchema }, { additionalProperties: false });

/** Stored quote ids are `q_` and 32 hex characters; anything up to 64 is looked up and answered 404 when unknown. */
const QuoteId = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });

export const BuildBodySchema = Type.Object({
  quoteId: QuoteId("The quoteId of a stored quote."),
  wallet: Address("The wallet that signs every transaction; it pays the fees, so it must be a system account (not a program)."),
});

/** Base64 of the largest transaction the network carries (1,232 bytes) is 1,644 characters; longer text is refused unread. */
const MAX_TRANSACTION_BASE64 = 4096;

export const SubmitBodySchema = Type.Object({
  transaction: wireString("base64", { minLength: 1, maxLength: MAX_TRANSACTION_BASE64, description: "Base64 of the signed transaction." }),
  quoteId: Type.Optional(
    QuoteId(
      "When given, the message must be one built for this quote (signed bytes of an expired quote are taken: their blockhash decides).",
    ),
  ),
});

export const StatusParamsSchema = Type.Object({
  signature: SignatureText("A transaction signature (base58, 64 to 88 characters); one that is no signature is unknown."),
});

export const StatusQuerySchema = Type.Object({
  lastValidBlockHeight: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "The build's lastValidBlockHeight: past it, an unseen transaction reports `expired`.",
    }),
  ),
});
