/**
 * Bonding-curve trades, predicted exactly as programs-fixtures/curve/curve.c settles them.
 *
 * The curve is a constant product on virtual reserves (virtualPrimary × virtualDna). A
 * trade is priced in DNA units and settled in the recipe's components: a buy deposits,
 * per component, ⌈dna·quantity/10^9⌉ for the cost and again for the fee; a sell withdraws
 * ⌊net·quantity/10^9⌋. Every rounding goes against the trader.
 *
 * Each function returns what the program would do — the outcome and the next state, or
 * the error code it would fail with — checking in the program's own order, so a quote
 * names the same refusal the chain would. Account-validation refusals are out of scope.
 */
import {
  ERROR_CURVE_COMPLETE,
  ERROR_INSUFFICIENT_COMPONENTS,
  ERROR_INSUFFICIENT_LIQUIDITY,
  ERROR_INSUFFICIENT_TOKENS,
  ERROR_MATH_OVERFLOW,
  ERROR_SLIPPAGE_EXCEEDED,
  ERROR_ZERO_AMOUNT,
  type Refusal,
  refuse,
} from "./refusal-code.ts";
import { BPS_DENOMINATOR, type CurveComponentState, type CurveState, DNA_UNITS_PER_DNA } from "./curve-state.ts";
import { addU64, assertU64, mulDivCeil, mulDivFloor, wrappingAddU64 } from "./u64-math.ts";

/** What a settled curve trade moved; the fields of the program's trade event. */
export interface TradeOutcome {
  readonly direction: "buy" | "sell";
  /** Launch-token base units bought or sold (after clamping, for a buy). */
  readonly primaryAmount: bigint;
  /** DNA units: the curve cost of a buy, the gross output of a sell (fee not yet taken). */
  readonly dnaAmount: bigint;
  /** The fee in DNA units: ⌈dnaAmount·feeBps/10^4⌉, on top of a buy, off a sell. */
  readonly feeDna: bigint;
  /** The creator's part of `feeDna`: ⌊feeDna·creatorFeeShareBps/10^4⌋. */
  readonly creatorFeeDna: bigint;
  /** DNA units the trader pays (buy: dnaAmount + feeDna) or receives (sell: dnaAmount − feeDna). */
  readonly traderDna: bigint;
  /** Per component, in recipe order: deposited, fee included (buy), or withdrawn (sell). */
  readonly componentAmounts: readonly bigint[];
  /** Per component: the fee part, which stays in the vault (⌈⌉ on a buy, ⌊⌋ on a sell). */
  readonly componentFees: readonly bigint[];
  /** A buy asked for more than the remaining inventory and was cut to what is left. */
  readonly clamped: boolean;
  /** The trade sells the last of the inventory: the curve completes with it. */
  readonly completes: boolean;
}

/** A trade the program accepts: its outcome and the curve state it leaves. */
export interface CurveTradeSettled {
  readonly ok: true;
  readonly trade: TradeOutcome;
  readonly next: CurveState;
}

/** The prediction of one curve instruction: settled, or refused with a program error code. */
export type CurveTradeResult = CurveTradeSettled | Refusal;

/**
 * The trader's balance of each recipe component, in recipe order (the same order as
 * `state.components`), or `null` to skip the balance check — a quote without a wallet,
 * which wants the price and the deposits, not whether this wallet can pay them.
 */
export type ComponentBalances = readonly bigint[] | null;

const BPS = BigInt(BPS_DENOMINATOR);

/**
 * The curve cost of buying `amount` launch base units: ⌈amount·vD/(vP − amount)⌉ DNA units,
 * fee excluded, as `buy_cost`. Not clamped to the inventory.
 * @returns the cost, or `null` where the program overflows or when amount ≥ virtualPrimary.
 */
export function buyCost(state: CurveState, amount: bigint): bigint | null {
  assertU64("amount", amount);
  if (amount >= state.virtualPrimary) return null;
  return mulDivCeil(amount, state.virtualDna, state.virtualPrimary - amount);
}

/**
 * `buy_exact_out`: buy exactly `amount` launch base units (clamped to the remaining
 * inventory, but to no fewer than `minOut`), paying at most `maxDnaIn` DNA units, cost plus fee.
 * Refusals in program order: 6007 complete, 6005 zero amount, 6006 clamped below minOut,
 * 6008 overflow, 6006 slippage, then per component 6008 or 6009 insufficient components, then 6008.
 */
export function buyExactOut(
  state: CurveState,
  amount: bigint,
  maxDnaIn: bigint,
  componentBalances: ComponentBalances,
  minOut = 0n,
): CurveTradeResult {
  assertU64("amount", amount);
  assertU64("maxDnaIn", maxDnaIn);
  assertU64("minOut", minOut);
  checkBalances(state, componentBalances);
  if (state.complete) return refuse(ERROR_CURVE_COMPLETE);
  if (amount === 0n) return refuse(ERROR_ZERO_AMOUNT);
  const clamped = amount > state.inventoryRemaining;
  const n = clamped ? state.inventoryRemaining : amount;
  if (n < minOut) return refuse(ERROR_SLIPPAGE_EXCEEDED);
  // vP − n > 0 on any real curve (vP − remaining is fixed at creation and positive).
  const cost = mulDivCeil(n, state.virtualDna, BigInt.asUintN(64, state.virtualPrimary - n));
  if (cost === null) return refuse(ERROR_MATH_OVERFLOW);
  return settleBuy(state, n, cost, maxDnaIn, componentBalances, clamped);
}

/**
 * `buy_exact_in`: spend at most `budget` DNA units (cost plus fee) on the most launch base
 * units it buys, at least `minOut`. The program derives the amount in closed form: the
 * largest cost c with c + ⌈c·fee/10^4⌉ ≤ budget is ⌊budget·10^4/(10^4 + fee)⌋, and the most
 * tokens costing at most c is ⌊c·vP/(vD + c)⌋; then it clamps to the inventory.
 * Refusals in program order: 6007, 6005 (zero budget, or nothing affordable), 6008,
 * 6006 (fewer than minOut), 6009.
 */
export function buyExactIn(state: CurveState, budget: bigint, minOut: bigint, componentBalances: ComponentBalances): CurveTradeResult {
  assertU64("budget", budget);
  assertU64("minOut", minOut);
  checkBalances(state, componentBalances);
  if (state.complete) return refuse(ERROR_CURVE_COMPLETE);
  if (budget === 0n) return refuse(ERROR_ZERO_AMOUNT);
  const maxCost = mulDivFloor(budget, BPS, BPS + BigInt(state.feeBps));
  if (maxCost === null) return refuse(ERROR_MATH_OVERFLOW);
  const denominator = addU64(state.virtualDna, maxCost);
  if (denominator === null) return refuse(ERROR_MATH_OVERFLOW);
  const affordable = mulDivFloor(maxCost, state.virtualPrimary, denominator);
  if (affordable === null) return refuse(ERROR_MATH_OVERFLOW);
  const clamped = affordable > state.inventoryRemaining;
  const n = clamped ? state.inventoryRemaining : affordable;
  if (n === 0n) return refuse(ERROR_ZERO_AMOUNT);
  if (n < minOut) return refuse(ERROR_SLIPPAGE_EXCEEDED);
  const cost = mulDivCeil(n, state.virtualDna, BigInt.asUintN(64, state.virtualPrimary - n));
  if (cost === null) return refuse(ERROR_MATH_OVERFLOW);
  return settleBuy(state, n, cost, budget, componentBalances, clamped);
}

/**
 * `sell`: give up `amount` launch base units for ⌊n·vD/(vP + n)⌋ DNA units minus the fee
 * ⌈out·fee/10^4⌉, receiving at least `minDnaOut` net.
 * `traderPrimaryBalance` is the trader's launch-token balance, or `null` to skip that check.
 * Refusals in program order: 6007, 6005 zero amount, 6010 insufficient tokens,
 * 6019 (more than the curve ever sold), 6008, 6019 (more DNA out than paid in),
 * 6005 (net output 0), 6006 slippage, 6008.
 */
export function sell(state: CurveState, amount: bigint, minDnaOut: bigint, traderPrimaryBalance: bigint | null): CurveTradeResult {
  assertU64("amount", amount);
  assertU64("minDnaOut", minDnaOut);
  if (traderPrimaryBalance !== null) assertU64("traderPrimaryBalance", traderPrimaryBalance);
  if (state.complete) return refuse(ERROR_CURVE_COMPLETE);
  if (amount === 0n) return refuse(ERROR_ZERO_AMOUNT);
  if (traderPrimaryBalance !== null && traderPrimaryBalance < amount) {
    return refuse(ERROR_INSUFFICIENT_TOKENS);
  }
  const remainingAfter = addU64(state.inventoryRemaining, amount);
  if (remainingAfter === null || remainingAfter > state.inventoryInitial) {
    return refuse(ERROR_INSUFFICIENT_LIQUIDITY);
  }
  const virtualPrimary = addU64(state.virtualPrimary, amount);
  if (virtualPrimary === null) return refuse(ERROR_MATH_OVERFLOW);
  const out = mulDivFloor(amount, state.virtualDna, virtualPrimary);
  if (out === null) return refuse(ERROR_MATH_OVERFLOW);
  const feeDna = mulDivCeil(out, BigInt(state.feeBps), BPS);
  if (feeDna === null) return refuse(ERROR_MATH_OVERFLOW);
  if (out > state.realDna) return refuse(ERROR_INSUFFICIENT_LIQUIDITY);
  // fee ≤ out because feeBps ≤ 2000 on chain; the C subtracts unchecked, so wrap like it.
  const net = BigInt.asUintN(64, out - feeDna);
  if (net === 0n) return refuse(ERROR_ZERO_AMOUNT);
  if (net < minDnaOut) return refuse(ERROR_SLIPPAGE_EXCEEDED);
  const creatorFeeDna = mulDivFloor(feeDna, BigInt(state.creatorFeeShareBps), BPS);
  if (creatorFeeDna === null) return refuse(ERROR_MATH_OVERFLOW);

  const componentAmounts: bigint[] = [];
  const componentFees: bigint[] = [];
  for (const component of state.components) {
    const withdrawn = mulDivFloor(net, component.quantity, DNA_UNITS_PER_DNA);
    const fee = mulDivFloor(feeDna, component.quantity, DNA_UNITS_PER_DNA);
    if (withdrawn === null || fee === null) return refuse(ERROR_MATH_OVERFLOW);
    // The program also refuses (6019) when a vault holds less than `withdrawn`. That cannot
    // happen: a vault holds at least realDna·quantity/10^9 + feeAmount (the solvency
    // property test) and net ≤ realDna, so the check is not modelled.
    componentAmounts.push(withdrawn);
    componentFees.push(fee);
  }
  const components: CurveComponentState[] = [];
  for (const [i, component] of state.components.entries()) {
    const fee = componentFees[i] ?? 0n;
    const creatorFee = mulDivFloor(fee, BigInt(state.creatorFeeShareBps), BPS);
    if (creatorFee === null) return refuse(ERROR_MATH_OVERFLOW);
    // The sell path adds these unchecked (`+=`), unlike the buy path.
    components.push({
      quantity: component.quantity,
      feeAmount: wrappingAddU64(component.feeAmount, fee),
      creatorFeeAmount: wrappingAddU64(component.creatorFeeAmount, creatorFee),
    });
  }

  const next: CurveState = {
    ...state,
    virtualPrimary,
    virtualDna: BigInt.asUintN(64, state.virtualDna - out),
    realDna: state.realDna - out,
    inventoryRemaining: remainingAfter,
    feeDnaTotal: wrappingAddU64(state.feeDnaTotal, feeDna),
    creatorFeeDna: wrappingAddU64(state.creatorFeeDna, creatorFeeDna),
    tradeCount: wrappingAddU64(state.tradeCount, 1n),
    components,
  };
  const trade: TradeOutcome = {
    direction: "sell",
    primaryAmount: amount,
    dnaAmount: out,
    feeDna,
    creatorFeeDna,
    traderDna: net,
    componentAmounts,
    componentFees,
    clamped: false,
    completes: false,
  };
  return { ok: true, trade, next };
}

/** `settle_buy`: fee, slippage, deposits and the state update shared by both buys. */
function settleBuy(
  state: CurveState,
  amount: bigint,
  cost: bigint,
  maxDnaIn: bigint,
  componentBalances: ComponentBalances,
  clamped: boolean,
): CurveTradeResult {
  const share = BigInt(state.creatorFeeShareBps);
  const feeDna = mulDivCeil(cost, BigInt(state.feeBps), BPS);
  if (feeDna === null) return refuse(ERROR_MATH_OVERFLOW);
  const total = addU64(cost, feeDna);
  if (total === null) return refuse(ERROR_MATH_OVERFLOW);
  if (total > maxDnaIn) return refuse(ERROR_SLIPPAGE_EXCEEDED);
  const creatorFeeDna = mulDivFloor(feeDna, share, BPS);
  if (creatorFeeDna === null) return refuse(ERROR_MATH_OVERFLOW);

  // One pass per component, overflow then balance, as the program interleaves them.
  const componentAmounts: bigint[] = [];
  const componentFees: bigint[] = [];
  for (const [i, component] of state.components.entries()) {
    const forCost = mulDivCeil(cost, component.quantity, DNA_UNITS_PER_DNA);
    const fee = mulDivCeil(feeDna, component.quantity, DNA_UNITS_PER_DNA);
    const deposit = forCost === null || fee === null ? null : addU64(forCost, fee);
    if (fee === null || deposit === null) return refuse(ERROR_MATH_OVERFLOW);
    const held = componentBalances?.[i];
    if (held !== undefined && held < deposit) return refuse(ERROR_INSUFFICIENT_COMPONENTS);
    componentAmounts.push(deposit);
    componentFees.push(fee);
  }
  // The program then refuses (6019) when the primary vault holds less than `amount`; the
  // vault holds at least inventoryRemaining ≥ amount, so that check is not modelled.

  const components: CurveComponentState[] = [];
  for (const [i, component] of state.components.entries()) {
    const fee = componentFees[i] ?? 0n;
    const creatorFee = mulDivFloor(fee, share, BPS);
    const feeAmount = addU64(component.feeAmount, fee);
    const creatorFeeAmount = creatorFee === null ? null : addU64(component.creatorFeeAmount, creatorFee);
    if (feeAmount === null || creatorFeeAmount === null) return refuse(ERROR_MATH_OVERFLOW);
    components.push({ quantity: component.quantity, feeAmount, creatorFeeAmount });
  }
  const virtualDna = addU64(state.virtualDna, cost);
  const realDna = addU64(state.realDna, cost);
  const feeDnaTotal = addU64(state.feeDnaTotal, feeDna);
  const creatorFeeTotal = addU64(state.creatorFeeDna, creatorFeeDna);
  if (virtualDna === null || realDna === null || feeDnaTotal === null || creatorFeeTotal === null) {
    return refuse(ERROR_MATH_OVERFLOW);
  }

  const inventoryRemaining = state.inventoryRemaining - amount;
  const completes = inventoryRemaining === 0n;
  const next: CurveState = {
    ...state,
    // Never negative on a real curve (vP > remaining ≥ amount); wrap like the C's `-=`.
    virtualPrimary: BigInt.asUintN(64, state.virtualPrimary - amount),
    virtualDna,
    realDna,
    inventoryRemaining,
    feeDnaTotal,
    creatorFeeDna: creatorFeeTotal,
    tradeCount: wrappingAddU64(state.tradeCount, 1n),
    complete: completes,
    components,
  };
  const trade: TradeOutcome = {
    direction: "buy",
    primaryAmount: amount,
    dnaAmount: cost,
    feeDna,
    creatorFeeDna,
    traderDna: total,
    componentAmounts,
    componentFees,
    clamped,
    completes,
  };
  return { ok: true, trade, next };
}

/** A balance list must line up with the recipe: a mismatch is a caller bug, not a refusal. */
function checkBalances(state: CurveState, componentBalances: ComponentBalances): void {
  if (componentBalances === null) return;
  if (componentBalances.length !== state.components.length) {
    throw new RangeError(`componentBalances has ${componentBalances.length} entries; the recipe has ${state.components.length}`);
  }
  for (const [i, balance] of componentBalances.entries()) assertU64(`componentBalances[${i}]`, balance);
}
