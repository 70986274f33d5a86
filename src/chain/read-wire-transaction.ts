import type { Address, SignatureBytes, Transaction, TransactionMessageBytes } from "@solana/kit";
import { addressFromBytes } from "./address-bytes.ts";
import type { SupportedMessage } from "./check-transaction.ts";
import { rememberCheck } from "./checked-transactions.ts";

/**
 * Solana's packet limit (`PACKET_DATA_SIZE`): a serialized transaction, signatures included,
 * may not exceed this many bytes, or the network drops it before any validator reads it.
 */
export const MAX_TRANSACTION_BYTES = 1232;

/**
 * The runtime's account-lock limit (`MAX_TX_ACCOUNT_LOCKS`): a transaction may lock at most
 * this many accounts, its static keys and those it loads from address tables together.
 */
export const MAX_TRANSACTION_ACCOUNTS = 64;

/** Bytes of a public key, a blockhash and a signature. */
const KEY_BYTES = 32;
const SIGNATURE_BYTES = 64;
/** The high bit of a message's first byte marks a versioned message; the rest is its version. */
const VERSION_PREFIX = 0x80;
/** The only versioned message the network takes (v0: with address-table lookups). */
const SUPPORTED_VERSION = 0;

export type WireTransactionReading =
  | {
      readonly ok: true;
      readonly transaction: Transaction;
      /** Its message, decoded as kit's decoder decodes it; shared, so read-only. */
      readonly message: SupportedMessage;
    }
  | { readonly ok: false; readonly reason: string };

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Thrown inside the reader only: a byte string ends early or breaks the format. Never escapes this module. */
class Malformed extends Error {}

/** Reads the bytes of a wire transaction front to back; every read checks what is left. */
class ByteReader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  get left(): number {
    return this.bytes.length - this.offset;
  }

  u8(what: string): number {
    if (this.left < 1) throw new Malformed(`it ends before ${what}`);
    return this.bytes[this.offset++]!;
  }

  skip(count: number, what: string): void {
    if (this.left < count) throw new Malformed(`${what} needs ${count} bytes but only ${this.left} are left`);
    this.offset += count;
  }

  /** Solana's compact-u16 ("short vec" length): 1 to 3 bytes, 7 bits each, canonical only. */
  compactU16(what: string): number {
    let value = 0;
    for (let index = 0; index < 3; index++) {
      const byte = this.u8(what);
      value |= (byte & 0x7f) << (7 * index);
      const last = (byte & 0x80) === 0;
      if (index === 2 && byte > 0x03) throw new Malformed(`the length of ${what} does not fit in a compact u16`);
      if (last) {
        if (index > 0 && byte === 0) throw new Malformed(`the length of ${what} is not written in its shortest form`);
        return value;
      }
    }
    throw new Malformed(`the length of ${what} does not fit in a compact u16`);
  }
}

/** A message as kit's decoder reads it (legacy or v0: the only versions read past the header). */
type DecodedMessage = SupportedMessage;

/** The parts of a message the checks below need, and the message decoded. */
interface MessageShape {
  readonly requiredSignatures: number;
  readonly message: DecodedMessage;
}

/** A copy of `count` bytes at `offset` (kit's decoder copies too: the message keeps no view of the wire buffer). */
const copy = (bytes: Uint8Array, offset: number, count: number) => bytes.slice(offset, offset + count);

function readMessage(reader: ByteReader): MessageShape {
  const first = reader.u8("the message header");
  let requiredSignatures = first;
  if (first & VERSION_PREFIX) {
    const version = first & ~VERSION_PREFIX;
    if (version !== SUPPORTED_VERSION)
      throw new Malformed(`its message version is ${version}; only legacy and version 0 messages are accepted`);
    requiredSignatures = reader.u8("the message header");
  }
  const readonlySigned = reader.u8("the message header");
  const readonlyUnsigned = reader.u8("the message header");
  const keys = reader.compactU16("the account keys");
  reader.skip(keys * KEY_BYTES, `${keys} account keys`);
  const keyBytes = reader.bytes.subarray(reader.offset - keys * KEY_BYTES, reader.offset);
  const distinct = new Set<string>();
  for (let i = 0; i < keys; i++) distinct.add(Buffer.from(keyBytes.subarray(i * KEY_BYTES, (i + 1) * KEY_BYTES)).toString("hex"));
  if (distinct.size !== keys) throw new Malformed("an account key appears twice in its message");
  if (requiredSignatures === 0) throw new Malformed("its message requires no signature (the fee payer must sign)");
  if (requiredSignatures + readonlyUnsigned > keys)
    throw new Malformed("its message header counts more signers and read-only accounts than it has keys");
  if (readonlySigned >= requiredSignatures) throw new Malformed("its message header makes the fee payer read-only");
  reader.skip(KEY_BYTES, "the recent blockhash");
  const blockhash = reader.bytes.subarray(reader.offset - KEY_BYTES, reader.offset);

  const instructions: { program: number; accounts: number[]; data: Uint8Array }[] = [];
  const count = reader.compactU16("the instructions");
  for (let i = 0; i < count; i++) {
    const program = reader.u8(`instruction ${i}'s program index`);
    const accountCount = reader.compactU16(`instruction ${i}'s accounts`);
    const accounts: number[] = [];
    for (let a = 0; a < accountCount; a++) accounts.push(reader.u8(`instruction ${i}'s account indexes`));
    const data = reader.compactU16(`instruction ${i}'s data`);
    reader.skip(data, `instruction ${i}'s data`);
    instructions.push({ program, accounts, data: copy(reader.bytes, reader.offset - data, data) });
  }

  let loaded = 0;
  const lookups: { lookupTableAddress: Address; writableIndexes: number[]; readonlyIndexes: number[] }[] = [];
  if (first & VERSION_PREFIX) {
    const tables = reader.compactU16("the address-table lookups");
    for (let t = 0; t < tables; t++) {
      reader.skip(KEY_BYTES, `address table ${t}'s key`);
      const lookupTableAddress = addressFromBytes(reader.bytes.subarray(reader.offset - KEY_BYTES, reader.offset));
      const [writableIndexes, readonlyIndexes] = (["writable", "read-only"] as const).map((kind) => {
        const indexes = reader.compactU16(`address table ${t}'s ${kind} indexes`);
        reader.skip(indexes, `address table ${t}'s ${kind} indexes`);
        loaded += indexes;
        return [...reader.bytes.subarray(reader.offset - indexes, reader.offset)];
      }) as [number[], number[]];
      lookups.push({ lookupTableAddress, writableIndexes, readonlyIndexes });
    }
  }
  if (keys + loaded > MAX_TRANSACTION_ACCOUNTS) {
    throw new Malformed(`it locks ${keys + loaded} accounts; a transaction may lock at most ${MAX_TRANSACTION_ACCOUNTS}`);
  }
  instructions.forEach(({ program, accounts }, i) => {
    // A program is always a static key: it cannot be loaded from an address table.
    if (program >= keys) throw new Malformed(`instruction ${i} names program index ${program}, but the message has ${keys} account keys`);
    const beyond = accounts.find((index) => index >= keys + loaded);
    if (beyond !== undefined) {
      throw new Malformed(`instruction ${i} names account index ${beyond}, but the message has ${keys + loaded} accounts`);
    }
  });
  if (reader.left > 0) throw new Malformed(`${reader.left} bytes follow the end of its message`);
  // The message as kit's decoder gives it (a test holds the two equal), its keys converted
  // through the remembered addressFromBytes instead of a bigint each.
  const staticAccounts: Address[] = [];
  for (let i = 0; i < keys; i++) staticAccounts.push(addressFromBytes(keyBytes.subarray(i * KEY_BYTES, (i + 1) * KEY_BYTES)));
  const message = {
    header: {
      numSignerAccounts: requiredSignatures,
      numReadonlySignerAccounts: readonlySigned,
      numReadonlyNonSignerAccounts: readonlyUnsigned,
    },
    staticAccounts,
    lifetimeToken: addressFromBytes(blockhash) as string,
    instructions: instructions.map(({ program, accounts, data }) => ({
      programAddressIndex: program,
      ...(accounts.length ? { accountIndices: accounts } : null),
      ...(data.byteLength ? { data } : null),
    })),
    ...(lookups.length ? { addressTableLookups: lookups } : null),
    version: first & VERSION_PREFIX ? 0 : "legacy",
  };
  return { requiredSignatures, message: message as unknown as DecodedMessage };
}

/**
 * Decodes and checks a transaction as a client sent it (standard base64 of the wire bytes),
 * all of it, before anything queues it: what the network would drop (over
 * {@link MAX_TRANSACTION_BYTES}, over {@link MAX_TRANSACTION_ACCOUNTS} accounts, a signature
 * count its header does not ask for) and anything a later decoder would choke on (a
 * truncated message, an instruction index past the account keys, a data length past the
 * bytes, trailing bytes, a message version other than legacy and 0). Returns the decoded
 * transaction, or the reason as a sentence completing "transaction cannot be executed: …".
 */
export function readWireTransaction(base64: string): WireTransactionReading {
  if (!STANDARD_BASE64.test(base64) || base64.length % 4 !== 0) {
    return { ok: false, reason: "it is not standard base64 (A-Z, a-z, 0-9, + and /, = padding, a multiple of 4 characters)" };
  }
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  if (bytes.length > MAX_TRANSACTION_BYTES) {
    return { ok: false, reason: `it is ${bytes.length} bytes serialized; the network carries at most ${MAX_TRANSACTION_BYTES}` };
  }
  const reader = new ByteReader(bytes);
  let signatures: number;
  let messageOffset: number;
  let message: MessageShape;
  try {
    signatures = reader.compactU16("the signatures");
    reader.skip(signatures * SIGNATURE_BYTES, `${signatures} signatures`);
    messageOffset = reader.offset;
    message = readMessage(reader);
  } catch (error) {
    if (error instanceof Malformed) return { ok: false, reason: `it is not a serialized transaction: ${error.message}` };
    throw error;
  }
  if (signatures !== message.requiredSignatures) {
    return { ok: false, reason: `it carries ${signatures} signatures but its message requires ${message.requiredSignatures}` };
  }
  const transaction = transactionOf(bytes, messageOffset, message.message.staticAccounts.slice(0, signatures));
  // These bytes passed every check checkTransaction makes (it serializes the transaction
  // back to exactly them) and the message was decoded above: the devnet checking this
  // object again is told so without decoding it again.
  rememberCheck(transaction, { ok: true, message: message.message });
  return { ok: true, transaction, message: message.message };
}

/**
 * The transaction as kit's `getTransactionDecoder` gives it (a test holds the two equal):
 * the message bytes, and each signer's signature by address in signer order, null for an
 * all-zero one. Built from what was read above, the signers' addresses already converted,
 * instead of kit decoding the keys again through a bigint each.
 */
function transactionOf(bytes: Uint8Array, messageOffset: number, signers: readonly Address[]): Transaction {
  const signatures: Record<Address, SignatureBytes | null> = {};
  const first = messageOffset - signers.length * SIGNATURE_BYTES;
  signers.forEach((signer, index) => {
    const signature = copy(bytes, first + index * SIGNATURE_BYTES, SIGNATURE_BYTES);
    signatures[signer] = signature.every((byte) => byte === 0) ? null : (signature as unknown as SignatureBytes);
  });
  return {
    messageBytes: bytes.slice(messageOffset) as unknown as TransactionMessageBytes,
    signatures: Object.freeze(signatures),
  } as Transaction;
}
