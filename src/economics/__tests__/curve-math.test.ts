/**
 * Worked examples with numbers computed by hand, and the program's order of refusals.
 * The small curve: vP = 1000, vD = 1000, inventory 500, fee 1%, creator share 50%, and a
 * recipe of 1 and 2.5 component base units per DNA unit.
 */
import { describe, expect, it } from "vitest";
import { type CurveState, defaultCurveParameters, initialCurveState, progressBps } from "../curve-state.ts";
import { type CurveTradeResult, buyCost, buyExactIn, buyExactOut, sell } from "../curve-math.ts";
import { U64_MAX } from "../u64-math.ts";

const small: CurveState = initialCurveState(
  {
    decimals: 0,
    virtualPrimary: 1_000n,
    virtualDna: 1_000n,
    curveInventory: 500n,
    migrationInventory: 500n,
    feeBps: 100,
    creatorFeeShareBps: 5_000,
  },
  [1_000_000_000n, 2_500_000_000n],
);

function settled(result: CurveTradeResult) {
  if (!result.ok) throw new Error(`refused with ${result.error}`);
  return result;
}

describe("buyExactOut, worked by hand", () => {
  it("buys 100: cost ⌈100·1000/900⌉ = 112, fee ⌈1.12⌉ = 2, deposits 114 and ⌈280⌉ + ⌈5⌉ = 285", () => {
    const { trade, next } = settled(buyExactOut(small, 100n, 114n, [114n, 285n]));
    expect(trade).toEqual({
      direction: "buy",
      primaryAmount: 100n,
      dnaAmount: 112n,
      feeDna: 2n,
      creatorFeeDna: 1n,
      traderDna: 114n,
      componentAmounts: [114n, 285n],
      componentFees: [2n, 5n],
      clamped: false,
      completes: false,
    });
    expect(next).toEqual({
      ...small,
      virtualPrimary: 900n,
      virtualDna: 1_112n,
      inventoryRemaining: 400n,
      realDna: 112n,
      feeDnaTotal: 2n,
      creatorFeeDna: 1n,
      tradeCount: 1n,
      components: [
        { quantity: 1_000_000_000n, feeAmount: 2n, creatorFeeAmount: 1n },
        { quantity: 2_500_000_000n, feeAmount: 5n, creatorFeeAmount: 2n },
      ],
    });
  });

  it("clamps a buy past the inventory: 600 asked, 500 bought for ⌈500·1000/500⌉ = 1000 + 10, completing", () => {
    const { trade, next } = settled(buyExactOut(small, 600n, U64_MAX, null));
    expect(trade).toMatchObject({ primaryAmount: 500n, dnaAmount: 1_000n, feeDna: 10n, clamped: true, completes: true });
    expect(next.complete).toBe(true);
    expect(next.inventoryRemaining).toBe(0n);
    expect(progressBps(next)).toBe(10_000);
    expect(buyExactOut(next, 1n, U64_MAX, null)).toEqual({ ok: false, error: 6007 });
    expect(sell(next, 1n, 0n, null)).toEqual({ ok: false, error: 6007 });
  });

  it("on the default curve, 1000 tokens cost 27,960 DNA units + 280 fee and 28 + 1 USDC base units", () => {
    const state = initialCurveState(defaultCurveParameters, [1_000_000n]);
    // 10^9·30·10^9 / (1,073·10^12 − 10^9) = 27,959.03… → 27,960; fee ⌈279.6⌉ = 280.
    const { trade } = settled(buyExactOut(state, 1_000_000_000n, 28_240n, [29n]));
    expect(trade).toMatchObject({ dnaAmount: 27_960n, feeDna: 280n, creatorFeeDna: 140n, componentAmounts: [29n], componentFees: [1n] });
    // The whole inventory costs ⌈793.1·10^12·30·10^9/(279.9·10^12)⌉ = 85,005,359,057 DNA units.
    expect(buyCost(state, state.inventoryRemaining)).toBe(85_005_359_057n);
  });
});

describe("buyExactIn, worked by hand", () => {
  it("a budget of 114 buys 100: max cost ⌊114·10^4/10100⌋ = 112, tokens ⌊112·1000/1112⌋ = 100", () => {
    const viaBudget = settled(buyExactIn(small, 114n, 100n, null));
    const viaAmount = settled(buyExactOut(small, 100n, 114n, null));
    expect(viaBudget).toEqual(viaAmount);
    // 101 would cost ⌈101000/899⌉ = 113 + 2 = 115 > 114.
    expect(buyExactIn(small, 114n, 101n, null)).toEqual({ ok: false, error: 6006 });
  });

  it("refuses a budget that buys nothing with 6005", () => {
    expect(buyExactIn(small, 0n, 0n, null)).toEqual({ ok: false, error: 6005 });
    // ⌊1·10^4/10100⌋ = 0 DNA of cost → 0 tokens.
    expect(buyExactIn(small, 1n, 0n, null)).toEqual({ ok: false, error: 6005 });
  });
});

describe("sell, worked by hand", () => {
  const afterBuy = settled(buyExactOut(small, 100n, U64_MAX, null)).next;

  it("sells 100 back: out ⌊100·1112/1000⌋ = 111, fee ⌈1.11⌉ = 2, withdraws 109 and ⌊272.5⌋ = 272", () => {
    const { trade, next } = settled(sell(afterBuy, 100n, 109n, 100n));
    expect(trade).toEqual({
      direction: "sell",
      primaryAmount: 100n,
      dnaAmount: 111n,
      feeDna: 2n,
      creatorFeeDna: 1n,
      traderDna: 109n,
      componentAmounts: [109n, 272n],
      componentFees: [2n, 5n],
      clamped: false,
      completes: false,
    });
    expect(next).toMatchObject({
      virtualPrimary: 1_000n,
      virtualDna: 1_001n,
      realDna: 1n,
      inventoryRemaining: 500n,
      feeDnaTotal: 4n,
      creatorFeeDna: 2n,
      tradeCount: 2n,
    });
    expect(next.components).toEqual([
      { quantity: 1_000_000_000n, feeAmount: 4n, creatorFeeAmount: 2n },
      { quantity: 2_500_000_000n, feeAmount: 10n, creatorFeeAmount: 4n },
    ]);
    // Vaults hold 114 − 109 = 5 ≥ 1·1 + 4 and 285 − 272 = 13 ≥ 1·2.5 + 10: solvent.
  });

  it("refuses, in program order: zero, tokens, liquidity, zero net, slippage", () => {
    expect(sell(afterBuy, 0n, 0n, 0n)).toEqual({ ok: false, error: 6005 });
    expect(sell(afterBuy, 101n, 0n, 100n)).toEqual({ ok: false, error: 6010 });
    // 101 more than the 100 sold: refused as liquidity even when the trader holds them.
    expect(sell(afterBuy, 101n, 0n, null)).toEqual({ ok: false, error: 6019 });
    // 1 token: out ⌊1112/901⌋ = 1, fee ⌈0.01⌉ = 1, net 0.
    expect(sell(afterBuy, 1n, 0n, null)).toEqual({ ok: false, error: 6005 });
    expect(sell(afterBuy, 100n, 110n, null)).toEqual({ ok: false, error: 6006 });
    // More DNA out than was paid in: ⌊100·1000/1100⌋ = 90 > 10.
    const drained = { ...afterBuy, virtualPrimary: 1_000n, virtualDna: 1_000n, realDna: 10n };
    expect(sell(drained, 100n, 0n, null)).toEqual({ ok: false, error: 6019 });
  });
});

describe("buy refusals follow the program order", () => {
  it("6007 before 6005: a complete curve refuses even a zero amount", () => {
    const complete = { ...small, complete: true };
    expect(buyExactOut(complete, 0n, 0n, [0n, 0n])).toEqual({ ok: false, error: 6007 });
    expect(buyExactIn(complete, 0n, 0n, null)).toEqual({ ok: false, error: 6007 });
    expect(sell(complete, 0n, 0n, 0n)).toEqual({ ok: false, error: 6007 });
  });

  it("6005 before anything else, then 6006 before 6009", () => {
    expect(buyExactOut(small, 0n, 0n, [0n, 0n])).toEqual({ ok: false, error: 6005 });
    expect(buyExactOut(small, 100n, 113n, [0n, 0n])).toEqual({ ok: false, error: 6006 });
  });

  it("6009 names a short component; deposits exactly equal to the balances pass", () => {
    expect(buyExactOut(small, 100n, 114n, [113n, 285n])).toEqual({ ok: false, error: 6009 });
    expect(buyExactOut(small, 100n, 114n, [114n, 284n])).toEqual({ ok: false, error: 6009 });
    expect(buyExactOut(small, 100n, 114n, [114n, 285n]).ok).toBe(true);
  });

  it("checks each component for overflow, then balance, before the next component", () => {
    const huge = {
      ...small,
      virtualDna: 10n ** 13n,
      components: [small.components[0]!, { ...small.components[1]!, quantity: U64_MAX }],
    };
    // Cost ⌈100·10^13/900⌉ ≈ 1.1·10^12 DNA units: component 1 needs cost·(2^64 − 1)/10^9,
    // 65+ bits. Component 0 short → 6009 before component 1 is even computed.
    expect(buyExactOut(huge, 100n, U64_MAX, [0n, 0n])).toEqual({ ok: false, error: 6009 });
    expect(buyExactOut(huge, 100n, U64_MAX, [U64_MAX, 0n])).toEqual({ ok: false, error: 6008 });
  });

  it("6008 on the cost itself comes before slippage", () => {
    const rich = { ...small, virtualDna: U64_MAX };
    // 501·(2^64 − 1)/499 needs 65 bits.
    expect(buyExactOut({ ...rich, inventoryRemaining: 501n }, 501n, 0n, null)).toEqual({ ok: false, error: 6008 });
    // 500·(2^64 − 1)/500 fits, but cost + fee does not.
    expect(buyExactOut(rich, 500n, 0n, null)).toEqual({ ok: false, error: 6008 });
  });

  it("throws on a balance list that does not match the recipe (a caller bug)", () => {
    expect(() => buyExactOut(small, 1n, 1n, [1n])).toThrow(RangeError);
    expect(() => buyExactIn(small, -1n, 0n, null)).toThrow(RangeError);
  });
});
