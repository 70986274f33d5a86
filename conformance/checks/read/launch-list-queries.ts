import fc from "fast-check";
import type { Query } from "../../../src/client/basket-client.ts";

/** The paged list's tabs and sorts, as the specification names them. */
export const TABS = ["trending", "new", "almost", "graduated", "volume"] as const;
export const SORTS = ["mcap", "vol", "change", "bonding", "newest"] as const;
export const KINDS = ["pairs", "collectibles", "all"] as const;

export interface ListCase {
  readonly tab: (typeof TABS)[number];
  readonly sort: (typeof SORTS)[number] | undefined;
  readonly kind: (typeof KINDS)[number] | undefined;
  readonly limit: number;
}

/** A paged query and a page size: small sizes make many pages, large ones few. */
export const listCases: fc.Arbitrary<ListCase> = fc.record({
  tab: fc.constantFrom(...TABS),
  sort: fc.option(fc.constantFrom(...SORTS), { nil: undefined }),
  // Collectibles may be absent (an empty list shows no paging): most cases list everything.
  kind: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constantFrom(...KINDS) }),
  limit: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 10 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 100 }) }),
});

/** Cases tried first: whole lists in small pages, where a broken keyset shows at once. */
export const LIST_EXAMPLES: readonly ListCase[] = [
  { tab: "new", sort: undefined, kind: undefined, limit: 3 },
  { tab: "trending", sort: undefined, kind: "all", limit: 2 },
];

/** The query of a case, without its page size. */
export function queryOf(list: ListCase): Query {
  return { tab: list.tab, ...(list.sort ? { sort: list.sort } : {}), ...(list.kind ? { kind: list.kind } : {}) };
}
