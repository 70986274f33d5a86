import { type CompiledTransactionMessage, type CompiledTransactionMessageWithLifetime, type Transaction } from "@solana/kit";
import { recallCheck, rememberCheck } from "./checked-transactions.ts";
import { readWireTransaction } from "./read-wire-transaction.ts";
import { wireBytesOf } from "./unsigned-transaction.ts";

/** The message versions the network runs, with their blockhash: what the landing loop reads. */
export type SupportedMessage = Extract<CompiledTransactionMessage, { version: "legacy" | 0 }> & CompiledTransactionMessageWithLifetime;

/** A transaction whose message decoded whole and keeps the network's limits, or why it does not. */
export type TransactionCheck = { readonly ok: true; readonly message: SupportedMessage } | { readonly ok: false; readonly reason: string };

const refuse = (reason: string): TransactionCheck => ({ ok: false, reason });

/** Whether the account at `index` is writable, by the message header's layout (signers first, read-only ones last in each group). */
export function isWritableKey(message: Pick<SupportedMessage, "header" | "staticAccounts">, index: number): boolean {
  const { header, staticAccounts } = message;
  if (index < header.numSignerAccounts) return index < header.numSignerAccounts - header.numReadonlySignerAccounts;
  return index < staticAccounts.length - header.numReadonlyNonSignerAccounts;
}

/**
 * Whether the message loads accounts through address lookup tables: those accounts are not
 * among its static keys, so a reader that follows a transaction by its keys cannot see them.
 */
export function loadsFromLookupTables(message: SupportedMessage): boolean {
  return message.version === 0 && (message.addressTableLookups?.length ?? 0) > 0;
}

/**
 * The devnet's door for an already decoded `Transaction` (from submit, send, a replayed
 * journal or a restored queue): its wire bytes go through the same checks as a client's
 * base64 at the API ({@link readWireTransaction}: size, version, counts, indexes, lengths),
 * so the rules live in one place, and the message is decoded once for the landing loop.
 * The answer for one transaction object is remembered (see rememberCheck): a submission is
 * checked at the door, when queued and when it lands, and decoded once.
 * Never throws: the bytes may come from a client.
 */
export function checkTransaction(transaction: Transaction): TransactionCheck {
  const known = recallCheck(transaction);
  if (known !== undefined) return known;
  const check = checkAfresh(transaction);
  rememberCheck(transaction, check);
  return check;
}

/** {@link checkTransaction} without the memo: what a remembered answer must always equal. */
export function checkAfresh(transaction: Transaction): TransactionCheck {
  // kit serializes a message marked v1 in that proposal's own layout, which the wire reader
  // would misread as a signature count: name the version before serializing.
  const first = transaction.messageBytes[0] ?? 0;
  if (first & 0x80 && (first & 0x7f) !== 0)
    return refuse(`its message version is ${first & 0x7f}; only legacy and version 0 messages are accepted`);
  let wire: Uint8Array;
  try {
    wire = wireBytesOf(transaction);
  } catch (error) {
    return refuse(`it cannot be serialized (${error instanceof Error ? error.message : String(error)})`);
  }
  const reading = readWireTransaction(Buffer.from(wire).toString("base64"));
  if (!reading.ok) return refuse(reading.reason);
  // The reader decoded the message of exactly these bytes (as kit's decoder does; a legacy
  // or v0 message always has its blockhash).
  return { ok: true, message: reading.message };
}
