import { type Address, type Transaction, getBase64Decoder } from "@solana/kit";
import { readWireTransaction } from "../chain/read-wire-transaction.ts";
import { signatureVerifies } from "../chain/signature-check.ts";
import { type Result, fail, succeed } from "../errors/index.ts";
import type { QuoteStore } from "./quote-store.ts";

const base64 = getBase64Decoder();

/** A submission that passed the checks: its transaction, and its message as base64 (how built messages are keyed). */
export interface CheckedSubmission {
  readonly transaction: Transaction;
  readonly message: string;
}

/**
 * What submit checks before anything is queued: the bytes decode whole and keep the
 * network's limits, every signature signs the message, and — with a quote id — the message
 * is one built for that quote; a message never built for it is MESSAGE_MISMATCH. The quote's
 * 30 s bound building it, not landing what was built: signed bytes of an expired quote are
 * taken while the store remembers it, and their blockhash decides whether they land (so a
 * plan signed step by step by a slow wallet is not cut in half, its setup landed and its
 * settle refused).
 */
export async function checkSubmission(
  text: string,
  quoteId: string | null,
  quotes: QuoteStore<unknown>,
): Promise<Result<CheckedSubmission>> {
  const reading = readWireTransaction(text);
  if (!reading.ok) return fail("INVALID_TRANSACTION", { reason: reading.reason });
  const { transaction } = reading;
  for (const [signer, signature] of Object.entries(transaction.signatures)) {
    const valid = signature !== null && signatureVerifies(signer as Address, signature, transaction.messageBytes);
    if (!valid) return fail("INVALID_SIGNATURE", { signer });
  }
  const message = base64.decode(transaction.messageBytes);
  if (quoteId === null) return succeed({ transaction, message });
  const lookup = quotes.get(quoteId);
  if (lookup.state === "preview") return fail("PREVIEW_QUOTE", { quoteId });
  if (lookup.state === "unknown") return fail("QUOTE_NOT_FOUND", { quoteId });
  if (!lookup.entry.builtMessages.has(message)) return fail("MESSAGE_MISMATCH", { quoteId });
  return succeed({ transaction, message });
}
