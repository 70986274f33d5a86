import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acquireBps,
  bufferBps,
  collectiblePoolOpening,
  listedPriceForBuffer,
  predictAcquire,
  predictAcquisition,
  predictFund,
  predictSwap,
} from "../collectible-math.ts";
import { swapExactIn } from "../pool-math.ts";

const SOL = 1_000_000_000n;
const venue = { wsolReserve: 20_000n * SOL, usdcReserve: 3_000_000n * 10n ** 6n, feeBps: 25 };
const terms = { listedPriceUsdc: 10_000n * 10n ** 6n, targetLamports: 90n * SOL, poolLamports: 18n * SOL };

describe("the acquisition, worked by hand", () => {
  it("fund moves the whole vault; refused when it does not exceed the pool's share", () => {
    expect(predictFund(91n * SOL, 18n * SOL)).toEqual({ ok: true, fundedLamports: 91n * SOL });
    expect(predictFund(18n * SOL, 18n * SOL)).toEqual({ ok: false, error: 6019 });
  });

  it("swap: wsolIn = funded − pool, out by the venue's math, the listed price as minimum", () => {
    // 73 SOL in at 0.25%: fee ⌈0.1825 SOL⌉, out ⌊72.8175e9·3e12/(20000e9 + 72.8175e9)⌋.
    const fee = 182_500_000n;
    const out = ((73n * SOL - fee) * venue.usdcReserve) / (venue.wsolReserve + 73n * SOL - fee);
    expect(predictSwap(91n * SOL, terms, venue)).toEqual({ ok: true, wsolIn: 73n * SOL, usdcOut: out, fee });
    expect(predictSwap(91n * SOL, { ...terms, listedPriceUsdc: out + 1n }, venue)).toEqual({ ok: false, error: 6006 });
    expect(predictSwap(18n * SOL, terms, venue)).toEqual({ ok: false, error: 6019 });
  });

  it("acquire pays the price and sends the rest to the treasury; the pool opens with the inventory and the pool's share", () => {
    expect(predictAcquire(10_500n, 10_000n)).toEqual({ spentUsdc: 10_000n, surplusUsdc: 500n });
    expect(predictAcquire(10_000n, 10_000n)).toEqual({ spentUsdc: 10_000n, surplusUsdc: 0n });
    expect(() => predictAcquire(9_999n, 10_000n)).toThrow(RangeError);
    expect(collectiblePoolOpening(206_900_000n * 10n ** 6n, 18n * SOL)).toEqual({
      launchReserve: 206_900_000n * 10n ** 6n,
      wsolReserve: 18n * SOL,
    });
  });

  it("terms: the card's share of the target and the buffer between its worth and the price", () => {
    expect(acquireBps(terms)).toBe(8_000);
    expect(acquireBps({ targetLamports: 3n, poolLamports: 1n })).toBe(6_666);
    expect(() => acquireBps({ targetLamports: 1n, poolLamports: 1n })).toThrow(RangeError);
    expect(listedPriceForBuffer(10_800n, 800)).toBe(10_000n);
    expect(bufferBps(10_800n, 10_000n)).toBe(800);
    expect(() => bufferBps(1n, 0n)).toThrow(RangeError);
  });
});

describe("the acquisition's accounting, for any raise and terms", () => {
  const raise = fc.bigInt({ min: 1n, max: 10_000n * SOL });
  it("adds up: funded = wsolIn + pool, usdcOut = spent + surplus, spent = the price; or the step that refuses is named", () => {
    fc.assert(
      fc.property(raise, fc.integer({ min: 1, max: 9_999 }), fc.integer({ min: 0, max: 3_000 }), (funded, poolBps, buffer) => {
        const poolLamports = (funded * BigInt(poolBps)) / 10_000n + 1n;
        const worth = swapExactIn(
          venue.wsolReserve,
          venue.usdcReserve,
          funded > poolLamports ? funded - poolLamports : 1n,
          venue.feeBps,
          0n,
        );
        const listedPriceUsdc = worth.ok ? listedPriceForBuffer(worth.amountOut, buffer) || 1n : 1n;
        const result = predictAcquisition(funded, { listedPriceUsdc, targetLamports: poolLamports + 1n, poolLamports }, venue);
        if (funded <= poolLamports) {
          expect(result).toEqual({ ok: false, error: 6019 });
          return;
        }
        if (!result.ok) {
          expect([6005, 6006]).toContain(result.error);
          return;
        }
        expect(result.fundedLamports).toBe(funded);
        expect(result.wsolIn + poolLamports).toBe(funded);
        expect(result.spentUsdc).toBe(listedPriceUsdc);
        expect(result.spentUsdc + result.surplusUsdc).toBe(result.usdcOut);
        expect(result.surplusUsdc).toBeGreaterThanOrEqual(0n);
      }),
    );
  });
});
