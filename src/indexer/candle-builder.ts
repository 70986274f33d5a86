import { initialPriceE12, lamportsToUsd, tradePriceE12 } from "./launch-figures.ts";
import type { LaunchState } from "./launch-state.ts";
import type { Candle } from "./records/index.ts";
import type { TradeTape } from "./trade-tape.ts";

/**
 * The launch's candles of `bucket` seconds, oldest first: the last `limit` buckets ending
 * with the one holding `nowUnix`, but none before the bucket of the launch's creation.
 * Buckets are aligned to multiples of `bucket` in unix time. Each candle opens at the
 * previous close (the first at the close before the window, or the initial curve price);
 * an empty bucket carries that price with n = 0 and v = 0. Computed from scratch: one binary
 * search for the window's first trade, then one pass over the trades inside it.
 */
export function buildCandles(
  launch: LaunchState,
  options: { bucket: number; limit: number },
  nowUnix: bigint,
  solUsd: number,
): readonly Candle[] {
  return new CandleSeries(options, solUsd).update(launch, nowUnix).candles;
}

/** The candles of a series and each one's JSON, index for index. */
export interface CandleAnswer {
  readonly candles: readonly Candle[];
  readonly json: readonly string[];
}

/** A candle being filled: exact integers until it is rendered. */
interface OpenCandle {
  readonly t: number;
  readonly open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  lamports: bigint;
  n: number;
}

/**
 * One launch's candles for one bucket width and limit (what `buildCandles` gives), kept
 * between reads and extended rather than rebuilt: a landed trade is folded into the open
 * candle (the one holding now), time passing appends candles carrying the close and drops
 * the oldest, and only the candles that changed are rendered and serialized again. Every
 * closed candle depends on trades it already holds (the tape only grows, in time order),
 * so extending gives exactly what a rebuild gives; where that cannot be shown — a trade
 * timed before the open candle, time going back, a jump past the whole window, another
 * launch — the series is built from scratch instead.
 */
export class CandleSeries {
  readonly bucket: number;
  readonly limit: number;
  readonly #solUsd: number;
  #launch: LaunchState | null = null;
  #candles: Candle[] = [];
  #json: string[] = [];
  /** The last candle, at `#nowBucket`, still open to trades. */
  #open: OpenCandle | null = null;
  #nowBucket = 0;
  /** Trades of the tape folded so far: the next one to fold is at this index. */
  #folded = 0;
  /** How the series was brought up to date so far (tests check which path ran). */
  builds = 0;
  extensions = 0;

  constructor(options: { bucket: number; limit: number }, solUsd: number) {
    this.bucket = Math.max(1, Math.floor(options.bucket));
    this.limit = Math.max(1, Math.floor(options.limit));
    this.#solUsd = solUsd;
  }

  /** The candles up to the bucket holding `nowUnix`: extended when that is exact, else built. */
  update(launch: LaunchState, nowUnix: bigint): CandleAnswer {
    const { bucket, limit } = this;
    const nowBucket = Math.floor(Number(nowUnix) / bucket) * bucket;
    const tape = launch.tape;
    const open = this.#open;
    const extendable =
      open !== null &&
      this.#launch === launch &&
      nowBucket >= this.#nowBucket &&
      (nowBucket - this.#nowBucket) / bucket < limit &&
      this.#folded <= tape.length &&
      // The next trade to fold must fall in the open candle or later: an earlier one would change closed candles.
      (this.#folded === tape.length || tape.unixAt(this.#folded) >= this.#nowBucket);
    if (extendable) {
      this.extensions += 1;
      // The open candle is rendered again with whatever it folds.
      this.#candles = this.#candles.slice(0, -1);
      this.#json = this.#json.slice(0, -1);
      this.#fill(tape, open, this.#folded, nowBucket);
    } else {
      this.builds += 1;
      this.#launch = launch;
      const createdBucket = Math.floor(Number(launch.createdAt) / bucket) * bucket;
      const first = Math.max(createdBucket, nowBucket - (limit - 1) * bucket);
      if (first > nowBucket) {
        // Created after now (a clock behind the chain's): no bucket yet, and nothing to extend.
        this.#open = null;
        this.#candles = [];
        this.#json = [];
        return { candles: this.#candles, json: this.#json };
      }
      const i = tape.firstAtOrAfter(first);
      const close = i > 0 ? tradePriceE12(launch, tape, i - 1) : initialPriceE12(launch);
      this.#candles = [];
      this.#json = [];
      this.#fill(tape, openCandle(first, close), i, nowBucket);
    }
    // The window keeps the last `limit` buckets (never before creation, which only a build starts at).
    const drop = this.#candles.length - limit;
    if (drop > 0) {
      this.#candles.splice(0, drop);
      this.#json.splice(0, drop);
    }
    return { candles: this.#candles, json: this.#json };
  }

  /**
   * Folds the tape from trade `i` into `open` and the candles after it, up to the bucket
   * `nowBucket`, rendering each; leaves the last one open. Candles after a folded trade's
   * are still empty when it is folded (trades come in time order), so each opens at the
   * close of the one before.
   */
  #fill(tape: TradeTape, open: OpenCandle, i: number, nowBucket: number): void {
    const launch = this.#launch!;
    let candle = open;
    for (;;) {
      const end = candle.t + this.bucket;
      for (; i < tape.length && tape.unixAt(i) < end; i++) {
        const price = tradePriceE12(launch, tape, i);
        if (price > candle.high) candle.high = price;
        if (price < candle.low) candle.low = price;
        candle.close = price;
        candle.volume += tape.primaryAt(i);
        candle.lamports += tape.solLamportsAt(i);
        candle.n += 1;
      }
      const rendered = renderCandle(candle, this.#solUsd);
      this.#candles.push(rendered);
      this.#json.push(JSON.stringify(rendered));
      if (candle.t >= nowBucket) break;
      candle = openCandle(candle.t + this.bucket, candle.close);
    }
    this.#open = candle;
    this.#nowBucket = candle.t;
    this.#folded = i;
  }
}

function openCandle(t: number, open: bigint): OpenCandle {
  return { t, open, high: open, low: open, close: open, volume: 0n, lamports: 0n, n: 0 };
}

function renderCandle(candle: OpenCandle, solUsd: number): Candle {
  return {
    t: candle.t,
    o: candle.open.toString(),
    h: candle.high.toString(),
    l: candle.low.toString(),
    c: candle.close.toString(),
    v: candle.volume.toString(),
    vUsd: lamportsToUsd(candle.lamports, solUsd),
    n: candle.n,
  };
}

/**
 * The series charts were read from, one per launch, bucket width and limit, so the next
 * read of the same chart extends it. Bounded: the oldest series goes first (a chart of a
 * thousand buckets holds a thousand candles).
 */
export class CandleSeriesCache {
  readonly #series = new Map<string, CandleSeries>();
  readonly #solUsd: number;
  readonly #capacity: number;

  constructor(solUsd: number, capacity = 256) {
    this.#solUsd = solUsd;
    this.#capacity = capacity;
  }

  /** The launch's candles for `options` up to `nowUnix`, from the series kept for them. */
  candles(launch: LaunchState, options: { bucket: number; limit: number }, nowUnix: bigint): CandleAnswer {
    const key = `${launch.address}:${options.bucket}:${options.limit}`;
    let series = this.#series.get(key);
    if (!series) {
      if (this.#series.size >= this.#capacity) this.#series.delete(this.#series.keys().next().value!);
      this.#series.set(key, (series = new CandleSeries(options, this.#solUsd)));
    }
    return series.update(launch, nowUnix);
  }
}
