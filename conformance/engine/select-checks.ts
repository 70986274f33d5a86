import type { Check, Phase } from "./check.ts";

export interface Shard {
  /** 1-based: shard 1 of 3 is `{ index: 1, count: 3 }`. */
  readonly index: number;
  readonly count: number;
}

export interface Selection {
  readonly phases?: readonly Phase[];
  /** Comma-separated globs over check ids: `*` any run of characters, `?` one. */
  readonly checks?: string;
  readonly shard?: Shard;
}

/** A glob over check ids as a regular expression (anchored; `*` crosses dots). */
export function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replaceAll("*", ".*")
    .replaceAll("?", ".");
  return new RegExp(`^${escaped}$`);
}

/**
 * The checks a run executes, in registry order: those of the named phases whose ids match
 * a glob, then this shard's share. Shards split the matching ids sorted alphabetically,
 * round robin, so every CI job gets the same share for the same registry.
 */
export function selectChecks(registry: readonly Check[], selection: Selection): Check[] {
  const globs = selection.checks?.split(",").map((glob) => globToRegExp(glob.trim()));
  const chosen = registry.filter(
    (check) => (!selection.phases || selection.phases.includes(check.phase)) && (!globs || globs.some((glob) => glob.test(check.id))),
  );
  const { shard } = selection;
  if (!shard) return chosen;
  const sorted = chosen.map((check) => check.id).sort();
  const mine = new Set(sorted.filter((_, position) => position % shard.count === shard.index - 1));
  return chosen.filter((check) => mine.has(check.id));
}
