import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { U64_MAX, defaultCurveParameters } from "../../economics/index.ts";
import { type LaunchedLaunch, buyExactOut, launch, sell, trader } from "../../world/__tests__/world-fixture.ts";
import type { ReadModel } from "../read-model.ts";
import type { TradeRecord } from "../records/index.ts";
import { type IndexedWorld, SOL_USD, startIndexedWorld } from "./indexed-world.ts";

let indexed: IndexedWorld;
let model: ReadModel;
let launched: LaunchedLaunch;
let createdAt: number;

const { virtualDna, virtualPrimary, decimals } = defaultCurveParameters;
const INITIAL_PRICE = (virtualDna * 10n ** BigInt(decimals) * 10n ** 12n) / virtualPrimary;

beforeAll(async () => {
  indexed = await startIndexedWorld("indexer-candles", 3);
  ({ model } = indexed);
  const { world, devnet } = indexed;
  indexed.devnet.advanceSeconds(7); // creation off a bucket boundary
  launched = await launch(world, indexed.creator, { symbol: "CNDL" });
  createdAt = Date.parse(model.getLaunch("CNDL")!.createdAt) / 1000;
  const wallets = await Promise.all([0, 1].map(() => trader(world, launched, 10n ** 15n)));
  // 60 trades at irregular times: bursts in one second, gaps of minutes and of hours.
  for (let i = 0; i < 60; i++) {
    const amount = BigInt(1 + ((i * 29) % 31)) * 10n ** 11n;
    if (i % 4 === 3) await sell(world, wallets[i % 2]!, launched, amount / 2n, 0n);
    else await buyExactOut(world, wallets[i % 2]!, launched, amount, U64_MAX);
    devnet.advanceSeconds([0, 1, 13, 47, 200, 3_700][(i * 7) % 6]!);
  }
  devnet.advanceSeconds(1_000);
});

/** Every trade of the launch, oldest first. */
const tapeOf = (): TradeRecord[] => [...model.trades("CNDL", { limit: 200 })!.trades].reverse();
const unixOf = (trade: TradeRecord) => Date.parse(trade.at) / 1000;
const bigMax = (values: bigint[]) => values.reduce((a, b) => (b > a ? b : a));
const bigMin = (values: bigint[]) => values.reduce((a, b) => (b < a ? b : a));

describe("candles", () => {
  it("cover the last `limit` buckets up to now, never before creation, each opening at the previous close", () => {
    const tape = tapeOf();
    const now = Number(indexed.devnet.now().unixTimestamp);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7_200 }), fc.integer({ min: 1, max: 1_000 }), (bucket, limit) => {
        const chart = model.chart("CNDL", { bucket, limit })!;
        const candles = chart.candles;
        const nowBucket = Math.floor(now / bucket) * bucket;
        const createdBucket = Math.floor(createdAt / bucket) * bucket;
        expect(chart.openRule).toBe("previousClose");
        expect(chart.solUsd).toBe(SOL_USD);
        expect(candles.length).toBeGreaterThan(0);
        expect(candles.length).toBeLessThanOrEqual(limit);
        expect(candles[candles.length - 1]!.t).toBe(nowBucket);
        expect(candles[0]!.t).toBe(Math.max(createdBucket, nowBucket - (limit - 1) * bucket));
        const before = tape.filter((trade) => unixOf(trade) < candles[0]!.t);
        let close = before.length > 0 ? BigInt(before[before.length - 1]!.priceE12) : INITIAL_PRICE;
        for (const [k, candle] of candles.entries()) {
          if (k > 0) expect(candle.t).toBe(candles[k - 1]!.t + bucket);
          const inside = tape.filter((trade) => unixOf(trade) >= candle.t && unixOf(trade) < candle.t + bucket);
          const [o, h, l, c] = [candle.o, candle.h, candle.l, candle.c].map(BigInt) as [bigint, bigint, bigint, bigint];
          const prices = inside.map((trade) => BigInt(trade.priceE12));
          expect(o).toBe(close);
          expect(candle.n).toBe(inside.length);
          expect(c).toBe(prices.length > 0 ? prices[prices.length - 1] : o);
          expect(h).toBe(bigMax([o, ...prices]));
          expect(l).toBe(bigMin([o, ...prices]));
          expect(l <= o && l <= c && o <= h && c <= h).toBe(true);
          expect(BigInt(candle.v)).toBe(inside.reduce((sum, trade) => sum + BigInt(trade.primaryAmount), 0n));
          if (candle.n === 0) expect(candle).toMatchObject({ v: "0", vUsd: 0 });
          close = c;
        }
        const window = tape.filter((trade) => unixOf(trade) >= candles[0]!.t);
        const volume = candles.reduce((sum, candle) => sum + BigInt(candle.v), 0n);
        expect(volume).toBe(window.reduce((sum, trade) => sum + BigInt(trade.primaryAmount), 0n));
        const lamports = window.reduce((sum, trade) => sum + BigInt(trade.solLamports), 0n);
        const vUsd = candles.reduce((sum, candle) => sum + candle.vUsd, 0);
        expect(vUsd).toBeCloseTo((Number(lamports) / 1e9) * SOL_USD, 6);
      }),
      { numRuns: 300 },
    );
  });

  it("a launch created in the current bucket has one candle at its initial price", async () => {
    const fresh = await launch(indexed.world, indexed.creator, { seed: 9n, symbol: "FRESH" });
    const { candles } = model.chart(fresh.accounts.launch, { bucket: 60, limit: 500 })!;
    expect(candles).toHaveLength(1);
    expect(candles[0]).toMatchObject({ o: INITIAL_PRICE.toString(), c: INITIAL_PRICE.toString(), n: 0, v: "0" });
  });
});
