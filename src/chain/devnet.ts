import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, type EncodedAccount, type Signature, type Transaction, address, lamports } from "@solana/kit";
import { Clock, EpochSchedule, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";
import { U64_MAX } from "../wire/wire-fields.ts";
import { bytesToBase58 } from "../wire/base58-bytes.ts";
import { type Result, fail, succeed } from "../errors/result.ts";
import { type ChainError, chainErrorOf } from "./chain-error.ts";
import { addressBytes, addressFromBytes } from "./address-bytes.ts";
import { type SupportedMessage, checkTransaction } from "./check-transaction.ts";
import { rememberedLog } from "./runtime-log.ts";
import type { SlotSpan } from "./slot-span.ts";
import { PROGRAMS_DIST_DIR, PROGRAM_BINARIES } from "./program-binaries.ts";
import { wireBytesOf } from "./unsigned-transaction.ts";
const SYSTEM_PROGRAM = address("11111111111111111111111111111111");

import {
  type ClockMode,
  type ClockReading,
  DEFAULT_GENESIS_UNIX_TIMESTAMP,
  DEFAULT_SLOT_MILLIS,
  FINALITY_SLOTS,
  type LatestBlockhash,
  SLOTS_PER_EPOCH,
  VirtualClock,
  type VirtualClockState,
} from "./virtual-clock.ts";

export interface DevnetOptions {
  /** Seed of every blockhash (and, above this layer, every key). Default "0". */
  readonly seed?: string;
  /** Default "manual": time moves only when told. */
  readonly clockMode?: ClockMode;
  /** Virtual milliseconds per slot; default 400. */
  readonly slotMillis?: number;
  /** Unix time of slot 0; default 2026-01-01T00:00:00Z. */
  readonly genesisUnixTimestamp?: bigint;
  /** Extra slots a submitted transaction waits before it lands; default 0 (the next slot). */
  readonly landingDelaySlots?: number;
  /** Folder holding launch.so, curve.so and pool.so; default programs-fixtures/dist. */
  readonly programsDir?: string;
  /**
   * Wall milliseconds between slots in `realtime` mode; default `slotMillis`. Smaller runs
   * virtual time faster than the wall clock (a fast-forward) without changing what a slot
   * means in virtual time, so a chain replays identically whatever its pace was.
   */
  readonly realtimeSlotMillis?: number;
}

/** A transaction that reached a block: it ran, and either succeeded or failed there. */
export interface LandedTransaction {
  readonly signature: Signature;
  readonly slot: bigint;
  /** Position within its slot, from 0: with the slot it orders every landed transaction. */
  readonly seq: number;
  readonly unixTimestamp: bigint;
  readonly ok: boolean;
  readonly error: ChainError | null;
  readonly logs: readonly string[];
  readonly computeUnits: bigint;
}

/** What `send` returns: landed (ok or failed on chain), or refused before landing. */
export type SendResult =
  | { readonly landed: true; readonly transaction: LandedTransaction }
  /** `signature` is null when the fee payer never signed: there is nothing to name it by. */
  | { readonly landed: false; readonly signature: Signature | null; readonly error: ChainError };

/** What `simulate` returns: the error it would fail with (null: it would succeed), its logs and units, and the accounts after it. */
export interface SimulationResult {
  readonly error: ChainError | null;
  readonly logs: readonly string[];
  readonly computeUnits: bigint;
  /** The accounts as the run left them, when asked for (empty otherwise, and after a failure). */
  readonly accounts: readonly EncodedAccount[];
  /** The CPIs of each top-level instruction, read from the runtime only when called (`simulateTransaction`'s `innerInstructions`). */
  readonly innerInstructions: () => InnerInstruction[][];
}

/**
 * The most one faucet grant gives — `POST /devnet/airdrop` and the JSON-RPC's
 * `requestAirdrop` alike: a million SOL, enough for any test, bounded for a typo.
 */
export const MAX_AIRDROP_LAMPORTS = 1_000_000n * 1_000_000_000n;

/** What `submit` returns: queued (or seen before), or refused at the door. */
export type SubmitResult =
  | { readonly accepted: true; readonly signature: Signature; readonly duplicate: boolean }
  | { readonly accepted: false; readonly error: ChainError };

/**
 * The native side of LiteSVM's wrapper, for account reads: the wrapper converts every
 * address to and from base58 on each read (a bigint each way, and a fresh codec), which
 * cost more than the read itself; here the conversions go through the remembered
 * {@link addressBytes}. Same answers, field for field (the wrapper's own shape).
 */
interface NativeAccounts {
  getAccount(pubkey: Uint8Array): {
    lamports(): bigint;
    data(): Uint8Array;
    owner(): Uint8Array;
    executable(): boolean;
  } | null;
  getBalance(pubkey: Uint8Array): bigint | null;
}

function nativeOf(svm: LiteSVM): NativeAccounts {
  const inner = (svm as unknown as { inner?: NativeAccounts }).inner;
  if (!inner || typeof inner.getAccount !== "function" || typeof inner.getBalance !== "function") {
    throw new Error("this litesvm has no native account reads where the devnet expects them (see NativeAccounts)");
  }
  return inner;
}

const UNSIGNED: ChainError = { kind: "transaction", name: "MissingSignatureForFee" };

/** The transaction's fee payer: its first signer (undefined for a message that names none). */
function feePayerOf(transaction: Transaction): Address | undefined {
  return Object.keys(transaction.signatures)[0] as Address | undefined;
}

/**
 * The runtime names a missing or empty fee payer without saying whose it is: the fee payer
 * is the first signer, so the error can name the account a client must fund.
 */
function withFeePayer(error: ChainError, transaction: Transaction): ChainError {
  if (error.kind !== "transaction" || !FEE_PAYER_ERRORS.has(error.name)) return error;
  const feePayer = feePayerOf(transaction);
  return feePayer === undefined ? error : { ...error, account: address(feePayer) };
}
const FEE_PAYER_ERRORS = new Set(["AccountNotFound", "InsufficientFundsForFee", "InvalidAccountForFee"]);

/**
 * The transaction's id (its fee payer's signature, in base58), or null when that slot is
 * empty: kit's getSignatureFromTransaction, written byte by byte instead of through a bigint.
 */
function signatureOf(transaction: Transaction): Signature | null {
  const [feePayer] = Object.values(transaction.signatures);
  return feePayer ? (bytesToBase58(feePayer) as Signature) : null;
}

export type TransactionStatus = "pending" | "confirmed" | "finalized" | "failed" | "expired" | "unknown";

export interface TransactionStatusReport {
  readonly signature: Signature;
  readonly status: TransactionStatus;
  readonly slot: bigint | null;
  readonly error: ChainError | null;
}

/**
 * A fault applied to one submitted transaction (a scenario's or a conformance check's way to
 * show a client what the real network does now and then): `drop` accepts it and never lands
 * it, `delay` lands it `slots` later, `refuse` answers the submission with `error`. With
 * `feePayer`, only a transaction that wallet pays for takes it (other traffic, such as the
 * world's bots, passes by).
 */
export type SubmissionFault = (
  { readonly kind: "drop" } | { readonly kind: "delay"; readonly slots: number } | { readonly kind: "refuse"; readonly error: ChainError }
) & { readonly feePayer?: Address };

interface QueuedTransaction {
  readonly transaction: Transaction;
  readonly signature: Signature;
  readonly landAtSlot: bigint;
}

type TransactionRecord =
  /** Waiting in the landing queue; past `lastValidBlockHeight` (null: its blockhash was already unknown) it can only expire. */
  | { readonly state: "queued"; readonly lastValidBlockHeight: bigint | null }
  /**
   * Taken and lost by a drop fault: the chain never saw it, but the service did, so it reports
   * `pending` until the blockhash's life ends and `expired` after, as a real service would see
   * a transaction the network lost. Sent again, it is queued like a new one (a rebroadcast).
   */
  | { readonly state: "dropped"; readonly lastValidBlockHeight: bigint | null }
  | { readonly state: "landed"; readonly transaction: LandedTransaction }
  | { readonly state: "refused"; readonly error: ChainError }
  | { readonly state: "expired" };

export interface DevnetSnapshot {
  readonly svm: Uint8Array;
  readonly clock: VirtualClockState;
  readonly seqInSlot: number;
  readonly records: ReadonlyMap<Signature, TransactionRecord>;
  readonly queue: readonly QueuedTransaction[];
}

export type LandedListener = (transaction: LandedTransaction) => void;
/**
 * Called with a transaction (and its decoded message) right before the VM runs it: the one
 * moment its accounts still hold their state from before it, which a transaction history
 * (the RPC's `getTransaction` pre-balances) must read. It may not land after all.
 */
export type ExecutingListener = (transaction: Transaction, signature: Signature, message: SupportedMessage) => void;

/**
 * An instruction a program invoked (a CPI) while one top-level instruction ran, as the
 * runtime recorded it: indices into the transaction's account keys, and the depth it ran at
 * (2 for a call made by a top-level instruction).
 */
export interface InnerInstruction {
  readonly programIdIndex: number;
  readonly accounts: Uint8Array;
  readonly data: Uint8Array;
  readonly stackHeight: number;
}

/** The inner instructions of each top-level instruction, by its index (empty where it invoked nothing). */
function innerInstructionsOf(meta: TransactionMetadata): InnerInstruction[][] {
  return meta.innerInstructions().map((inner) =>
    inner.map((entry) => {
      const instruction = entry.instruction();
      return {
        programIdIndex: instruction.programIdIndex(),
        accounts: instruction.accounts(),
        data: instruction.data(),
        stackHeight: entry.stackHeight(),
      };
    }),
  );
}

/**
 * A change to chain state, as a write-ahead log must record it to rebuild the chain: a
 * landed transaction with its wire form (a failed one too: it charged its fee payer), an
 * airdrop, a direct account write, or a restore (which replaces everything).
 */
export type DevnetWrite =
  | {
      readonly kind: "transaction";
      readonly landed: LandedTransaction;
      readonly transaction: Transaction;
      /** Read from the runtime only when called (the RPC's `innerInstructions`); nothing else pays for it. */
      readonly innerInstructions?: () => InnerInstruction[][];
    }
  | { readonly kind: "airdrop"; readonly slot: bigint; readonly address: Address; readonly lamports: bigint }
  | { readonly kind: "account"; readonly slot: bigint; readonly account: EncodedAccount }
  | { readonly kind: "restore"; readonly slot: bigint };
export type WriteListener = (write: DevnetWrite) => void;
/**
 * Called after time moved, once the due transactions have landed: `now` is the reading at
 * the end, `span` the slots that passed (`from` to `to`, both included). Empty stretches of
 * time pass in one call, so a listener that acts on a cadence checks the span (see
 * `spanCrosses`), never `now.slot` alone.
 */
export type SlotListener = (now: ClockReading, span: SlotSpan) => void;

/** Hears each transaction `submit` accepts (queued, or taken and then dropped by a fault): a node's "received". */
export type ReceivedListener = (signature: Signature) => void;

/**
 * An in-process Solana chain: LiteSVM running our launch, curve and pool programs, with
 * time owned by the simulator. Transactions either `send` (run now, in the current slot)
 * or `submit` (queue, land at the next slot boundary in arrival order). Expected failures
 * are returned values; only programmer mistakes throw.
 */
export class Devnet {
  #svm: LiteSVM;
  #native: NativeAccounts;
  readonly #clock: VirtualClock;
  readonly #programs: ReadonlyArray<{ address: Address; bytes: Uint8Array }>;
  #records = new Map<Signature, TransactionRecord>();
  /** How many of `#records` are landed: counted as they land, so a count costs no walk of the records. */
  #landedCount = 0;
  #queue: QueuedTransaction[] = [];
  #seqInSlot = 0;
  #mode: ClockMode = "manual";
  #timer: NodeJS.Timeout | null = null;
  /** Wall time (performance.now) the realtime clock has landed slots up to. */
  #clockedAt = 0;
  #landingDelaySlots: bigint;
  /** Armed faults, each for one submission, in order. */
  #faults: SubmissionFault[] = [];
  readonly #listeners = new Set<LandedListener>();
  readonly #writeListeners = new Set<WriteListener>();
  readonly #executingListeners = new Set<ExecutingListener>();
  #realtimeSlotMillis: number;
  readonly #slotListeners = new Set<SlotListener>();
  readonly #receivedListeners = new Set<ReceivedListener>();
  /**
   * Transactions whose signatures and account locks the VM itself verified in a `simulate`
   * that passed, as a preflight does, each with a copy of the wire bytes it verified. A landing
   * of the same object still carrying those very bytes skips the VM's signature check: a
   * validator verifies a transaction once, at its door, and Ed25519 verification is two thirds
   * of the VM's cost of simulating a transfer. An object whose signatures or message changed
   * since (its arrays are not frozen), and every other transaction, is verified as it lands.
   */
  readonly #verifiedByVm = new WeakMap<Transaction, Buffer>();
  #version = 0;
  readonly seed: string;

  private constructor(options: DevnetOptions) {
    this.seed = options.seed ?? "0";
    const slotMillis = options.slotMillis ?? DEFAULT_SLOT_MILLIS;
    if (!(slotMillis > 0)) throw new RangeError(`slotMillis must be positive, got ${slotMillis}`);
    this.#landingDelaySlots = BigInt(options.landingDelaySlots ?? 0);
    this.#realtimeSlotMillis = options.realtimeSlotMillis ?? slotMillis;
    if (!(this.#realtimeSlotMillis > 0)) throw new RangeError(`realtimeSlotMillis must be positive, got ${this.#realtimeSlotMillis}`);
    this.#clock = new VirtualClock({
      seed: this.seed,
      slot: 0n,
      genesisUnixTimestamp: options.genesisUnixTimestamp ?? DEFAULT_GENESIS_UNIX_TIMESTAMP,
      slotMillis,
    });
    const dir = options.programsDir ?? PROGRAMS_DIST_DIR;
    this.#programs = PROGRAM_BINARIES.map((program) => ({
      address: program.address,
      bytes: new Uint8Array(readFileSync(join(dir, program.file))),
    }));
    // Wrapped SOL's mint is an account like any other: the venues need it to exist.
    this.#svm = this.#configure(new LiteSVM()).withNativeMints();
    this.#native = nativeOf(this.#svm);
    for (const program of this.#programs) this.#svm.addProgram(program.address, program.bytes);
    this.#syncClockSysvar();
  }

  /** Starts a chain with our programs loaded at their fixed ids. */
  static start(options: DevnetOptions = {}): Devnet {
    const devnet = new Devnet(options);
    devnet.withClockMode(options.clockMode ?? "manual");
    return devnet;
  }

  // Our own blockhash check replaces LiteSVM's, which knows nothing of virtual time.
  #configure(svm: LiteSVM): LiteSVM {
    // Epochs as the Clock sysvar and getEpochInfo count them: full 432,000-slot epochs from genesis, no warm-up.
    svm.setEpochSchedule(new EpochSchedule(SLOTS_PER_EPOCH, SLOTS_PER_EPOCH, false, 0n, 0n));
    return svm.withBlockhashCheck(false).withSigverify(true);
  }

  // ---------------------------------------------------------------- configuration

  get clockMode(): ClockMode {
    return this.#mode;
  }

  /** Virtual milliseconds per slot. */
  get slotMillis(): number {
    return this.#clock.slotMillis;
  }

  /** `realtime` lands a slot every `realtimeSlotMillis` of wall time; the others stop that timer. */
  withClockMode(mode: ClockMode): this {
    this.#mode = mode;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    if (mode === "realtime") {
      this.#clockedAt = performance.now();
      this.#timer = setInterval(() => this.#tick(), this.#realtimeSlotMillis);
      this.#timer.unref();
    }
    return this;
  }

  /** Sets the wall milliseconds between slots in `realtime` mode (see {@link DevnetOptions.realtimeSlotMillis}). */
  withRealtimeSlotMillis(millis: number): this {
    if (!(millis > 0)) throw new RangeError(`realtimeSlotMillis must be positive, got ${millis}`);
    this.#realtimeSlotMillis = millis;
    return this.withClockMode(this.#mode);
  }

  withLandingDelay(slots: number): this {
    if (!Number.isInteger(slots) || slots < 0) throw new RangeError(`landing delay must be a whole number ≥ 0, got ${slots}`);
    this.#landingDelaySlots = BigInt(slots);
    return this;
  }

  /**
   * Arms `fault` for the next `times` submissions, after any fault already armed: each
   * submission (a duplicate excepted) takes the oldest armed fault meant for it (untargeted,
   * or naming its fee payer).
   */
  injectFault(fault: SubmissionFault, times = 1): this {
    if (!Number.isInteger(times) || times < 1) throw new RangeError(`a fault applies to a whole number ≥ 1 of submissions, got ${times}`);
    if (fault.kind === "delay" && !(Number.isInteger(fault.slots) && fault.slots >= 0)) {
      throw new RangeError(`a delay must be a whole number ≥ 0 of slots, got ${fault.slots}`);
    }
    for (let i = 0; i < times; i++) this.#faults.push(fault);
    return this;
  }

  /** Faults armed and not yet applied. */
  get armedFaults(): readonly SubmissionFault[] {
    return [...this.#faults];
  }

  clearFaults(): this {
    this.#faults = [];
    return this;
  }

  /** Stops the realtime timer; the chain stays readable. */
  close(): void {
    this.withClockMode("manual");
  }

  onLanded(listener: LandedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Runs `listener` for every change to chain state, synchronously and before any landed
   * listener hears of it: the place for a write-ahead log, which must hold a change before
   * anyone announces it.
   */
  onWrite(listener: WriteListener): () => void {
    this.#writeListeners.add(listener);
    return () => this.#writeListeners.delete(listener);
  }

  /**
   * Runs `listener` right before each transaction executes, while its accounts still hold
   * their state from before it (see {@link ExecutingListener}); it must not change the chain.
   */
  onExecuting(listener: ExecutingListener): () => void {
    this.#executingListeners.add(listener);
    return () => this.#executingListeners.delete(listener);
  }

  /** Runs `listener` for each new transaction `submit` accepts, before it can land. */
  onReceived(listener: ReceivedListener): () => void {
    this.#receivedListeners.add(listener);
    return () => this.#receivedListeners.delete(listener);
  }

  /** Runs `listener` at every slot boundary, after that slot's transactions landed. */
  onSlot(listener: SlotListener): () => void {
    this.#slotListeners.add(listener);
    return () => this.#slotListeners.delete(listener);
  }

  /**
   * A number that changes whenever chain state may have changed (every write a journal
   * sees: a landed transaction, an airdrop, an account write, a restore), so a reader can
   * keep what it derived from the accounts until the next change.
   */
  get version(): number {
    return this.#version;
  }

  // ---------------------------------------------------------------- time

  now(): ClockReading {
    return this.#clock.now();
  }

  /** The unix time in seconds of `slot` (any slot, past or to come). */
  unixTimestampAt(slot: bigint): bigint {
    return this.#clock.unixTimestampAt(slot);
  }

  latestBlockhash(): LatestBlockhash {
    return this.#clock.latestBlockhash();
  }

  /** The blockhash of the slot `age` slots back (0: the latest) and its last valid block height; null when expired or before genesis. */
  blockhashOfAge(age: bigint): LatestBlockhash | null {
    return this.#clock.blockhashOfAge(age);
  }

  /** The last block height `hash` is usable at, or null when it is not one of the last 150 blockhashes. */
  lastValidBlockHeightOf(hash: string): bigint | null {
    return this.#clock.lastValidBlockHeightOf(hash);
  }

  /**
   * Moves `slots` slots forward; queued transactions land at their slot. Costs O(1) in the
   * empty slots: the clock jumps to just before the next due landing (or to the end), and
   * slot listeners hear each jump once, with the span it covered. Listeners that submit
   * (bots sign asynchronously) add to the queue only after this call returns.
   */
  advanceSlots(slots: number | bigint): LandedTransaction[] {
    const count = BigInt(slots);
    if (count < 0n) throw new RangeError(`cannot advance by ${count} slots`);
    const target = this.#clock.now().slot + count;
    const landed: LandedTransaction[] = [];
    for (let slot = this.#clock.now().slot; slot < target; slot = this.#clock.now().slot) {
      const due = this.#nextDueSlot();
      // A landing slot is a stop of its own; the empty slots before it pass in one step.
      // A transaction due before this slot (a replay warped past it) lands in this one.
      const stop = due === null || due > target ? target : due > slot + 1n ? due - 1n : due < slot ? slot : due;
      this.#clock.advance(stop - slot);
      this.#seqInSlot = 0;
      this.#syncClockSysvar();
      landed.push(...this.#landDue());
      const span: SlotSpan = { from: slot + 1n, to: stop };
      for (const listener of this.#slotListeners) listener(this.#clock.now(), span);
    }
    return landed;
  }

  /**
   * The realtime slots due since the last tick: one when the timer is on time, more when a
   * busy event loop made it late (a timer runs late and never twice), so the chain keeps the
   * wall clock's pace instead of falling further behind with every late tick. A defect in a
   * slot listener (our own code: bots, sampling) must not end a server others use from
   * inside a timer, where nothing above could catch it: it is reported and the clock keeps going.
   */
  #tick(): void {
    // Rounded, so a timer a hair early is still this slot's and the error stays under half a slot.
    const due = Math.round((performance.now() - this.#clockedAt) / this.#realtimeSlotMillis);
    if (due < 1) return;
    this.#clockedAt += due * this.#realtimeSlotMillis;
    try {
      this.advanceSlots(due);
    } catch (error) {
      process.emitWarning(error instanceof Error ? error : String(error), { code: "BASKET_DEVNET_SLOT_FAILED" });
    }
  }

  advanceSeconds(seconds: number): LandedTransaction[] {
    return this.advanceSlots(this.#clock.slotsFor(seconds));
  }

  /**
   * Replay: moves the clock forward to `slot` without landing queued transactions or
   * calling slot listeners — a rebuilt chain only passes through time already lived.
   */
  warpToSlot(slot: bigint): void {
    const now = this.#clock.now().slot;
    if (slot < now) throw new RangeError(`cannot warp back from slot ${now} to ${slot}`);
    if (slot === now) return;
    this.#clock.advance(slot - now);
    this.#seqInSlot = 0;
    this.#syncClockSysvar();
  }

  // ---------------------------------------------------------------- transactions

  /** Runs `transaction` now, in the current slot. */
  send(transaction: Transaction): SendResult {
    const signature = signatureOf(transaction);
    if (signature === null) return { landed: false, signature, error: UNSIGNED };
    return this.#execute(transaction, signature);
  }

  /**
   * Runs `transaction` against the current state and keeps nothing: what a validator's
   * preflight and `simulateTransaction` do. The blockhash is not checked here (the caller
   * decides whether it matters); `sigVerify: false` skips signature checks for this run only.
   * `accounts: true` reads back the accounts as the run left them (a third of a transfer's
   * simulation cost; a preflight needs only the verdict).
   */
  simulate(transaction: Transaction, options: { readonly sigVerify?: boolean; readonly accounts?: boolean } = {}): SimulationResult {
    const sigVerify = options.sigVerify ?? true;
    let result: ReturnType<LiteSVM["simulateTransaction"]>;
    try {
      if (!sigVerify) this.#svm.withSigverify(false);
      result = this.#svm.simulateTransaction(transaction);
    } catch (error) {
      const reason = `the VM could not load it (${error instanceof Error ? error.message : String(error)})`;
      return { error: { kind: "malformed", reason }, logs: [], computeUnits: 0n, accounts: [], innerInstructions: () => [] };
    } finally {
      if (!sigVerify) this.#svm.withSigverify(true);
    }
    if (result instanceof FailedTransactionMetadata) {
      const meta = result.meta();
      return {
        error: withFeePayer(chainErrorOf(result), transaction),
        logs: meta.logs(),
        computeUnits: meta.computeUnitsConsumed(),
        accounts: [],
        innerInstructions: () => innerInstructionsOf(meta),
      };
    }
    const meta = result.meta();
    if (sigVerify) this.#verifiedByVm.set(transaction, Buffer.from(wireBytesOf(transaction)));
    return {
      error: null,
      logs: meta.logs(),
      computeUnits: meta.computeUnitsConsumed(),
      accounts: options.accounts === true ? result.postAccounts() : [],
      innerInstructions: () => innerInstructionsOf(meta),
    };
  }

  /**
   * Replay: runs `transaction` at the slot and position it landed at before (from a
   * write-ahead log), so it sees the same clock and lands under the same `slot:seq`.
   */
  executeAt(transaction: Transaction, at: { readonly slot: bigint; readonly seq: number }): SendResult {
    this.warpToSlot(at.slot);
    // Its landing, journaled: a copy queued again from the journal (accepted before a clean
    // stop) must not land a second time.
    const signature = signatureOf(transaction);
    this.#queue = this.#queue.filter((queued) => queued.signature !== signature);
    this.#seqInSlot = at.seq;
    return this.send(transaction);
  }

  /**
   * Replay: records `landed` as a transaction this chain holds although it did not run it
   * here (its effects came with a restored snapshot), so its status still answers. Returns
   * what the chain keeps of it (its remembered log), which folds into the same events.
   */
  recall(landed: LandedTransaction): LandedTransaction {
    return this.#remember(landed);
  }

  /**
   * Queues `transaction` to land at the next slot boundary (plus any landing delay). A
   * signature seen before is not queued again: a duplicate submission executes once.
   *
   * `landBefore`: transactions it was sent concurrently with. A leader orders a slot's
   * transactions as it likes, and the simulator takes the order that exposes a client
   * relying on arrival order: this one lands ahead of the earliest of them still queued.
   */
  submit(transaction: Transaction, { landBefore = [] }: { landBefore?: readonly Signature[] } = {}): SubmitResult {
    const signature = signatureOf(transaction);
    if (signature === null) return { accepted: false, error: UNSIGNED };
    const check = checkTransaction(transaction);
    if (!check.ok) return { accepted: false, error: { kind: "malformed", reason: check.reason } };
    const seen = this.#records.get(signature);
    if (seen !== undefined && seen.state !== "dropped") return { accepted: true, signature, duplicate: true };
    const payer = feePayerOf(transaction);
    const armed = this.#faults.findIndex((candidate) => candidate.feePayer === undefined || candidate.feePayer === payer);
    const fault = armed < 0 ? undefined : this.#faults.splice(armed, 1)[0];
    if (fault?.kind === "refuse") return { accepted: false, error: fault.error };
    for (const listener of this.#receivedListeners) listener(signature);
    const lastValidBlockHeight = this.#clock.lastValidBlockHeightOf(check.message.lifetimeToken);
    if (fault?.kind === "drop") {
      this.#records.set(signature, { state: "dropped", lastValidBlockHeight });
      return { accepted: true, signature, duplicate: false };
    }
    const delay = this.#landingDelaySlots + BigInt(fault?.kind === "delay" ? fault.slots : 0);
    this.#records.set(signature, { state: "queued", lastValidBlockHeight });
    const queued = { transaction, signature, landAtSlot: this.#clock.now().slot + 1n + delay };
    const ahead = landBefore.length === 0 ? -1 : this.#queue.findIndex((other) => landBefore.includes(other.signature));
    if (ahead < 0) this.#queue.push(queued);
    else this.#queue.splice(ahead, 0, queued);
    if (this.#mode === "per-transaction") this.advanceSlots(1n + delay);
    return { accepted: true, signature, duplicate: false };
  }

  /**
   * Where `signature` stands. With `lastValidBlockHeight`, a transaction the chain never
   * saw reports `expired` once the block height has passed it (as a client polling the
   * real service would see it), `unknown` before. A queued transaction (a landing delay), or
   * one a drop fault lost, reports `pending` while its blockhash lives and `expired` after,
   * with or without `lastValidBlockHeight`: the submission told the service its blockhash.
   */
  getTransactionStatus(signature: Signature, lastValidBlockHeight?: bigint): TransactionStatusReport {
    const record = this.#records.get(signature);
    const now = this.#clock.now();
    const report = (status: TransactionStatus, slot: bigint | null = null, error: ChainError | null = null) => ({
      signature,
      status,
      slot,
      error,
    });
    if (record === undefined) {
      const expired = lastValidBlockHeight !== undefined && now.blockHeight > lastValidBlockHeight;
      return report(expired ? "expired" : "unknown");
    }
    switch (record.state) {
      case "queued":
      case "dropped":
        return record.lastValidBlockHeight === null || now.blockHeight > record.lastValidBlockHeight
          ? report("expired")
          : report("pending");
      case "expired":
        return report("expired");
      case "refused":
        return report("failed", null, record.error);
      case "landed": {
        const { transaction } = record;
        if (!transaction.ok) return report("failed", transaction.slot, transaction.error);
        const final = now.slot >= transaction.slot + FINALITY_SLOTS;
        return report(final ? "finalized" : "confirmed", transaction.slot);
      }
    }
  }

  /** The transactions accepted and not landed yet, with their signatures, in the order they will land. */
  get queued(): readonly { readonly signature: Signature; readonly transaction: Transaction }[] {
    return this.#queue.map(({ signature, transaction }) => ({ signature, transaction }));
  }

  /** How many landed transactions the chain remembers (`landedTransactions().length`, without building the list). */
  get landedCount(): number {
    return this.#landedCount;
  }

  /**
   * Every landed transaction the chain remembers, in landing order (slot, then seq). Their
   * `logs` are what the chain keeps of them (see {@link rememberedLog}): the lines that say
   * which program ran and what it emitted; `send`, `advanceSlots` and the listeners get whole logs.
   */
  landedTransactions(): LandedTransaction[] {
    const landed: LandedTransaction[] = [];
    for (const record of this.#records.values()) if (record.state === "landed") landed.push(record.transaction);
    return landed.sort((a, b) => (a.slot === b.slot ? a.seq - b.seq : a.slot < b.slot ? -1 : 1));
  }

  // ---------------------------------------------------------------- accounts

  getAccount(address: Address): EncodedAccount | null {
    const account = this.#native.getAccount(addressBytes(address));
    if (account === null) return null;
    const data = account.data();
    // The shape LiteSVM's own getAccount returns (`exists` included), so callers see no difference.
    return {
      exists: true,
      address,
      executable: account.executable(),
      lamports: lamports(account.lamports()),
      programAddress: addressFromBytes(account.owner()),
      space: BigInt(data.length),
      data,
    } as EncodedAccount;
  }

  /** Every account `owner` owns, sorted by address (so two chains compare equal). */
  getProgramAccounts(owner: Address): EncodedAccount[] {
    return this.#svm.getProgramAccounts(owner).sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  }

  getBalance(address: Address): bigint {
    return this.#native.getBalance(addressBytes(address)) ?? 0n;
  }

  /**
   * Adds lamports to `address` directly, outside any transaction: the faucet's power, with
   * no airdrop pool to run dry. A missing account becomes a plain system account. Checked
   * before it is announced: a balance past u64 is refused (`DEVNET_REFUSED`) and nothing is
   * journaled, so a write-ahead log never holds a change the chain cannot apply. Returns the
   * new balance.
   */
  airdrop(address: Address, amount: bigint): Result<bigint> {
    if (amount < 0n) throw new RangeError(`cannot airdrop a negative amount (${amount})`);
    const existing = this.getAccount(address);
    const balance = (existing?.lamports ?? 0n) + amount;
    if (balance > U64_MAX) {
      return fail("DEVNET_REFUSED", {
        reason: `${address} holds ${existing?.lamports ?? 0n} lamports; ${amount} more would pass the u64 maximum ${U64_MAX}`,
      });
    }
    this.#announce({ kind: "airdrop", slot: this.#clock.now().slot, address, lamports: amount });
    this.#svm.setAccount({
      address,
      programAddress: existing?.programAddress ?? SYSTEM_PROGRAM,
      data: existing?.data ?? new Uint8Array(0),
      executable: existing?.executable ?? false,
      lamports: lamports(balance),
      space: existing?.space ?? 0n,
    });
    return succeed(balance);
  }

  /** Writes an account directly: genesis only (mints and pools are created by transactions). */
  setAccount(account: EncodedAccount): void {
    this.#announce({ kind: "account", slot: this.#clock.now().slot, account });
    this.#svm.setAccount(account);
  }

  minimumBalanceForRentExemption(bytes: number): bigint {
    return this.#svm.minimumBalanceForRentExemption(BigInt(bytes));
  }

  // ---------------------------------------------------------------- snapshots

  snapshot(): DevnetSnapshot {
    return {
      svm: this.#svm.toBytes(),
      clock: this.#clock.state(),
      seqInSlot: this.#seqInSlot,
      records: new Map(this.#records),
      queue: [...this.#queue],
    };
  }

  /** Returns the chain to `snapshot`, time included. */
  restore(snapshot: DevnetSnapshot): void {
    this.#svm = this.#configure(LiteSVM.fromBytes(snapshot.svm));
    this.#native = nativeOf(this.#svm);
    this.#clock.reset(snapshot.clock);
    this.#seqInSlot = snapshot.seqInSlot;
    this.#records = new Map(snapshot.records);
    this.#landedCount = 0;
    for (const record of this.#records.values()) if (record.state === "landed") this.#landedCount += 1;
    this.#queue = [...snapshot.queue];
    this.#syncClockSysvar();
    this.#announce({ kind: "restore", slot: this.#clock.now().slot });
  }

  // ---------------------------------------------------------------- internals

  /** The earliest slot a queued transaction lands at, or null when nothing is queued. */
  #nextDueSlot(): bigint | null {
    let due: bigint | null = null;
    for (const queued of this.#queue) if (due === null || queued.landAtSlot < due) due = queued.landAtSlot;
    return due;
  }

  #landDue(): LandedTransaction[] {
    const slot = this.#clock.now().slot;
    const due = this.#queue.filter((queued) => queued.landAtSlot <= slot);
    if (due.length === 0) return [];
    this.#queue = this.#queue.filter((queued) => queued.landAtSlot > slot);
    const landed: LandedTransaction[] = [];
    for (const queued of due) {
      const result = this.#execute(queued.transaction, queued.signature);
      if (result.landed) landed.push(result.transaction);
    }
    return landed;
  }

  #execute(transaction: Transaction, signature: Signature): SendResult {
    const previous = this.#records.get(signature);
    if (previous && previous.state !== "queued") {
      return { landed: false, signature, error: { kind: "transaction", name: "AlreadyProcessed" } };
    }
    // The bytes come from a client: a message that does not decode whole, or that breaks
    // the network's limits, fails alone instead of taking the landing loop down with it.
    const check = checkTransaction(transaction);
    if (!check.ok) return this.#refuse(signature, { kind: "malformed", reason: check.reason });
    const lastValid = this.#clock.lastValidBlockHeightOf(check.message.lifetimeToken);
    if (lastValid === null || this.#clock.now().blockHeight > lastValid) {
      // Queued past its blockhash's life: exactly what a client sees as `expired`.
      this.#records.set(signature, previous ? { state: "expired" } : { state: "refused", error: { kind: "blockhashNotFound" } });
      return { landed: false, signature, error: { kind: "blockhashNotFound" } };
    }
    for (const listener of this.#executingListeners) listener(transaction, signature, check.message);
    // The fee payer's balance before: a failure that still took its fee landed (see below).
    const feePayer = feePayerOf(transaction);
    const balanceBefore = feePayer === undefined ? 0n : this.getBalance(feePayer);
    let result: ReturnType<LiteSVM["sendTransaction"]>;
    // The VM's own duplicate check goes with its signature check; `#records` answers AlreadyProcessed above either way.
    const verified = this.#verifiedByVm.get(transaction)?.equals(wireBytesOf(transaction)) === true;
    try {
      if (verified) this.#svm.withSigverify(false);
      result = this.#svm.sendTransaction(transaction);
    } catch (error) {
      return this.#refuse(signature, {
        kind: "malformed",
        reason: `the VM could not load it (${error instanceof Error ? error.message : String(error)})`,
      });
    } finally {
      if (verified) this.#svm.withSigverify(true);
    }
    const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
    const error = result instanceof FailedTransactionMetadata ? withFeePayer(chainErrorOf(result), transaction) : null;
    // Refused before execution (signature, fee payer, duplicate…): nothing landed. A runtime
    // error raised after the instructions ran (InsufficientFundsForRent…) still charges the
    // fee, as a validator does: that transaction landed, failed, and its fee is journaled with it.
    const feeCharged = feePayer !== undefined && this.getBalance(feePayer) < balanceBefore;
    if (error && error.kind !== "instruction" && !feeCharged) return this.#refuse(signature, error);
    const now = this.#clock.now();
    const landed: LandedTransaction = {
      signature,
      slot: now.slot,
      seq: this.#seqInSlot++,
      unixTimestamp: now.unixTimestamp,
      ok: error === null,
      error,
      logs: meta.logs(),
      computeUnits: meta.computeUnitsConsumed(),
    };
    this.#remember(landed);
    this.#announce({ kind: "transaction", landed, transaction, innerInstructions: () => innerInstructionsOf(meta) });
    for (const listener of this.#listeners) listener(landed);
    return { landed: true, transaction: landed };
  }

  /** Records `landed` as landed, keeping of its log what {@link rememberedLog} keeps; returns the record's transaction. */
  #remember(landed: LandedTransaction): LandedTransaction {
    const remembered = { ...landed, logs: rememberedLog(landed.logs) };
    if (this.#records.get(landed.signature)?.state !== "landed") this.#landedCount += 1;
    this.#records.set(landed.signature, { state: "landed", transaction: remembered });
    return remembered;
  }

  #refuse(signature: Signature, error: ChainError): SendResult {
    this.#records.set(signature, { state: "refused", error });
    return { landed: false, signature, error };
  }

  #announce(write: DevnetWrite): void {
    this.#version++;
    for (const listener of this.#writeListeners) listener(write);
  }

  #syncClockSysvar(): void {
    const now = this.#clock.now();
    // As a validator's: when the current epoch began, and the next epoch's leader schedule already known.
    const { epoch, startUnixTimestamp } = this.#clock.epoch();
    this.#svm.setClock(new Clock(now.slot, startUnixTimestamp, epoch, epoch + 1n, now.unixTimestamp));
  }
}
