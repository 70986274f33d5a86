import { getBase58Encoder } from "@solana/kit";
import { MAX_TRANSACTION_BYTES } from "../chain/read-wire-transaction.ts";
import { type RpcAnswer, invalidParams } from "./json-rpc-envelope.ts";

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** The validator's bounds on an encoded transaction: the longest text a 1,232-byte packet can be. */
const MAX_ENCODED_LENGTH = { base58: 1683, base64: 1644 } as const;

/** The wire bytes of a sent or simulated transaction as base64, or the validator's refusal of its encoding. */
export function wireBase64Of(encoded: string, encoding: "base58" | "base64"): { base64: string } | RpcAnswer {
  // Checked before decoding, as the validator does: base58 decoding takes time quadratic in the
  // text, so 49 KB of it held the event loop for seconds before the size was ever looked at.
  if (encoded.length > MAX_ENCODED_LENGTH[encoding]) {
    return invalidParams(
      `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${encoded.length} bytes ` +
        `(max: encoded/raw ${MAX_ENCODED_LENGTH[encoding]}/${MAX_TRANSACTION_BYTES})`,
    );
  }
  if (encoding === "base64") {
    return STANDARD_BASE64.test(encoded)
      ? { base64: encoded }
      : invalidParams("invalid base64 encoding: it holds a character outside standard base64");
  }
  try {
    return { base64: Buffer.from(getBase58Encoder().encode(encoded)).toString("base64") };
  } catch {
    return invalidParams("invalid base58 encoding: it holds a character outside the base58 alphabet");
  }
}
