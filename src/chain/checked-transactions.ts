import type { Transaction } from "@solana/kit";
import type { TransactionCheck } from "./check-transaction.ts";

interface Remembered {
  /** A copy of the message bytes checked: the answer holds only while the transaction still carries them. */
  readonly messageBytes: Buffer;
  readonly signatures: Transaction["signatures"];
  readonly check: TransactionCheck;
}

const remembered = new WeakMap<Transaction, Remembered>();

/**
 * Remembers what checking `transaction` answered, so the next check of the same object is
 * free: a submitted transaction is read at the door (readWireTransaction), again when the
 * devnet queues it and again when it lands, and each check decoded the whole message (its
 * account keys to base58) and re-serialized the transaction. Only a transaction whose
 * signature map is frozen (as kit's decoder and compiler make it) is remembered: its signer
 * set cannot change, and {@link recallCheck} compares the message bytes, so a memo never
 * answers for different bytes.
 */
export function rememberCheck(transaction: Transaction, check: TransactionCheck): void {
  if (!Object.isFrozen(transaction.signatures)) return;
  remembered.set(transaction, { messageBytes: Buffer.from(transaction.messageBytes), signatures: transaction.signatures, check });
}

/** What checking `transaction` answered before, or undefined when it was not checked with these bytes and signers. */
export function recallCheck(transaction: Transaction): TransactionCheck | undefined {
  const known = remembered.get(transaction);
  if (known === undefined || known.signatures !== transaction.signatures) return undefined;
  return known.messageBytes.equals(transaction.messageBytes as unknown as Uint8Array) ? known.check : undefined;
}
