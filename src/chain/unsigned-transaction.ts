import {
  type Address,
  type Instruction,
  type Transaction,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { getSetComputeUnitLimitInstruction } from "@solana-program/compute-budget";
import type { LatestBlockhash } from "./virtual-clock.ts";

export interface UnsignedTransactionInput {
  /** The wallet that signs and pays: the service never holds its key. */
  readonly feePayer: Address;
  readonly instructions: readonly Instruction[];
  readonly lifetime: LatestBlockhash;
  readonly computeUnitLimit?: number;
}

/**
 * The base64 wire form of an unsigned v0 transaction — every signature slot zeroed — as
 * the build routes return it. Any client deserializes it (web3.js `VersionedTransaction`,
 * kit's decoder), signs with its own key and sends the bytes back.
 */
export function encodeUnsignedTransaction(input: UnsignedTransactionInput): string {
  return encodeWireTransaction(compileUnsignedTransaction(input));
}

/** The base64 wire form of `transaction`, signed or not. */
export function encodeWireTransaction(transaction: Transaction): string {
  return getBase64Decoder().decode(getTransactionEncoder().encode(transaction));
}

/** The v0 transaction of `input` with every signature slot still empty (a compute-limit instruction first when asked). */
export function compileUnsignedTransaction(input: UnsignedTransactionInput): Transaction {
  const budget = input.computeUnitLimit === undefined ? [] : [getSetComputeUnitLimitInstruction({ units: input.computeUnitLimit })];
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(input.feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(input.lifetime, m),
    (m) => appendTransactionMessageInstructions([...budget, ...input.instructions], m),
  );
  return compileTransaction(message);
}

/**
 * Reads a base64 wire transaction a client sent back; null when the text is not one
 * (bad base64, truncated bytes, a malformed message) — a client's mistake, not a crash.
 */
export function decodeWireTransaction(base64: string): Transaction | null {
  try {
    return getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  } catch {
    return null;
  }
}
