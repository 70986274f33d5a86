import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { migrationShare } from "../migration-math.ts";
import { U64_MAX } from "../u64-math.ts";
import { weights } from "./arbitraries.ts";

describe("migrationShare", () => {
  it("worked by hand: 12345 over 33.33/33.33/33.34% is 4114, 4114 and the rest 4117", () => {
    expect([0, 1, 2].map((i) => migrationShare(12_345n, [3_333, 3_333, 3_334], i))).toEqual([4_114n, 4_114n, 4_117n]);
    // The default 206.9M tokens split evenly between two components.
    expect(migrationShare(206_900_000_000_000n, [5_000, 5_000], 0)).toBe(103_450_000_000_000n);
    expect(migrationShare(206_900_000_000_000n, [5_000, 5_000], 1)).toBe(103_450_000_000_000n);
    expect(migrationShare(100n, [10_000], 0)).toBe(100n);
    expect(migrationShare(100n, [10_000], 1)).toBe(0n);
  });

  it("shares sum to the migration inventory, each but the last is ⌊M·t/10^4⌋, for any u64 M", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: U64_MAX }), weights, (inventory, targets) => {
        const shares = targets.map((_, i) => migrationShare(inventory, targets, i));
        expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(inventory);
        targets.slice(0, -1).forEach((target, i) => {
          expect(shares[i]).toBe((inventory * BigInt(target)) / 10_000n);
        });
        // The last one's rest is its own floor plus less than one unit per component.
        const last = targets.length - 1;
        const lastFloor = (inventory * BigInt(targets[last]!)) / 10_000n;
        expect(shares[last]! - lastFloor).toBeGreaterThanOrEqual(0n);
        expect(shares[last]! - lastFloor).toBeLessThan(BigInt(targets.length));
      }),
      { numRuns: 2_000 },
    );
  });
});
