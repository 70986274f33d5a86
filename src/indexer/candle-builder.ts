import { initialPriceE12, lamportsToUsd, tradePriceE12 } from "./launch-figures.ts";
import type { LaunchState } from "./launch-state.ts";
import type { Candle } from "./records/index.ts";

/**
 * The launch's candles of `bucket` seconds, oldest first: the last `limit` buckets ending
 * with the one holding `nowUnix`, but none before the bucket of the launch's creation.
 * Buckets are aligned to multiples of `bucket` in unix time. Each candle opens at the
 * previous close (the first at the close before the window, or the initial curve price);
 * an empty bucket carries that price with n = 0 and v = 0. Built on read: one binary
 * search for the window's first trade, then one pass over the trades inside it.
 */
export function buildCandles(launch: LaunchState, options: { bucket: number; limit: number }, nowUnix: bigint, solUsd: number): Candle[] {
  const bucket = Math.max(1, Math.floor(options.bucket));
  const limit = Math.max(1, Math.floor(options.limit));
  const nowBucket = Math.floor(Number(nowUnix) / bucket) * bucket;
  const createdBucket = Math.floor(Number(launch.createdAt) / bucket) * bucket;
  const first = Math.max(createdBucket, nowBucket - (limit - 1) * bucket);
  const tape = launch.tape;
  let i = tape.firstAtOrAfter(first);
  let close = i > 0 ? tradePriceE12(launch, tape, i - 1) : initialPriceE12(launch);
  const candles: Candle[] = [];
  for (let t = first; t <= nowBucket; t += bucket) {
    const end = t + bucket;
    const open = close;
    let high = open;
    let low = open;
    let volume = 0n;
    let lamports = 0n;
    let n = 0;
    for (; i < tape.length && tape.unixAt(i) < end; i++, n++) {
      const price = tradePriceE12(launch, tape, i);
      if (price > high) high = price;
      if (price < low) low = price;
      close = price;
      volume += tape.primaryAt(i);
      lamports += tape.solLamportsAt(i);
    }
    candles.push({
      t,
      o: open.toString(),
      h: high.toString(),
      l: low.toString(),
      c: close.toString(),
      v: volume.toString(),
      vUsd: lamportsToUsd(lamports, solUsd),
      n,
    });
  }
  return candles;
}
