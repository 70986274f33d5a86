import type { Check, CheckContext } from "../../engine/check.ts";
import { readStable } from "../../engine/read-stable.ts";
import { type Row, listFingerprint, walkLaunchPages } from "../../model/launch-pages.ts";
import { getJson } from "../../model/read-json.ts";
import { judge, runProperty } from "../../model/run-property.ts";
import { ensure } from "../../model/violation.ts";
import { LIST_EXAMPLES, type ListCase, listCases, queryOf } from "./launch-list-queries.ts";

const PAGED = {
  section: "Endpoints › GET /v1/launches",
  text: "Paged mode, when any of those parameters is present: a keyset page with nextCursor; cursor is the nextCursor of the previous page",
};

/** Walks a case while the list holds still (its whole order read before and after); skips the check when it never does. */
async function stableWalk(context: CheckContext, list: ListCase) {
  const query = queryOf(list);
  return readStable(context, {
    what: `the list ${JSON.stringify(query)}`,
    read: () => walkLaunchPages(context, query, list.limit),
    mark: () => listFingerprint(context, query),
  });
}

export const launchesPagingDisjoint: Check = {
  id: "launches.paging.disjoint",
  phase: "read",
  rule: PAGED,
  enforces: "specification",
  async run(context) {
    await runProperty(
      context,
      listCases,
      async (list) => {
        const walk = await stableWalk(context, list);
        const seen = new Map<string, number>();
        walk.pages.forEach((page, index) => {
          for (const row of page) {
            ensure(
              !seen.has(row.address),
              `launch ${row.address} is on page ${seen.get(row.address)! + 1} and again on page ${index + 1}`,
              {
                input: { query: walk.queries[index] },
                actual: walk.pages.map((p) => p.map((r) => r.address)),
              },
            );
            seen.set(row.address, index);
          }
        });
      },
      { maxRuns: 12, examples: LIST_EXAMPLES },
    );
  },
};

export const launchesPagingComplete: Check = {
  id: "launches.paging.complete",
  phase: "read",
  rule: PAGED,
  enforces: "specification",
  async run(context) {
    await runProperty(
      context,
      listCases,
      async (list) => {
        // Both walks between the same two marks: a list that changed between them (a new
        // launch, a trade moving a row across a filter) is walked again, not blamed on paging.
        const query = queryOf(list);
        const { walk, reference } = await readStable(context, {
          what: `the list ${JSON.stringify(query)}, in pages of ${list.limit} and of 100`,
          read: async () => ({
            walk: await walkLaunchPages(context, query, list.limit),
            reference: await walkLaunchPages(context, query, 100),
          }),
          mark: () => listFingerprint(context, query),
        });
        const paged = new Set(walk.pages.flat().map((row) => row.address));
        const whole = new Set(reference.pages.flat().map((row) => row.address));
        const missing = [...whole].filter((address) => !paged.has(address));
        const extra = [...paged].filter((address) => !whole.has(address));
        ensure(missing.length === 0 && extra.length === 0, `pages of ${list.limit} hold another set than pages of 100`, {
          input: { query: queryOf(list), limit: list.limit },
          expected: { missing: [], extra: [] },
          actual: { missing, extra },
        });
      },
      { maxRuns: 10, examples: LIST_EXAMPLES },
    );
  },
};

/** The row field each order sorts by (descending), and whether ties fall back to the address ascending. */
const ORDER_KEYS: Record<string, { field: string; tieByAddress: boolean; key: (row: Row) => number }> = {
  trending: { field: "trades24", tieByAddress: true, key: (row) => Number(row.trades24) },
  mcap: { field: "marketCap", tieByAddress: true, key: (row) => Number(row.marketCap) },
  vol: { field: "volume24hUsd", tieByAddress: false, key: (row) => Number(row.volume24hUsd) },
  change: { field: "change24Bps", tieByAddress: true, key: (row) => Number(row.change24Bps) },
  bonding: { field: "progressBps", tieByAddress: true, key: (row) => Number(row.progressBps) },
  newest: { field: "createdAt", tieByAddress: false, key: (row) => Date.parse(row.createdAt) },
};
const TAB_ORDER: Record<string, string> = { trending: "trending", new: "newest", almost: "bonding", graduated: "mcap", volume: "vol" };

export const launchesPagingOrdered: Check = {
  id: "launches.paging.ordered",
  phase: "read",
  rule: {
    section: "Endpoints › GET /v1/launches",
    text: "tab and sort name an order (trending, new, almost, graduated, volume; mcap, vol, change, bonding, newest): our document orders each descending by the row's figure, ties by address ascending, across pages",
  },
  enforces: "decision",
  async run(context) {
    await runProperty(
      context,
      listCases,
      async (list) => {
        const walk = await stableWalk(context, list);
        const order = list.sort ?? TAB_ORDER[list.tab]!;
        const { field, key, tieByAddress } = ORDER_KEYS[order]!;
        const rows = walk.pages.flat();
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1]!, rows[i]!];
          const inOrder = key(a) > key(b) || (key(a) === key(b) && (!tieByAddress || a.address < b.address));
          ensure(
            inOrder,
            `order ${order}: row ${i} (${a.address}, ${field} ${String(a[field])}) comes before row ${i + 1} (${b.address}, ${field} ${String(b[field])})`,
            {
              input: { query: queryOf(list), limit: list.limit },
              expected: `${field} descending${tieByAddress ? ", ties by address ascending" : ""}`,
              actual: rows.map((row) => [row.address, row[field]]),
            },
          );
        }
      },
      { maxRuns: 12, examples: LIST_EXAMPLES },
    );
  },
};

export const launchesLegacyVsPaged: Check = {
  id: "launches.legacyVsPaged",
  phase: "read",
  rule: {
    section: "Endpoints › GET /v1/launches",
    text: "Legacy mode (none of tab, sort, state, cat, asset, creator, ids, cursor) returns up to limit launches; paged mode returns a keyset page with nextCursor",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      const legacyQuery = { limit: 3 };
      const legacy = await getJson(context, "/v1/launches", legacyQuery);
      ensure(Array.isArray(legacy.launches) && legacy.launches.length <= 3, "legacy mode returned more than limit launches", {
        input: legacyQuery,
        actual: legacy.launches?.length,
      });
      // Only paged mode has a cursor: a legacy answer may say so with a null one, never hand out a cursor.
      ensure(
        legacy.nextCursor === undefined || legacy.nextCursor === null,
        "legacy mode answered with a nextCursor: only paged mode has one",
        {
          input: legacyQuery,
          actual: legacy.nextCursor,
        },
      );
      for (const pagedQuery of [
        { tab: "new", limit: 3 },
        { sort: "newest", limit: 3 },
        { state: "bonding", limit: 3 },
      ]) {
        const paged = await getJson(context, "/v1/launches", pagedQuery);
        ensure(
          "nextCursor" in paged && (paged.nextCursor === null || typeof paged.nextCursor === "string"),
          "paged mode answered without nextCursor",
          {
            input: pagedQuery,
            actual: Object.keys(paged),
          },
        );
      }
    });
  },
};
