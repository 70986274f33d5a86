/**
 * Invariants of the curve over random curves and random trade sequences. Each property is
 * stated in terms independent of the implementation's own formulas where it can be.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buyCost, buyExactIn, buyExactOut, sell } from "../curve-math.ts";
import { DNA_UNITS_PER_DNA, progressBps } from "../curve-state.ts";
import { U64_MAX } from "../u64-math.ts";
import { initialState, runTrades, tradeCommand, tradedState } from "./arbitraries.ts";

const RUNS = { numRuns: 500 };
const sequence = fc.tuple(initialState, fc.array(tradeCommand, { maxLength: 40 }));

/** cost + ⌈cost·fee/10^4⌉, from the definition rather than the program's code path. */
function totalWithFee(cost: bigint, feeBps: number): bigint {
  return cost + (cost * BigInt(feeBps) + 9_999n) / 10_000n;
}

describe("rounding goes against the trader", () => {
  it("a buy of n pays at least the exact price: cost·(vP − n) ≥ n·vD; a sell of n gets at most it: out·(vP + n) ≤ n·vD", () => {
    let buys = 0;
    let sells = 0;
    fc.assert(
      fc.property(sequence, ([state, commands]) => {
        runTrades(state, commands, ({ before, result }) => {
          if (!result.ok) return;
          const { primaryAmount: n, dnaAmount } = result.trade;
          if (result.trade.direction === "buy") {
            buys++;
            expect(dnaAmount * (before.virtualPrimary - n)).toBeGreaterThanOrEqual(n * before.virtualDna);
          } else {
            sells++;
            expect(dnaAmount * (before.virtualPrimary + n)).toBeLessThanOrEqual(n * before.virtualDna);
          }
        });
      }),
      RUNS,
    );
    // The sequences must actually trade, or the property holds vacuously.
    expect(buys).toBeGreaterThan(1_000);
    expect(sells).toBeGreaterThan(200);
  });

  it("buying n and selling the same n at once never returns more DNA or more of any component", () => {
    fc.assert(
      fc.property(tradedState, fc.integer({ min: 1, max: 1_000_000 }), ({ state }, ppm) => {
        const bought = buyExactOut(state, (state.inventoryInitial * BigInt(ppm)) / 1_000_000n + 1n, U64_MAX, null);
        fc.pre(bought.ok);
        if (!bought.ok) return;
        const sold = sell(bought.next, bought.trade.primaryAmount, 0n, null);
        if (!sold.ok) return; // e.g. a net of 0 after the fee: nothing comes back at all
        expect(sold.trade.traderDna).toBeLessThanOrEqual(bought.trade.traderDna);
        sold.trade.componentAmounts.forEach((withdrawn, i) => {
          expect(withdrawn).toBeLessThanOrEqual(bought.trade.componentAmounts[i]!);
        });
      }),
      RUNS,
    );
  });
});

describe("constant product", () => {
  it("virtualPrimary·virtualDna never decreases across any sequence of trades", () => {
    fc.assert(
      fc.property(sequence, ([state, commands]) => {
        runTrades(state, commands, ({ before, result }) => {
          if (!result.ok) return;
          const after = result.next;
          expect(after.virtualPrimary * after.virtualDna).toBeGreaterThanOrEqual(before.virtualPrimary * before.virtualDna);
        });
      }),
      RUNS,
    );
  });

  it("virtualPrimary − inventoryRemaining never changes: the curve cannot run past its reserve", () => {
    fc.assert(
      fc.property(sequence, ([state, commands]) => {
        const gap = state.virtualPrimary - state.inventoryRemaining;
        const { state: end } = runTrades(state, commands);
        expect(end.virtualPrimary - end.inventoryRemaining).toBe(gap);
      }),
      RUNS,
    );
  });
});

describe("buyExactIn", () => {
  it("buys the largest n whose cost + fee fits the budget; n + 1 exceeds it unless clamped", () => {
    fc.assert(
      fc.property(tradedState, fc.bigInt({ min: 1n, max: 10n ** 13n }), ({ state }, budget) => {
        fc.pre(!state.complete);
        const result = buyExactIn(state, budget, 0n, null);
        if (!result.ok) {
          expect(result.error).toBe(6005);
          // Not even one base unit is affordable.
          const one = buyCost(state, 1n);
          expect(one === null || totalWithFee(one, state.feeBps) > budget).toBe(true);
          return;
        }
        const { primaryAmount: n, traderDna, clamped } = result.trade;
        expect(traderDna).toBeLessThanOrEqual(budget);
        expect(totalWithFee(buyCost(state, n)!, state.feeBps)).toBe(traderDna);
        if (clamped) {
          expect(n).toBe(state.inventoryRemaining);
        } else {
          const more = buyCost(state, n + 1n);
          expect(more === null || totalWithFee(more, state.feeBps) > budget).toBe(true);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it("settles exactly as buyExactOut of the amount it chose, with the budget as the bound", () => {
    fc.assert(
      fc.property(tradedState, fc.bigInt({ min: 1n, max: 10n ** 13n }), ({ state }, budget) => {
        const viaBudget = buyExactIn(state, budget, 0n, null);
        fc.pre(viaBudget.ok);
        if (!viaBudget.ok) return;
        const viaAmount = buyExactOut(state, viaBudget.trade.primaryAmount, budget, null);
        // Only `clamped` may differ: the exact-out buy asked for no more than was left.
        expect(viaAmount).toEqual({ ...viaBudget, trade: { ...viaBudget.trade, clamped: false } });
      }),
      RUNS,
    );
  });
});

describe("slippage bounds are tight", () => {
  it("a buy passes with maxDnaIn = what it pays and fails one unit below; a sell likewise with minDnaOut", () => {
    fc.assert(
      fc.property(tradedState, fc.integer({ min: 1, max: 1_000_000 }), ({ state, ledger }, ppm) => {
        const amount = (state.inventoryInitial * BigInt(ppm)) / 1_000_000n + 1n;
        const buy = buyExactOut(state, amount, U64_MAX, null);
        if (buy.ok) {
          expect(buyExactOut(state, amount, buy.trade.traderDna, null)).toEqual(buy);
          expect(buyExactOut(state, amount, buy.trade.traderDna - 1n, null)).toEqual({ ok: false, error: 6006 });
        }
        const toSell = (ledger.traderPrimary * BigInt(ppm)) / 1_000_000n;
        const out = sell(state, toSell, 0n, ledger.traderPrimary);
        if (out.ok) {
          expect(sell(state, toSell, out.trade.traderDna, ledger.traderPrimary)).toEqual(out);
          expect(sell(state, toSell, out.trade.traderDna + 1n, ledger.traderPrimary)).toEqual({ ok: false, error: 6006 });
        }
      }),
      RUNS,
    );
  });

  it("deposits exactly equal to the balances pass; one unit short on any component is 6009", () => {
    fc.assert(
      fc.property(tradedState, fc.integer({ min: 1, max: 1_000_000 }), fc.nat(), ({ state }, ppm, pick) => {
        const amount = (state.inventoryInitial * BigInt(ppm)) / 1_000_000n + 1n;
        const buy = buyExactOut(state, amount, U64_MAX, null);
        fc.pre(buy.ok);
        if (!buy.ok) return;
        const exact = buy.trade.componentAmounts;
        expect(buyExactOut(state, amount, U64_MAX, exact)).toEqual(buy);
        const i = pick % exact.length;
        fc.pre(exact[i]! > 0n);
        const short = exact.map((held, j) => (j === i ? held - 1n : held));
        expect(buyExactOut(state, amount, U64_MAX, short)).toEqual({ ok: false, error: 6009 });
      }),
      RUNS,
    );
  });
});

describe("vault solvency", () => {
  it("every vault holds at least realDna·quantity/10^9 + feeAmount after every trade", () => {
    fc.assert(
      fc.property(sequence, ([state, commands]) => {
        runTrades(state, commands, ({ result }, ledger) => {
          if (!result.ok) return;
          result.next.components.forEach((component, i) => {
            const held = ledger.vaults[i]!;
            // (held − feeAmount)·10^9 ≥ realDna·quantity, kept in integers.
            expect((held - component.feeAmount) * DNA_UNITS_PER_DNA).toBeGreaterThanOrEqual(result.next.realDna * component.quantity);
            expect(component.creatorFeeAmount).toBeLessThanOrEqual(component.feeAmount);
          });
          expect(result.next.creatorFeeDna).toBeLessThanOrEqual(result.next.feeDnaTotal);
        });
      }),
      RUNS,
    );
  });
});

describe("progressBps", () => {
  it("stays within 0..10000 and is 10000 exactly when the inventory is gone", () => {
    fc.assert(
      fc.property(sequence, ([state, commands]) => {
        expect(progressBps(state)).toBe(0);
        runTrades(state, commands, ({ result }) => {
          if (!result.ok) return;
          const bps = progressBps(result.next);
          expect(bps).toBeGreaterThanOrEqual(0);
          expect(bps).toBeLessThanOrEqual(10_000);
          expect(bps === 10_000).toBe(result.next.inventoryRemaining === 0n);
          expect(result.trade.completes).toBe(result.next.complete);
        });
      }),
      RUNS,
    );
  });
});
