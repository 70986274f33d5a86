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
  kind: fc.option(fc.constantFrom(...KINDS), { nil: undefined }),
  limit: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 100 })),
});

/** The query of a case, without its page size. */
export function queryOf(list: ListCase): Query {
  return { tab: list.tab, ...(list.sort ? { sort: list.sort } : {}), ...(list.kind ? { kind: list.kind } : {}) };
}
