/**
 * Exact trade transactions for the read-API benchmark, made without running them: each is a
 * buy or a sell the curve program would settle from the launch's current curve state
 * (predicted by the economics, which the tests hold equal to the program), encoded as the
 * program's trade event inside logs shaped like a real trade's. Running a million trades
 * through LiteSVM would take the whole time budget; the indexer reads logs, not accounts,
 * so it cannot tell the difference.
 */
import { type Address, type ReadonlyUint8Array, type Signature, getAddressDecoder, getAddressEncoder } from "@solana/kit";
import type { LandedTransaction } from "../src/chain/devnet.ts";
import { type CurveState, U64_MAX, buyExactOut, sell } from "../src/economics/index.ts";
import { tradeEventOf } from "../src/economics/trade-event-of.ts";
import { CURVE_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS, type TradeEvent, getTradeEventEncoder } from "../src/programs/index.ts";
import type { BenchLaunch } from "./read-api-world.ts";

export interface SynthesisPlan {
  readonly launches: readonly BenchLaunch[];
  /** How many trades in all. */
  readonly trades: number;
  /** The trades land evenly over these slots (both included), a few per slot. */
  readonly firstSlot: bigint;
  readonly lastSlot: bigint;
  /** Unix milliseconds of `firstSlot` and the slot length: block time as the devnet derives it. */
  readonly firstSlotUnixMillis: bigint;
  readonly slotMillis: number;
  /** Distinct trader wallets. */
  readonly traders: number;
  readonly seed: number;
}

/** A small seeded generator (mulberry32): the same trades on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface LaunchCursor {
  readonly address: Address;
  /** The launch's trade event as getTradeEventEncoder writes it, numbers zero. */
  readonly template: Uint8Array;
  curve: CurveState;
  trades: number;
  lastBuyer: number;
  lastBought: bigint;
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** Where getTradeEventEncoder writes each field (the tag byte is at 0, the launch at 1). */
const TRADER_OFFSET = 33;
const DIRECTION_OFFSET = 65;
/** primaryAmount … tradeCount (u64) and unixTimestamp (i64), 8 bytes each. */
const NUMBERS_OFFSET = 66;
/** After the u8 component count: (amount, fee) u64 pairs. */
const COMPONENTS_OFFSET = 147;
const VERIFY_EVERY = 997;

const TOKEN_TRANSFER = [
  `Program ${TOKEN_PROGRAM_ADDRESS} invoke [2]`,
  `Program ${TOKEN_PROGRAM_ADDRESS} consumed 76 of 381586 compute units`,
  `Program ${TOKEN_PROGRAM_ADDRESS} success`,
];

/**
 * Trades in landing order, `next(n)` at a time, so a caller never holds them all. Launches
 * are picked by a Zipf law (weight 1/rank, ranks shuffled over the launches): a few hot
 * launches and a long tail, as trading is. Per launch, buys of 1–10,000 tokens alternate
 * with the last buyer selling 50–100% of what it bought, so the price wanders upward
 * slowly and no curve comes near completion.
 */
export class TradeSynthesizer {
  readonly #plan: SynthesisPlan;
  readonly #cursors: LaunchCursor[];
  readonly #cumulative: Float64Array;
  readonly #traders: Address[];
  readonly #traderBytes: readonly ReadonlyUint8Array[];
  readonly #random: () => number;
  readonly #encoder = getTradeEventEncoder();
  #made = 0;
  #planned: number;
  #slot = -1n;
  #seq = 0;

  constructor(plan: SynthesisPlan) {
    this.#plan = plan;
    this.#planned = plan.trades;
    this.#random = random(plan.seed);
    const addresses = getAddressDecoder();
    this.#traders = Array.from({ length: plan.traders }, () => addresses.decode(this.#bytes(32)));
    const addressBytes = getAddressEncoder();
    this.#traderBytes = this.#traders.map((trader) => addressBytes.encode(trader));
    this.#cursors = plan.launches.map((launch) => ({
      address: launch.address,
      template: this.#template(launch),
      curve: launch.curve,
      trades: 0,
      lastBuyer: -1,
      lastBought: 0n,
    }));
    const count = plan.launches.length;
    // Rank of launch i: a fixed permutation, so the hottest launch is not simply the first.
    const stride = [7919, 104729, 1299709].find((prime) => count % prime !== 0)!;
    this.#cumulative = new Float64Array(count);
    let total = 0;
    for (let i = 0; i < count; i++) {
      total += 1 / (1 + ((i * stride + Math.floor(count / 3)) % count));
      this.#cumulative[i] = total;
    }
  }

  #template(launch: BenchLaunch): Uint8Array {
    const zeros = launch.curve.components.map(() => 0n);
    return new Uint8Array(
      this.#encoder.encode({
        kind: "trade",
        launch: launch.address,
        trader: this.#traders[0]!,
        direction: "buy",
        primaryAmount: 0n,
        dnaAmount: 0n,
        feeDna: 0n,
        creatorFeeDna: 0n,
        virtualPrimary: 0n,
        virtualDna: 0n,
        inventoryRemaining: 0n,
        realDna: 0n,
        tradeCount: 0n,
        unixTimestamp: 0n,
        componentAmounts: zeros,
        componentFees: zeros,
      }),
    );
  }

  /** Trades made so far. */
  get made(): number {
    return this.#made;
  }

  /** Trades in the plan: its `trades`, unless `limitTo` cut it. */
  get planned(): number {
    return this.#planned;
  }

  /**
   * Ends the plan at `total` trades (never fewer than are made): the trades still to come
   * spread over the plan's remaining slots, so the last hours keep their share of trades.
   */
  limitTo(total: number): this {
    this.#planned = Math.max(this.#made, Math.min(this.#planned, Math.floor(total)));
    return this;
  }

  /** How many trades launch `index` has been given so far. */
  tradesOf(index: number): number {
    return this.#cursors[index]!.trades;
  }

  /** The next `count` trades (fewer at the end of the plan), as landed transactions. */
  next(count: number): LandedTransaction[] {
    const { firstSlot, lastSlot, firstSlotUnixMillis, slotMillis } = this.#plan;
    const span = Number(lastSlot - firstSlot + 1n);
    const batch: LandedTransaction[] = [];
    for (; batch.length < count && this.#made < this.#planned; this.#made++) {
      // Never behind the slot of the previous trade, even after limitTo moved the pace.
      const even = firstSlot + BigInt(Math.floor((this.#made * span) / this.#planned));
      const slot = even > this.#slot ? even : this.#slot;
      if (slot !== this.#slot) {
        this.#slot = slot;
        this.#seq = 0;
      }
      const unixTimestamp = (firstSlotUnixMillis + (slot - firstSlot) * BigInt(slotMillis)) / 1000n;
      const cursor = this.#cursors[this.#pickLaunch()]!;
      batch.push({
        signature: this.#signature(),
        slot,
        seq: this.#seq++,
        unixTimestamp,
        ok: true,
        error: null,
        logs: this.#trade(cursor, unixTimestamp),
        computeUnits: 7_190n,
      });
    }
    return batch;
  }

  /** Settles one trade on `cursor`'s curve and returns the logs the program would print. */
  #trade(cursor: LaunchCursor, unixTimestamp: bigint): string[] {
    const selling = cursor.trades % 2 === 1 && cursor.lastBought > 1n;
    let trader: number;
    let result;
    if (selling) {
      trader = cursor.lastBuyer;
      const share = 50n + BigInt(Math.floor(this.#random() * 51));
      result = sell(cursor.curve, (cursor.lastBought * share) / 100n, 0n, null);
    } else {
      trader = Math.floor(this.#random() * this.#traders.length);
      const amount = 1_000_000n * BigInt(1 + Math.floor(this.#random() * 10_000));
      result = buyExactOut(cursor.curve, amount, U64_MAX, null);
      cursor.lastBuyer = trader;
      cursor.lastBought = amount;
    }
    if (!result.ok) throw new Error(`synthesized ${selling ? "sell" : "buy"} refused with ${result.error} on ${cursor.address}`);
    cursor.curve = result.next;
    cursor.trades += 1;
    const event = tradeEventOf(cursor.address, this.#traders[trader]!, result, unixTimestamp);
    const data = this.#encode(cursor, trader, event);
    // As curve.c logs a trade: one token transfer per component plus the launch token's.
    const logs = [`Program ${CURVE_PROGRAM_ADDRESS} invoke [1]`];
    for (let i = 0; i <= result.next.components.length; i++) logs.push(...TOKEN_TRANSFER);
    logs.push(
      `Program data: ${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64")}`,
      `Program ${CURVE_PROGRAM_ADDRESS} consumed 7190 of 200000 compute units`,
      `Program ${CURVE_PROGRAM_ADDRESS} success`,
    );
    return logs;
  }

  /**
   * The event's bytes: the launch's template (made by getTradeEventEncoder) with the trader
   * and the numbers written in place. The kit encoder costs ~100 µs a trade here (base58 of
   * two addresses, generic struct walking), which would not fit a million trades in the
   * time budget; every VERIFY_EVERY-th trade is encoded by it too and must match exactly.
   */
  #encode(cursor: LaunchCursor, trader: number, event: TradeEvent): Uint8Array {
    const bytes = cursor.template.slice();
    const view = new DataView(bytes.buffer);
    bytes.set(this.#traderBytes[trader]!, TRADER_OFFSET);
    bytes[DIRECTION_OFFSET] = event.direction === "buy" ? 0 : 1;
    const numbers = [
      event.primaryAmount,
      event.dnaAmount,
      event.feeDna,
      event.creatorFeeDna,
      event.virtualPrimary,
      event.virtualDna,
      event.inventoryRemaining,
      event.realDna,
      event.tradeCount,
    ];
    for (const [i, value] of numbers.entries()) view.setBigUint64(NUMBERS_OFFSET + 8 * i, value, true);
    view.setBigInt64(NUMBERS_OFFSET + 8 * numbers.length, event.unixTimestamp, true);
    for (const [i, amount] of event.componentAmounts.entries()) {
      view.setBigUint64(COMPONENTS_OFFSET + 16 * i, amount, true);
      view.setBigUint64(COMPONENTS_OFFSET + 16 * i + 8, event.componentFees[i]!, true);
    }
    if (this.#made % VERIFY_EVERY === 0) {
      const expected = this.#encoder.encode(event);
      if (Buffer.compare(Buffer.from(expected), Buffer.from(bytes)) !== 0) {
        throw new Error(`trade ${this.#made}: the in-place encoding differs from getTradeEventEncoder's`);
      }
    }
    return bytes;
  }

  #pickLaunch(): number {
    const cumulative = this.#cumulative;
    const target = this.#random() * cumulative[cumulative.length - 1]!;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * 83 random base58 digits, then the trade's number in 4 digits: unique by construction,
   * and any 87-digit base58 number fits the 64 bytes of a signature (58^87 < 2^512).
   */
  #signature(): Signature {
    let text = "";
    for (let i = 0; i < 83; i++) text += BASE58[Math.floor(this.#random() * 58)];
    for (let n = this.#made, i = 0; i < 4; i++, n = Math.floor(n / 58)) text += BASE58[n % 58];
    return text as Signature;
  }

  #bytes(length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = Math.floor(this.#random() * 256);
    return bytes;
  }
}
