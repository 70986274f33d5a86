/**
 * The bonding curve's state as the curve program stores it (the `Curve` record of
 * programs-fixtures/include/layout.h, minus addresses and bumps), its default parameters,
 * and the read-only figures the service derives from it: price and progress.
 */
import { assertU64 } from "./u64-math.ts";

/** Basis-point denominator of every fee and weight (`BPS_DENOMINATOR`). */
export const BPS_DENOMINATOR = 10_000;
/** Recipe quantities are component base units per this many DNA units (`DNA_UNITS_PER_DNA`). */
export const DNA_UNITS_PER_DNA = 1_000_000_000n;
/** The largest trading fee the programs accept (`MAX_FEE_BPS`). */
export const MAX_FEE_BPS = 2_000;

/** Per component of the recipe (`CurveComponent`), in recipe order. */
export interface CurveComponentState {
  /** Component base units per 10^9 DNA units. */
  readonly quantity: bigint;
  /** Fee units held in the vault, creator share included. */
  readonly feeAmount: bigint;
  /** The creator's part of `feeAmount`. */
  readonly creatorFeeAmount: bigint;
}

/** The fields of the curve record that trades read and write; every amount a u64. */
export interface CurveState {
  readonly virtualPrimary: bigint;
  readonly virtualDna: bigint;
  readonly inventoryInitial: bigint;
  readonly inventoryRemaining: bigint;
  /** DNA units paid in and not paid out. */
  readonly realDna: bigint;
  readonly feeDnaTotal: bigint;
  readonly creatorFeeDna: bigint;
  readonly tradeCount: bigint;
  /** u16, at most {@link MAX_FEE_BPS}. */
  readonly feeBps: number;
  /** u16, at most {@link BPS_DENOMINATOR}. */
  readonly creatorFeeShareBps: number;
  /** Set by the buy that sells the last of the inventory; every later trade is refused. */
  readonly complete: boolean;
  readonly components: readonly CurveComponentState[];
}

/** The curve and supply parameters of a launch's create instruction. */
export interface CurveParameters {
  /** Decimals of the launch token. */
  readonly decimals: number;
  readonly virtualPrimary: bigint;
  readonly virtualDna: bigint;
  /** Launch base units sold on the curve. */
  readonly curveInventory: bigint;
  /** Launch base units kept for the pair pools at migration. */
  readonly migrationInventory: bigint;
  readonly feeBps: number;
  readonly creatorFeeShareBps: number;
}

/**
 * pump.fun-like defaults scaled to DNA (DESIGN.md "Economics"): a 10^9-token supply with 6
 * decimals, 1,073,000,000 virtual tokens against 30 DNA (30·10^9 DNA units) virtual,
 * 793,100,000 tokens sold on the curve and 206,900,000 kept for migration; a 1% fee of
 * which the creator receives half (the design fixes neither, so these are our choice).
 */
export const defaultCurveParameters: CurveParameters = Object.freeze({
  decimals: 6,
  virtualPrimary: 1_073_000_000n * 10n ** 6n,
  virtualDna: 30n * 10n ** 9n,
  curveInventory: 793_100_000n * 10n ** 6n,
  migrationInventory: 206_900_000n * 10n ** 6n,
  feeBps: 100,
  creatorFeeShareBps: 5_000,
});

/**
 * The state `initialize` writes: virtual reserves as given, the whole curve inventory
 * remaining, nothing paid in. `quantities` are the recipe's, in recipe order.
 * Throws a RangeError on parameters the programs refuse at creation (a caller bug here).
 */
export function initialCurveState(parameters: CurveParameters, quantities: readonly bigint[]): CurveState {
  const { virtualPrimary, virtualDna, curveInventory, feeBps, creatorFeeShareBps } = parameters;
  assertU64("virtualPrimary", virtualPrimary);
  assertU64("virtualDna", virtualDna);
  assertU64("curveInventory", curveInventory);
  if (curveInventory === 0n || virtualDna === 0n || virtualPrimary <= curveInventory) {
    throw new RangeError("curve parameters need 0 < curveInventory < virtualPrimary and virtualDna > 0");
  }
  if (!isBps(feeBps, MAX_FEE_BPS) || !isBps(creatorFeeShareBps, BPS_DENOMINATOR)) {
    throw new RangeError(`feeBps must be 0..${MAX_FEE_BPS} and creatorFeeShareBps 0..${BPS_DENOMINATOR}`);
  }
  if (quantities.length < 1 || quantities.length > 5) {
    throw new RangeError(`a recipe has 1 to 5 components, got ${quantities.length}`);
  }
  for (const [i, quantity] of quantities.entries()) {
    assertU64(`quantities[${i}]`, quantity);
    if (quantity === 0n) throw new RangeError(`quantities[${i}] must be positive`);
  }
  return {
    virtualPrimary,
    virtualDna,
    inventoryInitial: curveInventory,
    inventoryRemaining: curveInventory,
    realDna: 0n,
    feeDnaTotal: 0n,
    creatorFeeDna: 0n,
    tradeCount: 0n,
    feeBps,
    creatorFeeShareBps,
    complete: false,
    components: quantities.map((quantity) => ({ quantity, feeAmount: 0n, creatorFeeAmount: 0n })),
  };
}

/**
 * The spot price as the service reports it: DNA units per whole launch token, scaled by
 * 10^12 — ⌊virtualDna·10^decimals·10^12 / virtualPrimary⌋. Not bounded to u64: it is an
 * off-chain figure, carried as a decimal string.
 */
export function priceE12(state: CurveState, decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`decimals must be a u8, got ${decimals}`);
  }
  if (state.virtualPrimary === 0n) throw new RangeError("virtualPrimary is 0: not a curve");
  return (state.virtualDna * 10n ** BigInt(decimals) * 10n ** 12n) / state.virtualPrimary;
}

/**
 * Share of the curve inventory sold, in basis points, rounded down:
 * ⌊(initial − remaining)·10^4/initial⌋, 0..10000 (10000 exactly when the curve completed).
 */
export function progressBps(state: CurveState): number {
  if (state.inventoryInitial === 0n) throw new RangeError("inventoryInitial is 0: not a curve");
  const sold = state.inventoryInitial - state.inventoryRemaining;
  return Number((sold * BigInt(BPS_DENOMINATOR)) / state.inventoryInitial);
}

function isBps(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= max;
}
