import { getBase58Encoder } from "@solana/kit";
import { type RpcAnswer, invalidParams } from "./json-rpc-envelope.ts";

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The wire bytes of a sent or simulated transaction as base64, or the validator's refusal of its encoding. */
export function wireBase64Of(encoded: string, encoding: "base58" | "base64"): { base64: string } | RpcAnswer {
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
