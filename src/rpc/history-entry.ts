import { type Address, type Signature, type Transaction, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import type { SupportedMessage } from "../chain/check-transaction.ts";
import type { InnerInstruction, LandedTransaction } from "../chain/devnet.ts";
import { sharedLogLine } from "../chain/runtime-log.ts";
import { SharedStrings } from "../chain/shared-strings.ts";
import { wireBytesOf } from "../chain/unsigned-transaction.ts";

/** A token account's holding, as `pre/postTokenBalances` report it; `program` is the token program that owns the account. */
export interface TokenHolding {
  readonly mint: Address;
  readonly owner: Address;
  readonly amount: bigint;
  readonly decimals: number;
  readonly program: Address;
}

/** One account key's state on one side of a transaction. */
export interface KeyState {
  readonly lamports: bigint;
  readonly token: TokenHolding | null;
}

/** Who holds a token account and in what unit: all of a holding but its amount, shared by every entry that names it. */
export type TokenHolder = Omit<TokenHolding, "amount">;

/**
 * The history's shared copies of what recurs from one transaction to the next: each account
 * key's text and each token account's holder (log lines are shared by `sharedLogLine`, for
 * the chain's remembered logs too). Kept as they come, 10,000 entries would hold the same few
 * hundred keys 10,000 times over.
 */
export interface Interning {
  key(key: Address): Address;
  holder(holding: TokenHolder): TokenHolder;
}

/** A bound on each interning table: past it, the table starts over (entries keep the copies they hold). */
const INTERNED_CAPACITY = 100_000;

export function createInterning(): Interning {
  const keys = new SharedStrings<Address>(INTERNED_CAPACITY);
  const holders = new Map<string, TokenHolder>();
  return {
    key: (key) => keys.of(key),
    holder({ mint, owner, decimals, program }) {
      const id = `${mint}:${owner}:${decimals}:${program}`;
      let holder = holders.get(id);
      if (holder === undefined) {
        if (holders.size >= INTERNED_CAPACITY) holders.clear();
        holder = { mint, owner, decimals, program };
        holders.set(id, holder);
      }
      return holder;
    },
  };
}

/** Bytes of one inner instruction besides its accounts and data: program index, stack height, account count (u16), data length (u16). */
const INNER_HEADER_BYTES = 6;

/**
 * The inner instructions of each top-level instruction in one buffer: per top-level
 * instruction a u16 count, then per inner instruction its program index (u8), stack height
 * (u8), account count (u16), accounts (u8 each), data length (u16) and data. Two typed arrays
 * an inner instruction cost about 300 bytes; most of a buy's CPIs carry a dozen bytes.
 */
export function packInnerInstructions(inner: readonly (readonly InnerInstruction[])[]): Uint8Array {
  let size = 2 + 2 * inner.length;
  for (const calls of inner) for (const call of calls) size += INNER_HEADER_BYTES + call.accounts.length + call.data.length;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let offset = 0;
  view.setUint16(offset, inner.length, true);
  offset += 2;
  for (const calls of inner) {
    view.setUint16(offset, calls.length, true);
    offset += 2;
    for (const call of calls) {
      view.setUint8(offset, call.programIdIndex);
      view.setUint8(offset + 1, call.stackHeight);
      view.setUint16(offset + 2, call.accounts.length, true);
      bytes.set(call.accounts, offset + 4);
      offset += 4 + call.accounts.length;
      view.setUint16(offset, call.data.length, true);
      bytes.set(call.data, offset + 2);
      offset += 2 + call.data.length;
    }
  }
  return bytes;
}

/** What {@link packInnerInstructions} packed, as views into `bytes`. */
export function unpackInnerInstructions(bytes: Uint8Array): InnerInstruction[][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  const read16 = () => {
    const value = view.getUint16(offset, true);
    offset += 2;
    return value;
  };
  const inner: InnerInstruction[][] = [];
  for (let instruction = read16(); instruction > 0; instruction--) {
    const calls: InnerInstruction[] = [];
    for (let count = read16(); count > 0; count--) {
      const programIdIndex = view.getUint8(offset);
      const stackHeight = view.getUint8(offset + 1);
      offset += 2;
      const accountCount = read16();
      const accounts = bytes.subarray(offset, offset + accountCount);
      offset += accountCount;
      const dataLength = read16();
      const data = bytes.subarray(offset, offset + dataLength);
      offset += dataLength;
      calls.push({ programIdIndex, accounts, data, stackHeight });
    }
    inner.push(calls);
  }
  return inner;
}

/**
 * One landed transaction as the RPC's history keeps it, packed: the history holds the last
 * 10,000 and `getTransaction` asks for few of them, so what it answers from is rebuilt on
 * demand. Kept as the objects a landing hands over (kit's decoded transaction and message, an
 * object and a bigint per key and side, two typed arrays per CPI), a buy's entry held about
 * 7 KB of JS memory; packed (about 2.6 KB), its wire bytes and its CPIs in one buffer, its keys
 * and token holders as shared copies, and the lamports and token amounts of both sides in one
 * typed array.
 */
export class HistoryEntry {
  /** As the chain reported it, whole log included. */
  readonly landed: LandedTransaction;
  /** The transaction's static account keys, in the message's order. */
  readonly keys: readonly Address[];
  /** The wire bytes (the first `#wireLength`), then the packed inner instructions. */
  readonly #bytes: Uint8Array;
  readonly #wireLength: number;
  /**
   * Each key's lamports before (the first `keys.length`) and after; then, when `#holders` is
   * not null, each key's token amount before and after (0 where it holds none).
   */
  readonly #numbers: BigUint64Array;
  /** Each key's token holder before and after (null: not a token account), or null when no key is one on either side. */
  readonly #holders: readonly (TokenHolder | null)[] | null;

  constructor(
    landed: LandedTransaction,
    transaction: Transaction,
    message: SupportedMessage,
    sides: { readonly pre: readonly KeyState[]; readonly post: readonly KeyState[] },
    inner: readonly (readonly InnerInstruction[])[],
    interning: Interning,
  ) {
    this.landed = { ...landed, logs: landed.logs.map(sharedLogLine) };
    this.keys = message.staticAccounts.map((key) => interning.key(key));
    const wire = wireBytesOf(transaction);
    const packedInner = packInnerInstructions(inner);
    this.#wireLength = wire.length;
    this.#bytes = new Uint8Array(wire.length + packedInner.length);
    this.#bytes.set(wire);
    this.#bytes.set(packedInner, wire.length);
    const states = [...sides.pre, ...sides.post];
    const holdsTokens = states.some((state) => state.token !== null);
    this.#numbers = new BigUint64Array(holdsTokens ? 2 * states.length : states.length);
    states.forEach((state, index) => {
      this.#numbers[index] = state.lamports;
      if (holdsTokens) this.#numbers[states.length + index] = state.token?.amount ?? 0n;
    });
    this.#holders = holdsTokens ? states.map(({ token }) => (token === null ? null : interning.holder(token))) : null;
  }

  get signature(): Signature {
    return this.landed.signature;
  }

  /** The transaction as it was sent, decoded again from its wire bytes. */
  get transaction(): Transaction {
    return getTransactionDecoder().decode(this.wire);
  }

  /** Its wire bytes, as it was sent. */
  get wire(): Uint8Array {
    return this.#bytes.subarray(0, this.#wireLength);
  }

  /** Its message, decoded again (the history holds only landed transactions, whose messages the chain accepted). */
  get message(): SupportedMessage {
    return getCompiledTransactionMessageDecoder().decode(this.transaction.messageBytes) as SupportedMessage;
  }

  get pre(): KeyState[] {
    return this.#side(0);
  }

  get post(): KeyState[] {
    return this.#side(this.keys.length);
  }

  /** The CPIs each top-level instruction made, by its index. */
  get inner(): InnerInstruction[][] {
    return unpackInnerInstructions(this.#bytes.subarray(this.#wireLength));
  }

  #side(from: number): KeyState[] {
    // The token amounts follow both sides' lamports.
    const amountsAt = 2 * this.keys.length;
    return this.keys.map((_, index) => {
      const at = from + index;
      const holder = this.#holders?.[at] ?? null;
      return {
        lamports: this.#numbers[at]!,
        token: holder === null ? null : { ...holder, amount: this.#numbers[amountsAt + at]! },
      };
    });
  }
}
