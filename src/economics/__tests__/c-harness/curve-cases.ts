/**
 * Curve calls for c-harness/curve-harness.c: how a call is written as a request line, what
 * answer our prediction implies, and two generators — curves reached by trading, and
 * arbitrary records at the edges of u64 where overflow refusals and their order live.
 */
import fc from "fast-check";
import { type CurveState, DNA_UNITS_PER_DNA } from "../../curve-state.ts";
import { type CurveTradeResult, buyExactIn, buyExactOut, sell } from "../../curve-math.ts";
import { U64_MAX } from "../../u64-math.ts";
import { initialState, runTrades, tradeCommand, u64 } from "../arbitraries.ts";

const TAG = { buyExactOut: 1, buyExactIn: 2, sell: 3 } as const;

/** One curve instruction: its two u64 arguments, the curve record and every balance. */
export interface CurveCase {
  readonly kind: keyof typeof TAG;
  /** amount (exact out, sell) or budget (exact in). */
  readonly a: bigint;
  /** maxDnaIn (exact out), minOut (exact in) or minDnaOut (sell). */
  readonly b: bigint;
  readonly state: CurveState;
  readonly traderPrimary: bigint;
  readonly primaryVault: bigint;
  readonly traderComponents: readonly bigint[];
  readonly vaults: readonly bigint[];
}

/** The request line, in the field order curve-harness.c reads. */
export function curveRequest(c: CurveCase): string {
  const s = c.state;
  const fields = [
    TAG[c.kind],
    c.a,
    c.b,
    s.feeBps,
    s.creatorFeeShareBps,
    s.complete ? 1 : 0,
    s.virtualPrimary,
    s.virtualDna,
    s.inventoryInitial,
    s.inventoryRemaining,
    s.realDna,
    s.feeDnaTotal,
    s.creatorFeeDna,
    s.tradeCount,
    c.traderPrimary,
    c.primaryVault,
    s.components.length,
    ...s.components.flatMap((k, i) => [k.quantity, k.feeAmount, k.creatorFeeAmount, c.traderComponents[i], c.vaults[i]]),
  ];
  return fields.join(" ");
}

/** Our prediction of the call. */
export function predictCurve(c: CurveCase): CurveTradeResult {
  if (c.kind === "buyExactOut") return buyExactOut(c.state, c.a, c.b, c.traderComponents);
  if (c.kind === "buyExactIn") return buyExactIn(c.state, c.a, c.b, c.traderComponents);
  return sell(c.state, c.a, c.b, c.traderPrimary);
}

/**
 * The answer line the harness must give if the prediction is right: the refusal code
 * alone, or 0, the record and balances after the trade, then the trade event's fields.
 */
export function expectedCurveAnswer(c: CurveCase, result: CurveTradeResult): bigint[] {
  if (!result.ok) return [BigInt(result.error)];
  const { next, trade } = result;
  const sign = trade.direction === "buy" ? 1n : -1n;
  return [
    0n,
    BigInt(next.feeBps),
    BigInt(next.creatorFeeShareBps),
    next.complete ? 1n : 0n,
    next.virtualPrimary,
    next.virtualDna,
    next.inventoryInitial,
    next.inventoryRemaining,
    next.realDna,
    next.feeDnaTotal,
    next.creatorFeeDna,
    next.tradeCount,
    c.traderPrimary + sign * trade.primaryAmount,
    c.primaryVault - sign * trade.primaryAmount,
    BigInt(next.components.length),
    ...next.components.flatMap((k, i) => [
      k.quantity,
      k.feeAmount,
      k.creatorFeeAmount,
      c.traderComponents[i]! - sign * trade.componentAmounts[i]!,
      c.vaults[i]! + sign * trade.componentAmounts[i]!,
    ]),
    trade.primaryAmount,
    trade.dnaAmount,
    trade.feeDna,
    trade.creatorFeeDna,
    ...trade.componentAmounts.flatMap((amount, i) => [amount, trade.componentFees[i]!]),
  ];
}

/** Amounts at dust scale, at curve scale, and anywhere in u64. */
const size = fc.oneof(fc.bigInt({ min: 0n, max: 2_000n }), fc.bigInt({ min: 0n, max: 10n ** 16n }), u64);
const kind = fc.constantFrom("buyExactOut" as const, "buyExactIn" as const, "sell" as const);

/** Curves reached by real trading, traded on with random amounts, bounds and balances. */
export const tradedCurveCase: fc.Arbitrary<CurveCase> = fc
  .record({
    start: initialState,
    commands: fc.array(tradeCommand, { maxLength: 20 }),
    kind,
    // A number is parts per million of what the trade is naturally sized against.
    size: fc.oneof(size, fc.integer({ min: 0, max: 1_200_000 })),
    // 'loose' is the bound that never binds: U64_MAX as a max in, 0 as a min out.
    b: fc.oneof({ arbitrary: fc.constant("loose" as const), weight: 3 }, fc.constant(0n), fc.constant(U64_MAX), size),
    balance: fc.oneof({ arbitrary: fc.constant(U64_MAX / 2n), weight: 3 }, size),
    donations: fc.array(fc.bigInt({ min: 0n, max: 1_000n }), { minLength: 5, maxLength: 5 }),
  })
  .map(({ start, commands, kind, size, b, balance, donations }) => {
    const { state, ledger } = runTrades(start, commands);
    const scale = kind === "buyExactOut" ? state.inventoryInitial : kind === "buyExactIn" ? state.virtualDna : ledger.traderPrimary;
    return {
      kind,
      a: typeof size === "number" ? (scale * BigInt(size)) / 1_000_000n : size,
      b: b !== "loose" ? b : kind === "buyExactOut" ? U64_MAX : 0n,
      state,
      // A seller may hold more than this ledger bought (other traders bought too).
      traderPrimary: kind === "sell" ? balance : ledger.traderPrimary,
      primaryVault: state.inventoryRemaining + donations[0]!,
      traderComponents: state.components.map(() => (balance > U64_MAX / 2n ? U64_MAX / 2n : balance)),
      vaults: state.components.map((_, i) => ledger.vaults[i]! + donations[i]!),
    };
  })
  // With unlimited balances the ledger can pile more into a vault than a u64 mint supply
  // allows; such a curve cannot exist on chain.
  .filter((c) => c.vaults.every((held) => held <= U64_MAX));

/** Arbitrary curve records, any u64 in every field, vaults as a solvent curve holds them. */
export const edgeCurveCase: fc.Arbitrary<CurveCase> = fc
  .record({
    kind,
    a: size,
    b: fc.oneof(fc.constant(0n), fc.constant(U64_MAX), size),
    feeBps: fc.integer({ min: 0, max: 10_000 }),
    creatorFeeShareBps: fc.integer({ min: 0, max: 10_000 }),
    complete: fc.integer({ min: 0, max: 9 }).map((roll) => roll === 0),
    virtualPrimary: size,
    virtualDna: size,
    inventoryInitial: size,
    remainingPart: size,
    realDna: size,
    feeDnaTotal: size,
    creatorFeeDna: size,
    tradeCount: size,
    components: fc.array(fc.record({ quantity: size, feeAmount: size, creatorFeeAmount: size, balance: size, donation: size }), {
      minLength: 1,
      maxLength: 5,
    }),
    traderPrimary: size,
  })
  .map(({ kind, a, b, remainingPart, components, traderPrimary, ...record }) => {
    const inventoryRemaining = remainingPart % (record.inventoryInitial + 1n);
    const state: CurveState = {
      ...record,
      inventoryRemaining,
      components: components.map(({ quantity, feeAmount, creatorFeeAmount }) => ({
        quantity,
        feeAmount,
        creatorFeeAmount,
      })),
    };
    // At least the reserve's worth plus fees: the solvency invariant every real curve keeps.
    const vaults = components.map(({ quantity, feeAmount, donation }) => {
      const held = (record.realDna * quantity + DNA_UNITS_PER_DNA - 1n) / DNA_UNITS_PER_DNA + feeAmount + (donation % 1_000n);
      return held > U64_MAX ? U64_MAX : held;
    });
    return {
      kind,
      a,
      b,
      state,
      traderPrimary,
      primaryVault: inventoryRemaining,
      traderComponents: components.map(({ balance }) => balance),
      vaults,
    };
  });
