import { createHash } from "node:crypto";
import type { Blockhash } from "@solana/kit";
import { bytesToBase58 } from "../wire/base58-bytes.ts";

/** How many slots a blockhash stays usable, as on Solana (MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY_SLOTS = 150n;
/** Mainnet's epoch length: the Clock sysvar and `getEpochInfo` count epochs by it; nothing in the devnet happens per epoch. */
export const SLOTS_PER_EPOCH = 432_000n;
/** Slots after landing at which a transaction counts as finalized (Solana's 32-vote lockout). */
export const FINALITY_SLOTS = 32n;
/** 2026-01-01T00:00:00Z: a fixed genesis time keeps seeded runs identical. */
export const DEFAULT_GENESIS_UNIX_TIMESTAMP = 1_767_225_600n;

export { CLOCK_MODES, type ClockMode, DEFAULT_SLOT_MILLIS } from "./clock-modes.ts";

export interface ClockReading {
  readonly slot: bigint;
  readonly blockHeight: bigint;
  /** Whole seconds, as the Clock sysvar carries them. */
  readonly unixTimestamp: bigint;
  readonly unixMillis: bigint;
}

export interface LatestBlockhash {
  readonly blockhash: Blockhash;
  readonly lastValidBlockHeight: bigint;
}

export interface VirtualClockState {
  readonly seed: string;
  readonly slot: bigint;
  readonly genesisUnixTimestamp: bigint;
  readonly slotMillis: number;
}

/**
 * The simulator's own time: slot, block height (equal to the slot — this chain skips no
 * slots), unix time derived from the slot, and one blockhash per slot derived from the
 * seed, so the same seed always produces the same blockhashes. Nothing here reads the
 * wall clock; `realtime` mode is a timer in the Devnet that calls `advance`.
 */
export class VirtualClock {
  readonly #seed: string;
  #genesisUnixTimestamp: bigint;
  #slotMillis: number;
  #slot: bigint;
  /**
   * Blockhashes of the last 151 slots (the current one included), by hash, filled lazily
   * up to `#filledTo`: a jump over many slots (the world's simulated past) then costs no
   * hashing until a transaction names an older blockhash than the latest.
   */
  readonly #recent = new Map<string, bigint>();
  #filledTo = -1n;
  #latest: { slot: bigint; hash: Blockhash } | null = null;

  constructor(state: VirtualClockState) {
    this.#seed = state.seed;
    this.#slot = state.slot;
    this.#genesisUnixTimestamp = state.genesisUnixTimestamp;
    this.#slotMillis = state.slotMillis;
  }

  /** The epoch of the current slot, and the unix time in seconds its first slot began at. */
  epoch(): { readonly epoch: bigint; readonly startUnixTimestamp: bigint } {
    const epoch = this.#slot / SLOTS_PER_EPOCH;
    return { epoch, startUnixTimestamp: this.unixTimestampAt(epoch * SLOTS_PER_EPOCH) };
  }

  get slotMillis(): number {
    return this.#slotMillis;
  }

  /** The unix time in seconds of `slot`'s start, as the Clock sysvar said it then. */
  unixTimestampAt(slot: bigint): bigint {
    return this.#unixMillisAt(slot) / 1000n;
  }

  #unixMillisAt(slot: bigint): bigint {
    return this.#genesisUnixTimestamp * 1000n + slot * BigInt(this.#slotMillis);
  }

  now(): ClockReading {
    const unixMillis = this.#unixMillisAt(this.#slot);
    return {
      slot: this.#slot,
      blockHeight: this.#slot,
      unixTimestamp: unixMillis / 1000n,
      unixMillis,
    };
  }

  /** Moves time forward by `slots` (≥ 0) and returns the new reading. */
  advance(slots: bigint): ClockReading {
    if (slots < 0n) throw new RangeError(`cannot move the clock backwards (${slots} slots)`);
    this.#slot += slots;
    const oldest = this.#oldestValidSlot();
    for (const [hash, slot] of this.#recent) if (slot < oldest) this.#recent.delete(hash);
    return this.now();
  }

  /** Slots that cover `seconds` of virtual time, rounded up. */
  slotsFor(seconds: number): bigint {
    return BigInt(Math.ceil((seconds * 1000) / this.#slotMillis));
  }

  /** The blockhash produced at `slot` (deterministic: sha256 of seed and slot). */
  blockhashAt(slot: bigint): Blockhash {
    const digest = createHash("sha256").update(`basket-devnet:blockhash:${this.#seed}:${slot}`).digest();
    // Byte-wise base58 (the same text as kit's decoder, tested in src/wire): kit's goes through
    // a bigint, and every landing asks for the hashes of the slots since the last one. 32
    // bytes by construction, so kit's blockhash() check (another bigint) has nothing to find.
    return bytesToBase58(digest) as Blockhash;
  }

  latestBlockhash(): LatestBlockhash {
    return {
      blockhash: this.#latestHash(),
      lastValidBlockHeight: this.#slot + BLOCKHASH_VALIDITY_SLOTS,
    };
  }

  /**
   * The blockhash of the slot `age` slots before this one (0: the latest), with the last
   * block height it may land at; null when that slot is before genesis or its hash has
   * already expired.
   */
  blockhashOfAge(age: bigint): LatestBlockhash | null {
    if (age === 0n) return this.latestBlockhash();
    const slot = this.#slot - age;
    if (age < 0n || slot < 0n || age >= BLOCKHASH_VALIDITY_SLOTS) return null;
    return { blockhash: this.blockhashAt(slot), lastValidBlockHeight: slot + BLOCKHASH_VALIDITY_SLOTS };
  }

  /**
   * The last block height at which a transaction carrying `hash` may land, or null when
   * the hash is not one of the last 150 blockhashes (unknown, or already expired).
   */
  lastValidBlockHeightOf(hash: string): bigint | null {
    if (hash === this.#latestHash()) return this.#slot + BLOCKHASH_VALIDITY_SLOTS;
    const oldest = this.#oldestValidSlot();
    const from = this.#filledTo + 1n > oldest ? this.#filledTo + 1n : oldest;
    for (let slot = from; slot <= this.#slot; slot++) this.#recent.set(this.blockhashAt(slot), slot);
    this.#filledTo = this.#slot;
    const slot = this.#recent.get(hash);
    return slot === undefined || slot < oldest ? null : slot + BLOCKHASH_VALIDITY_SLOTS;
  }

  #latestHash(): Blockhash {
    if (this.#latest?.slot !== this.#slot) this.#latest = { slot: this.#slot, hash: this.blockhashAt(this.#slot) };
    return this.#latest.hash;
  }

  #oldestValidSlot(): bigint {
    return this.#slot > BLOCKHASH_VALIDITY_SLOTS ? this.#slot - BLOCKHASH_VALIDITY_SLOTS : 0n;
  }

  /** Jumps to a saved state (snapshot restore); the blockhash window is rebuilt. */
  reset(state: VirtualClockState): void {
    if (state.seed !== this.#seed) throw new Error("a snapshot of another seed's chain cannot be restored here");
    this.#slot = state.slot;
    this.#genesisUnixTimestamp = state.genesisUnixTimestamp;
    this.#slotMillis = state.slotMillis;
    this.#recent.clear();
    this.#filledTo = -1n;
  }

  state(): VirtualClockState {
    return {
      seed: this.#seed,
      slot: this.#slot,
      genesisUnixTimestamp: this.#genesisUnixTimestamp,
      slotMillis: this.#slotMillis,
    };
  }
}
