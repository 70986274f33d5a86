import type { LaunchState } from "./launch-state.ts";
import { pow10, ratioToNumber } from "./number-format.ts";
import type { TradeTape } from "./trade-tape.ts";

/**
 * The figures of a launch that both the records and the list orders use: prices in DNA
 * units, progress, and conversions of DNA units to SOL and USD. Exact integers until a
 * figure becomes a number.
 */

const E12 = 10n ** 12n;
const E9 = 1_000_000_000n;
const E30 = 10n ** 30n;
const BPS = 10_000n;

/** DNA units per whole token × 10^12 of a curve with these virtual reserves (floor). */
export function curvePriceE12(virtualPrimary: bigint, virtualDna: bigint, decimals: number): bigint {
  return virtualPrimary === 0n ? 0n : (virtualDna * pow10(decimals) * E12) / virtualPrimary;
}

/** The price the curve started at. */
export function initialPriceE12(launch: LaunchState): bigint {
  return curvePriceE12(launch.initialVirtualPrimary, launch.initialVirtualDna, launch.decimals);
}

/** The curve's price just after trade `i` of the tape. */
export function tradePriceE12(launch: LaunchState, tape: TradeTape, i: number): bigint {
  return curvePriceE12(tape.virtualPrimaryAt(i), tape.virtualDnaAt(i), launch.decimals);
}

/** The curve's progress just after a trade that left `virtualPrimary`: sold / initial inventory. */
export function progressAt(launch: LaunchState, virtualPrimary: bigint): number {
  const sold = launch.initialVirtualPrimary - virtualPrimary;
  if (sold <= 0n || launch.curveInventory === 0n) return 0;
  if (sold >= launch.curveInventory) return 10_000;
  return Number((sold * BPS) / launch.curveInventory);
}

/** The launch's progress now: 10000 once the curve completed. */
export function progressBpsOf(launch: LaunchState): number {
  return launch.status === "activeBonding" ? progressAt(launch, launch.virtualPrimary) : 10_000;
}

/**
 * The spot price now. On the curve (and until every pair pool exists), the curve's. Once
 * graduated: the pair pools' component reserves, each converted to DNA units at its recipe
 * quantity and target weight (C·10^9·targetBps / (quantity·10^4)), over the launch tokens
 * they hold — at migration that is the curve's real DNA over the migration inventory, so the
 * price carries on from the curve.
 */
export function spotPriceE12(launch: LaunchState): bigint {
  if (launch.graduated) {
    const pools = pairReserves(launch);
    if (pools.primary > 0n) return curvePriceE12(pools.primary, pools.dna, launch.decimals);
  }
  return curvePriceE12(launch.virtualPrimary, launch.virtualDna, launch.decimals);
}

/** The DNA units `units` of component `index` stand for in the basket: C·10^9·targetBps/(quantity·10^4). */
export function componentDnaValue(launch: LaunchState, index: number, units: bigint): bigint {
  const component = launch.components[index];
  if (!component || component.quantity === 0n) return 0n;
  return (units * E9 * BigInt(component.targetBps)) / (component.quantity * BPS);
}

/** The pair pools' totals: the launch tokens they hold and the DNA value of their components. */
export function pairReserves(launch: LaunchState): { primary: bigint; dna: bigint } {
  let primary = 0n;
  let dna = 0n;
  launch.pairPools.forEach((pool, i) => {
    if (!pool) return;
    primary += pool.primaryReserve;
    dna += componentDnaValue(launch, i, pool.componentReserve);
  });
  return { primary, dna };
}

/** SOL per whole token at `priceE12` when a DNA unit is worth `lamportsE9`/10^18 SOL; 0 when unpriced. */
export function priceSolOf(priceE12: bigint, lamportsE9: bigint | null): number {
  return lamportsE9 === null || lamportsE9 === 0n ? 0 : ratioToNumber(priceE12 * lamportsE9, E30);
}

/** USD worth `lamports`. */
export function lamportsToUsd(lamports: bigint, solUsd: number): number {
  return ratioToNumber(lamports, E9) * solUsd;
}

/** USD worth `dnaUnits` DNA units; 0 when unpriced. */
export function dnaToUsd(dnaUnits: bigint, lamportsE9: bigint | null, solUsd: number): number {
  return lamportsE9 === null ? 0 : ratioToNumber(dnaUnits * lamportsE9, E9 * E9) * solUsd;
}

/** USD worth `baseUnits` launch base units at `priceE12`; 0 when unpriced. */
export function launchTokensToUsd(
  launch: LaunchState,
  baseUnits: bigint,
  priceE12: bigint,
  lamportsE9: bigint | null,
  solUsd: number,
): number {
  if (lamportsE9 === null) return 0;
  return ratioToNumber(baseUnits * priceE12 * lamportsE9, E30 * pow10(launch.decimals)) * solUsd;
}

/** (now − baseline) / baseline in basis points, truncated toward zero; 0 for a zero baseline. */
export function changeBps(now: bigint, baseline: bigint): number {
  return baseline === 0n ? 0 : Number(((now - baseline) * BPS) / baseline);
}

/**
 * The 24-hour change of the launch at `nowUnix`, against the price just after the first
 * trade in the window; the window is advanced to `nowUnix` first.
 */
export function change24Of(launch: LaunchState, nowUnix: bigint): { bps: number; baselineAt: number } {
  const window = launch.window.advance(launch.tape, Number(nowUnix));
  if (window.start >= launch.tape.length) return { bps: 0, baselineAt: Number(nowUnix) };
  const baseline = tradePriceE12(launch, launch.tape, window.start);
  return { bps: changeBps(spotPriceE12(launch), baseline), baselineAt: launch.tape.unixAt(window.start) };
}
