import type { Address, ReadonlyUint8Array, Signature } from "@solana/kit";
import { addressFromBytes } from "../chain/address-bytes.ts";
import { TOKEN_PROGRAMS, tokenAccountAmount, tokenAccountBase } from "../programs/token-account.ts";
import { type SupportedMessage, isWritableKey, loadsFromLookupTables } from "../chain/check-transaction.ts";
import type { Devnet, InnerInstruction } from "../chain/devnet.ts";
import { RecentPrioritizationFees } from "./prioritization-fees.ts";
import { decimalsOf } from "./token-parsing.ts";
import { HistoryEntry, type KeyState, createInterning } from "./history-entry.ts";

/**
 * Landed transactions the RPC remembers in full: a node that keeps a bounded ledger, as a
 * pruned validator does. Older ones answer null from `getTransaction` and drop out of
 * `getSignaturesForAddress`.
 */
export const HISTORY_CAPACITY = 10_000;

/** A mint's decimals never change: each is read from the chain once. */
const decimalsByChain = new WeakMap<Devnet, Map<Address, number | null>>();
function cachedDecimals(devnet: Devnet, mint: Address): number | null {
  let known = decimalsByChain.get(devnet);
  if (!known) decimalsByChain.set(devnet, (known = new Map()));
  if (!known.has(mint)) known.set(mint, decimalsOf(devnet, mint));
  return known.get(mint)!;
}

/** Keys whose last-read state the history keeps (past it, it forgets them all and reads afresh). */
const KNOWN_KEYS_CAPACITY = 100_000;

/** Where an SPL Token account keeps its mint and owner (32 bytes each); its amount follows (token-account.ts). */
const MINT_AND_OWNER_BYTES = 64;
/** Base58 of a token account's mint and owner, by their 64 bytes: the same few pairs recur in every trade. */
const mintAndOwnerByBytes = new Map<string, { readonly mint: Address; readonly owner: Address }>();
const MINT_AND_OWNER_CAPACITY = 50_000;

function mintAndOwnerOf(data: ReadonlyUint8Array): { readonly mint: Address; readonly owner: Address } {
  const key = Buffer.from(data.buffer, data.byteOffset, MINT_AND_OWNER_BYTES).toString("latin1");
  let found = mintAndOwnerByBytes.get(key);
  if (!found) {
    if (mintAndOwnerByBytes.size >= MINT_AND_OWNER_CAPACITY) mintAndOwnerByBytes.clear();
    found = { mint: addressFromBytes(data.subarray(0, 32)), owner: addressFromBytes(data.subarray(32, 64)) };
    mintAndOwnerByBytes.set(key, found);
  }
  return found;
}

/**
 * One key's state read from the chain: an invoked program's account is code, never a token
 * account, so only its lamports are read. A token account of either token program counts
 * (a Token-2022 one by its base bytes), as the validator's token balances do.
 */
function readKeyState(devnet: Devnet, key: Address, isProgram: boolean): KeyState {
  if (isProgram) return { lamports: devnet.getBalance(key), token: null };
  const account = devnet.getAccount(key);
  if (!account) return { lamports: 0n, token: null };
  const base = tokenAccountBase(account);
  if (base === null) return { lamports: account.lamports, token: null };
  const { mint, owner } = mintAndOwnerOf(base);
  const amount = tokenAccountAmount(base);
  const decimals = cachedDecimals(devnet, mint);
  return {
    lamports: account.lamports,
    token: decimals === null ? null : { mint, owner, amount, decimals, program: account.programAddress },
  };
}

/**
 * The state of a transaction's account keys, read as cheaply as the answer allows, since
 * this runs around every transaction the chain executes. Before execution a key's state
 * is what the history last saw (`known`) when it has seen it since the key could last have
 * changed. After execution (`before` given) a read-only key still holds what it held
 * before; and when neither token program ran anywhere in the transaction (`tokenRan` false)
 * no token holding can have changed (only they write them), so a writable key's
 * lamports are all there is to read.
 */
function keyStatesOf(
  devnet: Devnet,
  message: SupportedMessage,
  known: ReadonlyMap<Address, KeyState>,
  after?: { readonly before: readonly KeyState[]; readonly tokenRan: boolean },
): KeyState[] {
  const programs = new Set(message.instructions.map((instruction) => instruction.programAddressIndex));
  return message.staticAccounts.map((key, index) => {
    if (after === undefined) return known.get(key) ?? readKeyState(devnet, key, programs.has(index));
    const previous = after.before[index]!;
    if (!isWritableKey(message, index)) return previous;
    if (!after.tokenRan) return { lamports: devnet.getBalance(key), token: previous.token };
    return readKeyState(devnet, key, programs.has(index));
  });
}

/** Whether a token program (SPL Token or Token-2022) ran in the transaction, at the top level or called by another program. */
function tokenProgramRan(message: SupportedMessage, inner: readonly (readonly InnerInstruction[])[]): boolean {
  const keys = message.staticAccounts;
  return (
    message.instructions.some((instruction) => TOKEN_PROGRAMS.has(keys[instruction.programAddressIndex]!)) ||
    inner.some((calls) => calls.some((call) => TOKEN_PROGRAMS.has(keys[call.programIdIndex]!)))
  );
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
  /**
   * Each key's state after the last transaction that named it. Every change to an account
   * reaches the history (a transaction through its keys, an airdrop or account write by
   * address, a restore wholesale), so what it holds is what the chain holds, and the next
   * transaction's pre-state costs no read of the VM.
   */
  readonly #known = new Map<Address, KeyState>();
  /** The compute-unit prices of the last 150 slots' landed transactions (`getRecentPrioritizationFees`). */
  readonly fees = new RecentPrioritizationFees();
  readonly #landedListeners = new Set<(entry: HistoryEntry, message: SupportedMessage) => void>();
  /** Shared copies of the keys and token holders the entries name (see history-entry.ts). */
  #interning = createInterning();

  private constructor(devnet: Devnet, capacity: number) {
    this.#capacity = capacity;
    devnet.onExecuting((_transaction, signature, message) => {
      this.#pending = { signature, message, pre: keyStatesOf(devnet, message, this.#known) };
    });
    devnet.onWrite((write) => {
      if (write.kind === "restore") return this.#clear();
      if (write.kind === "airdrop") return void this.#known.delete(write.address);
      if (write.kind === "account") return void this.#known.delete(write.account.address);
      const pending = this.#pending;
      this.#pending = null;
      // A landing the history did not see start: whatever it changed is unknown.
      if (pending?.signature !== write.landed.signature) return this.#known.clear();
      const inner = write.innerInstructions?.() ?? [];
      const tokenRan = tokenProgramRan(pending.message, inner);
      const post = keyStatesOf(devnet, pending.message, this.#known, { before: pending.pre, tokenRan });
      this.#remember(pending.message, post);
      const entry = this.#add(
        new HistoryEntry(write.landed, write.transaction, pending.message, { pre: pending.pre, post }, inner, this.#interning),
      );
      this.fees.record(write.landed.slot, pending.message);
      for (const listener of this.#landedListeners) listener(entry, pending.message);
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

  /**
   * Calls `listener` with each landed transaction's entry once the history holds it, and its
   * message as the chain decoded it: other readers of landings (the PubSub server) take it
   * from here rather than decoding the transaction's bytes again (the entry keeps only
   * bytes). Returns the function that stops the calls.
   */
  onLanded(listener: (entry: HistoryEntry, message: SupportedMessage) => void): () => void {
    this.#landedListeners.add(listener);
    return () => this.#landedListeners.delete(listener);
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

  #add(entry: HistoryEntry): HistoryEntry {
    this.#entries.set(entry.signature, entry);
    for (const key of new Set(entry.keys)) {
      const list = this.#byKey.get(key);
      if (list) list.push(entry.signature);
      else this.#byKey.set(key, [entry.signature]);
    }
    while (this.#entries.size > this.#capacity) this.#evictOldest();
    return entry;
  }

  // Entries are inserted in landing order, so the oldest is first in the map and first in each key's list.
  #evictOldest(): void {
    const [signature, entry] = this.#entries.entries().next().value as [Signature, HistoryEntry];
    this.#entries.delete(signature);
    for (const key of new Set(entry.keys)) {
      const list = this.#byKey.get(key);
      if (list?.[0] === signature) list.shift();
      if (list?.length === 0) this.#byKey.delete(key);
    }
  }

  #remember(message: SupportedMessage, post: readonly KeyState[]): void {
    // Accounts loaded from address tables may have changed without being static keys.
    if (loadsFromLookupTables(message) || this.#known.size > KNOWN_KEYS_CAPACITY) this.#known.clear();
    message.staticAccounts.forEach((key, index) => this.#known.set(key, post[index]!));
  }

  #clear(): void {
    this.#entries.clear();
    this.#byKey.clear();
    this.#pending = null;
    this.#known.clear();
    this.#interning = createInterning();
    this.fees.clear();
  }
}
