import {
  type Address,
  type Instruction,
  type Transaction,
  type TransactionMessageBytes,
  appendTransactionMessageInstructions,
  compileTransactionMessage,
  createTransactionMessage,
  getTransactionDecoder,
  getTransactionEncoder,
  isSignerRole,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { getSetComputeUnitLimitInstruction } from "@solana-program/compute-budget";
import { base64ToBytes } from "../wire/base64-bytes.ts";
import { addressBytes } from "./address-bytes.ts";
import { type CompiledStaticV0, compileStaticV0 } from "./v0-message.ts";
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

/** Bytes of a signature slot. */
const SIGNATURE_BYTES = 64;
/** Bytes of an account key and of a blockhash. */
const KEY_BYTES = 32;

/** Bytes Solana's compact-u16 takes to write `value`. */
const compactU16Bytes = (value: number) => (value < 0x80 ? 1 : value < 0x4000 ? 2 : 3);

/**
 * The length in bytes of the wire form {@link encodeUnsignedTransaction} writes for `input`,
 * counted without compiling it: the planner sizes every candidate packing of a route, and
 * compiling each (kit sorting every account) was half of a quote's time. A v0 message with
 * no address tables: every distinct key once (fee payer, programs, accounts), a signature
 * slot per distinct signer. A test holds it equal to the encoded length.
 */
export function unsignedTransactionSize(input: UnsignedTransactionInput): number {
  const keys = new Set<Address>([input.feePayer]);
  const signers = new Set<Address>([input.feePayer]);
  let instructionBytes = 0;
  const count = (instruction: Instruction) => {
    keys.add(instruction.programAddress);
    const accounts = instruction.accounts ?? [];
    for (const account of accounts) {
      keys.add(account.address);
      if (isSignerRole(account.role)) signers.add(account.address);
    }
    const data = instruction.data?.length ?? 0;
    instructionBytes += 1 + compactU16Bytes(accounts.length) + accounts.length + compactU16Bytes(data) + data;
  };
  const budget = input.computeUnitLimit === undefined ? [] : [getSetComputeUnitLimitInstruction({ units: input.computeUnitLimit })];
  for (const instruction of budget) count(instruction);
  for (const instruction of input.instructions) count(instruction);
  const instructions = budget.length + input.instructions.length;
  return (
    compactU16Bytes(signers.size) +
    SIGNATURE_BYTES * signers.size +
    // The version byte and the three header counts.
    4 +
    compactU16Bytes(keys.size) +
    KEY_BYTES * keys.size +
    KEY_BYTES +
    compactU16Bytes(instructions) +
    instructionBytes +
    // No address-table lookups.
    compactU16Bytes(0)
  );
}
const EMPTY_SIGNATURE = new Uint8Array(SIGNATURE_BYTES);

/** The base64 wire form of `transaction`, signed or not. */
export function encodeWireTransaction(transaction: Transaction): string {
  return Buffer.from(wireBytesOf(transaction)).toString("base64");
}

/**
 * The wire bytes of `transaction`: its signatures (an empty slot zeroed) and its message,
 * as kit's transaction encoder writes them (a test holds the two equal), without kit's
 * codec machinery for a layout this plain. A signature of another length goes to kit's
 * encoder, which says what is wrong.
 */
export function wireBytesOf(transaction: Transaction): Uint8Array {
  const signatures = Object.values(transaction.signatures);
  if (signatures.some((signature) => signature !== null && signature.length !== SIGNATURE_BYTES)) {
    return new Uint8Array(getTransactionEncoder().encode(transaction));
  }
  const writer = new ByteWriter(SIGNATURE_BYTES * signatures.length + transaction.messageBytes.length + 3);
  writer.compactU16(signatures.length);
  for (const signature of signatures) writer.bytes(signature ?? EMPTY_SIGNATURE);
  writer.bytes(transaction.messageBytes);
  return writer.done();
}

/** Appends bytes to a buffer that grows as needed. */
class ByteWriter {
  #buffer: Uint8Array;
  #length = 0;
  constructor(capacity: number) {
    this.#buffer = new Uint8Array(capacity);
  }

  #room(count: number): void {
    if (this.#length + count <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + count));
    grown.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = grown;
  }

  u8(value: number): void {
    this.#room(1);
    this.#buffer[this.#length++] = value;
  }

  /** Solana's compact-u16 ("short vec" length): 7 bits a byte, low bits first. */
  compactU16(value: number): void {
    let rest = value;
    for (;;) {
      const low = rest & 0x7f;
      rest >>= 7;
      if (rest === 0) return this.u8(low);
      this.u8(low | 0x80);
    }
  }

  bytes(values: ArrayLike<number>): void {
    this.#room(values.length);
    this.#buffer.set(values, this.#length);
    this.#length += values.length;
  }

  done(): Uint8Array {
    return this.#buffer.slice(0, this.#length);
  }
}

/** The compiled form of a v0 message (kit's). */
type CompiledV0 = Extract<ReturnType<typeof compileTransactionMessage>, { version: 0 }>;

/**
 * The bytes of a compiled v0 message, as kit's message encoder writes them (a test holds
 * the two equal): kit's encoder converts every account key from base58 through a bigint,
 * which was most of the cost of building a plan; here each key's bytes are remembered
 * (addressBytes). Its blockhash is base58 of 32 bytes, like an address.
 */
function encodeV0Message(message: CompiledStaticV0 | CompiledV0, blockhash: string): Uint8Array {
  const writer = new ByteWriter(512);
  writer.u8(0x80);
  writer.u8(message.header.numSignerAccounts);
  writer.u8(message.header.numReadonlySignerAccounts);
  writer.u8(message.header.numReadonlyNonSignerAccounts);
  writer.compactU16(message.staticAccounts.length);
  for (const key of message.staticAccounts) writer.bytes(addressBytes(key));
  writer.bytes(addressBytes(blockhash as Address));
  writer.compactU16(message.instructions.length);
  for (const instruction of message.instructions) {
    writer.u8(instruction.programAddressIndex);
    const accounts = instruction.accountIndices ?? [];
    writer.compactU16(accounts.length);
    writer.bytes(accounts);
    const data = instruction.data ?? new Uint8Array(0);
    writer.compactU16(data.length);
    writer.bytes(data);
  }
  const lookups = "addressTableLookups" in message ? (message.addressTableLookups ?? []) : [];
  writer.compactU16(lookups.length);
  for (const lookup of lookups) {
    writer.bytes(addressBytes(lookup.lookupTableAddress));
    writer.compactU16(lookup.writableIndexes.length);
    writer.bytes(lookup.writableIndexes);
    writer.compactU16(lookup.readonlyIndexes.length);
    writer.bytes(lookup.readonlyIndexes);
  }
  return writer.done();
}

/** The v0 transaction of `input` with every signature slot still empty (a compute-limit instruction first when asked). */
export function compileUnsignedTransaction(input: UnsignedTransactionInput): Transaction {
  const budget = input.computeUnitLimit === undefined ? [] : [getSetComputeUnitLimitInstruction({ units: input.computeUnitLimit })];
  const instructions = [...budget, ...input.instructions];
  // kit's compileTransaction, with our compiler where it applies and the message bytes written by encodeV0Message.
  const compiled = compileStaticV0(input.feePayer, instructions) ?? kitCompiled(input, instructions);
  const signatures: Record<Address, null> = {};
  for (const signer of compiled.staticAccounts.slice(0, compiled.header.numSignerAccounts)) signatures[signer] = null;
  return Object.freeze({
    lifetimeConstraint: { blockhash: input.lifetime.blockhash, lastValidBlockHeight: input.lifetime.lastValidBlockHeight },
    messageBytes: encodeV0Message(compiled, input.lifetime.blockhash) as unknown as TransactionMessageBytes,
    signatures: Object.freeze(signatures),
  }) as Transaction;
}

/** kit's own compilation, for the messages compileStaticV0 leaves to it (it throws kit's error for those it refuses). */
function kitCompiled(input: UnsignedTransactionInput, instructions: readonly Instruction[]): CompiledV0 {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(input.feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(input.lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return compileTransactionMessage(message) as CompiledV0;
}

/**
 * Reads a base64 wire transaction a client sent back; null when the text is not one
 * (bad base64, truncated bytes, a malformed message) — a client's mistake, not a crash.
 */
export function decodeWireTransaction(base64: string): Transaction | null {
  try {
    const bytes = base64ToBytes(base64);
    return bytes === null ? null : getTransactionDecoder().decode(bytes);
  } catch {
    return null;
  }
}
