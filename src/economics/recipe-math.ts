/**
 * Recipe quantities and what they are worth. A component's price is exact and rational:
 * its SOL venue pool holds `lamportsReserve` lamports against `componentReserve` base units,
 * so one base unit is worth lamportsReserve/componentReserve lamports (the spot price,
 * before fee and impact). A recipe stores, per component, `quantity` = component base units
 * per 10^9 DNA units (one whole DNA), chosen so that each component's value share matches
 * its `targetBps` at the requested value of a DNA.
 */
import { BPS_DENOMINATOR } from "./curve-state.ts";
import { U64_MAX, assertU64 } from "./u64-math.ts";

/** A component's spot price: the two reserves of its SOL venue pool. */
export interface ComponentPrice {
  readonly lamportsReserve: bigint;
  readonly componentReserve: bigint;
}

/** One component of a recipe to be created: its target weight and its price now. */
export interface RecipeTarget extends ComponentPrice {
  /** 1..10000; a recipe's weights sum to 10000. */
  readonly targetBps: number;
}

/** What a launch creator asks for: the value of a DNA, and the weighted components. */
export interface RecipeRequest {
  /** Requested lamports per 10^9 DNA units (the launch record's `dna_unit_lamports_e9`). */
  readonly dnaUnitLamportsE9: bigint;
  readonly components: readonly RecipeTarget[];
}

const BPS = BigInt(BPS_DENOMINATOR);

/**
 * Quantity per component: ⌊dnaUnitLamportsE9·(targetBps/10^4)·componentReserve/lamportsReserve⌋
 * component base units per 10^9 DNA units, and at least 1 because the programs refuse a
 * zero quantity. Rounding down keeps every component at or under its target value, so
 * the realised DNA value never exceeds the request unless the floor of 1 lifts a
 * component.
 * @returns the quantities in request order, or `null` when some component is unpriced (a
 * zero reserve) or needs more than a u64 quantity (no valid recipe at these prices).
 */
export function recipeQuantities(request: RecipeRequest): bigint[] | null {
  assertU64("dnaUnitLamportsE9", request.dnaUnitLamportsE9);
  const quantities: bigint[] = [];
  for (const [i, component] of request.components.entries()) {
    assertPrice(`components[${i}]`, component);
    if (!Number.isInteger(component.targetBps) || component.targetBps < 0 || component.targetBps > BPS_DENOMINATOR) {
      throw new RangeError(`components[${i}].targetBps must be 0..${BPS_DENOMINATOR}`);
    }
    if (isUnpriced(component)) return null;
    const quantity =
      (request.dnaUnitLamportsE9 * BigInt(component.targetBps) * component.componentReserve) / (BPS * component.lamportsReserve);
    if (quantity > U64_MAX) return null;
    quantities.push(quantity === 0n ? 1n : quantity);
  }
  return quantities;
}

/**
 * Each component's share of the recipe's value after rounding, in basis points summing to
 * exactly 10000. Values are exact rationals (quantity·lamportsReserve/componentReserve);
 * shares are apportioned by the largest-remainder rule: every component gets the floor
 * of its exact share, and the points left over go one each to the components with the
 * largest remainders, ties to the earlier component. So each share is within 1 bp of
 * the exact one, and the result is deterministic.
 * @returns shares in recipe order, or `null` when a component is unpriced or the recipe
 * is worth nothing.
 */
export function realisedBps(quantities: readonly bigint[], prices: readonly ComponentPrice[]): number[] | null {
  const values = commonDenominatorValues(quantities, prices);
  if (values === null) return null;
  const total = values.numerators.reduce((sum, value) => sum + value, 0n);
  if (total === 0n) return null;
  const floors = values.numerators.map((value) => (value * BPS) / total);
  const remainders = values.numerators.map((value) => (value * BPS) % total);
  let left = BPS - floors.reduce((sum, share) => sum + share, 0n);
  const order = remainders
    .map((remainder, index) => ({ remainder, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    floors[index] = (floors[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return floors.map(Number);
}

/**
 * The realised value of a DNA: ⌊Σ quantity·lamportsReserve/componentReserve⌋ lamports per
 * 10^9 DNA units — the floor of the exact sum, not a sum of floors. Divide by 10^18 for
 * `dnaUnitSol` (SOL per DNA unit).
 * @returns the value, or `null` when some component is unpriced (a zero reserve).
 */
export function dnaUnitLamportsE9(quantities: readonly bigint[], prices: readonly ComponentPrice[]): bigint | null {
  const values = commonDenominatorValues(quantities, prices);
  if (values === null) return null;
  return values.numerators.reduce((sum, value) => sum + value, 0n) / values.denominator;
}

/**
 * Every component's value as numerator over one common denominator (the product of the
 * component reserves), so that sums and shares stay exact.
 */
function commonDenominatorValues(
  quantities: readonly bigint[],
  prices: readonly ComponentPrice[],
): { numerators: bigint[]; denominator: bigint } | null {
  if (quantities.length !== prices.length) {
    throw new RangeError(`${quantities.length} quantities for ${prices.length} prices`);
  }
  for (const [i, price] of prices.entries()) {
    assertU64(`quantities[${i}]`, quantities[i] ?? 0n);
    assertPrice(`prices[${i}]`, price);
    if (isUnpriced(price)) return null;
  }
  const denominator = prices.reduce((product, price) => product * price.componentReserve, 1n);
  const numerators = prices.map((price, i) => ((quantities[i] ?? 0n) * price.lamportsReserve * denominator) / price.componentReserve);
  return { numerators, denominator };
}

function isUnpriced(price: ComponentPrice): boolean {
  return price.lamportsReserve === 0n || price.componentReserve === 0n;
}

function assertPrice(name: string, price: ComponentPrice): void {
  assertU64(`${name}.lamportsReserve`, price.lamportsReserve);
  assertU64(`${name}.componentReserve`, price.componentReserve);
}
