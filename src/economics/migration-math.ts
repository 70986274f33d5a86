/**
 * How the migration inventory is split among the pair pools, exactly as `migration_share`
 * in programs-fixtures/launch/launch.c computes it.
 */
import { BPS_DENOMINATOR } from "./curve-state.ts";
import { assertU64 } from "./u64-math.ts";

const BPS = BigInt(BPS_DENOMINATOR);

/**
 * Launch base units that migration puts into component `index`'s pair pool: its weight's
 * share ⌊M·targetBps/10^4⌋, except that the last component takes the rest, so the shares
 * always sum to M (the migration inventory) and no dust stays behind.
 *
 * The program computes the share as (M/10^4)·t + (M mod 10^4)·t/10^4 — the same floor,
 * split so that no intermediate exceeds 64 bits. We use bigint, but wrap at 2^64 like the
 * C does so that even an invalid recipe (weights not summing to 10^4) is predicted.
 * @returns the share, or 0 when `index` is not a component (as the C returns).
 */
export function migrationShare(migrationInventory: bigint, targetBps: readonly number[], index: number): bigint {
  assertU64("migrationInventory", migrationInventory);
  let given = 0n;
  for (const [i, target] of targetBps.entries()) {
    if (!Number.isInteger(target) || target < 0 || target > 0xffff) {
      throw new RangeError(`targetBps[${i}] must be a u16, got ${target}`);
    }
    const t = BigInt(target);
    const share = BigInt.asUintN(64, (migrationInventory / BPS) * t + ((migrationInventory % BPS) * t) / BPS);
    if (i === index) {
      return i + 1 === targetBps.length ? BigInt.asUintN(64, migrationInventory - given) : share;
    }
    given = BigInt.asUintN(64, given + share);
  }
  return 0n;
}
