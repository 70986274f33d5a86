/**
 * fast-check generators shared by the economics tests: curve parameters and states,
 * trade sequences, and a small model of the vaults that follows a sequence.
 */
import fc from "fast-check";
import { type CurveParameters, type CurveState, defaultCurveParameters, initialCurveState } from "../curve-state.ts";
import { type CurveTradeResult, buyExactIn, buyExactOut, sell } from "../curve-math.ts";
import { U64_MAX } from "../u64-math.ts";

/** Any u64, with the edges (0, 1, 2^64 − 1 …) weighted in by fast-check. */
export const u64 = fc.bigInt({ min: 0n, max: U64_MAX });

/** Recipe quantities from dust to BONK-sized (base units per whole DNA). */
export const quantity = fc.oneof(
  fc.bigInt({ min: 1n, max: 1_000n }),
  fc.bigInt({ min: 1n, max: 10n ** 9n }),
  fc.bigInt({ min: 1n, max: 10n ** 14n }),
);

/** Curve parameters: the defaults with random fees, or random shapes of any scale. */
export const curveParameters: fc.Arbitrary<CurveParameters> = fc.oneof(
  fc
    .record({
      feeBps: fc.integer({ min: 0, max: 2_000 }),
      creatorFeeShareBps: fc.integer({ min: 0, max: 10_000 }),
    })
    .map((fees) => ({ ...defaultCurveParameters, ...fees })),
  fc
    .record({
      virtualPrimary: fc.oneof(fc.bigInt({ min: 2n, max: 10_000n }), fc.bigInt({ min: 2n, max: 10n ** 18n })),
      inventoryPart: fc.integer({ min: 1, max: 1_000_000 }),
      virtualDna: fc.oneof(fc.bigInt({ min: 1n, max: 10_000n }), fc.bigInt({ min: 1n, max: 10n ** 15n })),
      feeBps: fc.integer({ min: 0, max: 2_000 }),
      creatorFeeShareBps: fc.integer({ min: 0, max: 10_000 }),
    })
    .map(({ virtualPrimary, inventoryPart, virtualDna, feeBps, creatorFeeShareBps }) => {
      // 1 ≤ inventory < virtualPrimary, as the programs require.
      const inventory = 1n + ((virtualPrimary - 2n) * BigInt(inventoryPart)) / 1_000_000n;
      return {
        decimals: 6,
        virtualPrimary,
        virtualDna,
        curveInventory: inventory,
        migrationInventory: 1n,
        feeBps,
        creatorFeeShareBps,
      };
    }),
);

/** A freshly initialized curve with a 1–5 component recipe. */
export const initialState: fc.Arbitrary<CurveState> = fc
  .tuple(curveParameters, fc.array(quantity, { minLength: 1, maxLength: 5 }))
  .map(([parameters, quantities]) => initialCurveState(parameters, quantities));

/** One trader action; sizes are fractions (parts per million) so they scale with the curve. */
export type TradeCommand =
  | { readonly kind: "buyExactOut"; readonly ppm: number; readonly raw: bigint | null }
  | { readonly kind: "buyExactIn"; readonly ppm: number; readonly raw: bigint | null }
  | { readonly kind: "sell"; readonly ppm: number };

const size = fc.integer({ min: 0, max: 1_200_000 });
const raw = fc.option(fc.bigInt({ min: 0n, max: 1_000n }), { freq: 4 });

export const tradeCommand: fc.Arbitrary<TradeCommand> = fc.oneof(
  fc.record({ kind: fc.constant("buyExactOut" as const), ppm: size, raw }),
  fc.record({ kind: fc.constant("buyExactIn" as const), ppm: size, raw }),
  fc.record({ kind: fc.constant("sell" as const), ppm: size }),
);

/** What the trader and the vaults hold while a sequence runs (components in recipe order). */
export interface Ledger {
  traderPrimary: bigint;
  vaults: bigint[];
}

/** One executed step: the state before, the command's concrete amount, and the result. */
export interface Step {
  readonly before: CurveState;
  readonly command: TradeCommand;
  readonly amount: bigint;
  readonly result: CurveTradeResult;
}

/**
 * Runs `commands` against `state` with unlimited component balances and no slippage
 * bound, tracking the vaults as Σ deposits − Σ withdrawals. A buy is sized against the
 * inventory (exact out) or the virtual DNA reserve (exact in); a sell against what the
 * trader holds.
 */
export function runTrades(
  state: CurveState,
  commands: readonly TradeCommand[],
  onStep: (step: Step, ledger: Ledger) => void = () => {},
): { state: CurveState; ledger: Ledger } {
  const ledger: Ledger = { traderPrimary: 0n, vaults: state.components.map(() => 0n) };
  let current = state;
  for (const command of commands) {
    let amount: bigint;
    let result: CurveTradeResult;
    if (command.kind === "buyExactOut") {
      amount = command.raw ?? (current.inventoryInitial * BigInt(command.ppm)) / 1_000_000n;
      result = buyExactOut(current, amount, U64_MAX, null);
    } else if (command.kind === "buyExactIn") {
      amount = command.raw ?? (current.virtualDna * BigInt(command.ppm)) / 1_000_000n;
      result = buyExactIn(current, amount, 0n, null);
    } else {
      amount = (ledger.traderPrimary * BigInt(Math.min(command.ppm, 1_000_000))) / 1_000_000n;
      result = sell(current, amount, 0n, ledger.traderPrimary);
    }
    if (result.ok) {
      const sign = result.trade.direction === "buy" ? 1n : -1n;
      ledger.traderPrimary += sign * result.trade.primaryAmount;
      result.trade.componentAmounts.forEach((moved, i) => {
        ledger.vaults[i] = (ledger.vaults[i] ?? 0n) + sign * moved;
      });
    }
    onStep({ before: current, command, amount, result }, ledger);
    if (result.ok) current = result.next;
  }
  return { state: current, ledger };
}

/** A curve reached by a random trade sequence from a fresh one, with its ledger. */
export const tradedState = fc
  .tuple(initialState, fc.array(tradeCommand, { maxLength: 30 }))
  .map(([state, commands]) => runTrades(state, commands));

/** 1–5 positive weights summing to 10000, as the launch program requires. */
export const weights = fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 0, maxLength: 4 }).map((cuts) => {
  const points = [...new Set(cuts.filter((cut) => cut < 10_000))].sort((a, b) => a - b);
  const bounds = [0, ...points, 10_000];
  return bounds.slice(1).map((bound, i) => bound - bounds[i]!);
});
