import { type Address, type Signature, type Transaction, getTransactionEncoder } from "@solana/kit";
import { getTokenDecoder } from "@solana-program/token";
import type { SupportedMessage } from "../chain/check-transaction.ts";
import type { Devnet, InnerInstruction, LandedTransaction } from "../chain/devnet.ts";
import { RecentPrioritizationFees } from "./prioritization-fees.ts";
import { decimalsOf, isTokenAccount } from "./token-parsing.ts";

/**
 * Landed transactions the RPC remembers in full: a node that keeps a bounded ledger, as a
 * pruned validator does. Older ones answer null from `getTransaction` and drop out of
 * `getSignaturesForAddress`.
 */
export const HISTORY_CAPACITY = 10_000;

/** An SPL Token account's holding, as `pre/postTokenBalances` report it. */
export interface TokenHolding {
  readonly mint: Address;
  readonly owner: Address;
  readonly amount: bigint;
  readonly decimals: number;
}

/** One account key's state on one side of a transaction. */
export interface KeyState {
  readonly lamports: bigint;
  readonly token: TokenHolding | null;
}

/** What `getTransaction` answers from: the landing, its wire bytes and message, and its keys' state before and after. */
export interface HistoryEntry {
  readonly landed: LandedTransaction;
  readonly wire: Uint8Array;
  readonly message: SupportedMessage;
  readonly pre: readonly KeyState[];
  readonly post: readonly KeyState[];
  /** The CPIs each top-level instruction made, by its index. */
  readonly inner: readonly (readonly InnerInstruction[])[];
}

/** Whether the account at `index` is writable, by the message header's layout (signers first, read-only ones last in each group). */
export function isWritableKey(message: Pick<SupportedMessage, "header" | "staticAccounts">, index: number): boolean {
  const { header, staticAccounts } = message;
  if (index < header.numSignerAccounts) return index < header.numSignerAccounts - header.numReadonlySignerAccounts;
  return index < staticAccounts.length - header.numReadonlyNonSignerAccounts;
}

/** A mint's decimals never change: each is read from the chain once. */
const decimalsByChain = new WeakMap<Devnet, Map<Address, number | null>>();
function cachedDecimals(devnet: Devnet, mint: Address): number | null {
  let known = decimalsByChain.get(devnet);
  if (!known) decimalsByChain.set(devnet, (known = new Map()));
  if (!known.has(mint)) known.set(mint, decimalsOf(devnet, mint));
  return known.get(mint)!;
}

/**
 * The state of a transaction's account keys, read as cheaply as the answer allows, since
 * this runs around every transaction the chain executes: an invoked program's account is
 * code, never a token account, so only its lamports are read (not its bytes); and after
 * execution (`before` given) a read-only key still holds what it held before.
 */
function keyStatesOf(devnet: Devnet, message: SupportedMessage, before?: readonly KeyState[]): KeyState[] {
  const programs = new Set(message.instructions.map((instruction) => instruction.programAddressIndex));
  return message.staticAccounts.map((key, index) => {
    const previous = before?.[index];
    if (previous && !isWritableKey(message, index)) return previous;
    if (programs.has(index)) return { lamports: devnet.getBalance(key), token: null };
    const account = devnet.getAccount(key);
    if (!account) return { lamports: 0n, token: null };
    if (!isTokenAccount(account)) return { lamports: account.lamports, token: null };
    const token = getTokenDecoder().decode(account.data);
    const decimals = cachedDecimals(devnet, token.mint);
    return {
      lamports: account.lamports,
      token: decimals === null ? null : { mint: token.mint, owner: token.owner, amount: token.amount, decimals },
    };
  });
}

const histories = new WeakMap<Devnet, TransactionHistory>();

/**
 * The RPC's record of landed transactions, from the moment it first follows a chain: the
 * state of each transaction's own account keys (read right before the VM runs it and right
 * after), and an index of signatures by account key, both bounded to the last
 * {@link HISTORY_CAPACITY} transactions. Transactions that landed before (the seeded world)
 * are not in it. A restore empties it: the chain it described is gone.
 */
export class TransactionHistory {
  readonly #capacity: number;
  readonly #entries = new Map<Signature, HistoryEntry>();
  /** Per account key, its transactions' signatures in landing order (oldest first). */
  readonly #byKey = new Map<Address, Signature[]>();
  #pending: { readonly signature: Signature; readonly message: SupportedMessage; readonly pre: KeyState[] } | null = null;
  /** The compute-unit prices of the last 150 slots' landed transactions (`getRecentPrioritizationFees`). */
  readonly fees = new RecentPrioritizationFees();

  private constructor(devnet: Devnet, capacity: number) {
    this.#capacity = capacity;
    devnet.onExecuting((_transaction, signature, message) => {
      this.#pending = { signature, message, pre: keyStatesOf(devnet, message) };
    });
    devnet.onWrite((write) => {
      if (write.kind === "restore") return this.#clear();
      if (write.kind !== "transaction") return;
      const pending = this.#pending;
      this.#pending = null;
      if (pending?.signature !== write.landed.signature) return;
      const post = keyStatesOf(devnet, pending.message, pending.pre);
      this.#add(write.landed, write.transaction, pending.message, pending.pre, post, write.innerInstructions?.() ?? []);
      this.fees.record(write.landed.slot, pending.message);
    });
  }

  /** The one history of `devnet`, following it from the first call on (every RPC transport shares it). */
  static of(devnet: Devnet, capacity = HISTORY_CAPACITY): TransactionHistory {
    let history = histories.get(devnet);
    if (!history) {
      history = new TransactionHistory(devnet, capacity);
      histories.set(devnet, history);
    }
    return history;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(signature: Signature): HistoryEntry | null {
    return this.#entries.get(signature) ?? null;
  }

  /** The signatures of `key`'s transactions still held, newest first. */
  signaturesOf(key: Address): Signature[] {
    return [...(this.#byKey.get(key) ?? [])].reverse();
  }

  #add(
    landed: LandedTransaction,
    transaction: Transaction,
    message: SupportedMessage,
    pre: KeyState[],
    post: KeyState[],
    inner: InnerInstruction[][],
  ): void {
    const wire = new Uint8Array(getTransactionEncoder().encode(transaction));
    this.#entries.set(landed.signature, { landed, wire, message, pre, post, inner });
    for (const key of new Set(message.staticAccounts)) {
      const list = this.#byKey.get(key);
      if (list) list.push(landed.signature);
      else this.#byKey.set(key, [landed.signature]);
    }
    while (this.#entries.size > this.#capacity) this.#evictOldest();
  }

  // Entries are inserted in landing order, so the oldest is first in the map and first in each key's list.
  #evictOldest(): void {
    const [signature, entry] = this.#entries.entries().next().value as [Signature, HistoryEntry];
    this.#entries.delete(signature);
    for (const key of new Set(entry.message.staticAccounts)) {
      const list = this.#byKey.get(key);
      if (list?.[0] === signature) list.shift();
      if (list?.length === 0) this.#byKey.delete(key);
    }
  }

  #clear(): void {
    this.#entries.clear();
    this.#byKey.clear();
    this.#pending = null;
    this.fees.clear();
  }
}
