import { type Address, type Transaction, getBase64Decoder } from "@solana/kit";
import { readWireTransaction } from "../chain/read-wire-transaction.ts";
import { signatureVerifies } from "../chain/signature-check.ts";
import { type Result, fail, succeed } from "../errors/index.ts";
import type { QuoteStore } from "./quote-store.ts";

const base64 = getBase64Decoder();

/**
 * What submit checks before anything is queued: the bytes decode whole and keep the
 * network's limits, every signature signs the message, and — with a quote id — the message
 * is one built for that quote while it lives. A transaction built for a quote that has since
 * expired says so (QUOTE_EXPIRED); a message never built for it is MESSAGE_MISMATCH.
 */
export async function checkSubmission(text: string, quoteId: string | null, quotes: QuoteStore<unknown>): Promise<Result<Transaction>> {
  const reading = readWireTransaction(text);
  if (!reading.ok) return fail("INVALID_TRANSACTION", { reason: reading.reason });
  const { transaction } = reading;
  for (const [signer, signature] of Object.entries(transaction.signatures)) {
    const valid = signature !== null && signatureVerifies(signer as Address, signature, transaction.messageBytes);
    if (!valid) return fail("INVALID_SIGNATURE", { signer });
  }
  if (quoteId === null) return succeed(transaction);
  const lookup = quotes.get(quoteId);
  if (lookup.state === "unknown") return fail("QUOTE_NOT_FOUND", { quoteId });
  if (!lookup.entry.builtMessages.has(base64.decode(transaction.messageBytes))) return fail("MESSAGE_MISMATCH", { quoteId });
  if (lookup.state === "expired") return fail("QUOTE_EXPIRED", { quoteId });
  return succeed(transaction);
}
