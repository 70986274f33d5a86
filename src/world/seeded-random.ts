import { createHash } from "node:crypto";

/**
 * A deterministic number in [0, 1) for `label` in the world of `seed`. Everything the
 * world chooses (prices, reserves, names, bot moves) draws from here, never Math.random.
 */
export function seededUnit(seed: string, label: string): number {
  const digest = createHash("sha256").update(`basket-devnet:random:${seed}:${label}`).digest();
  // 52 bits fill a double's mantissa exactly.
  return Number(digest.readBigUInt64BE(0) >> 12n) / 2 ** 52;
}

/**
 * `items` in a seeded order: ascending by each item's `seededUnit` under `labelOf(item)`.
 * Each item's unit is drawn once (a comparator that hashed both sides drew O(n log n) of
 * them, most of a world build's hashing); the order is the same.
 */
export function seededOrder<T>(seed: string, items: readonly T[], labelOf: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, unit: seededUnit(seed, labelOf(item)) }));
  return keyed.sort((a, b) => a.unit - b.unit).map(({ item }) => item);
}

/** A whole number in [min, max] for `label`. */
export function seededInteger(seed: string, label: string, min: number, max: number): number {
  return min + Math.floor(seededUnit(seed, label) * (max - min + 1));
}

/** `value` moved by up to ±`spread` (a fraction), deterministically. */
export function seededJitter(seed: string, label: string, value: number, spread: number): number {
  return value * (1 + (seededUnit(seed, label) * 2 - 1) * spread);
}
