import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import type { Query } from "../../../src/client/basket-client.ts";
import type { Check, CheckContext } from "../../engine/check.ts";
import { documentValidators } from "../../engine/document-validator.ts";
import { readStable } from "../../engine/read-stable.ts";
import {
  collectiblesFingerprint,
  type CollectibleItem,
  type CollectibleWalk,
  walkCollectiblePages,
} from "../../model/collectible-pages.ts";
import { getJson } from "../../model/read-json.ts";
import { judge, runProperty } from "../../model/run-property.ts";
import { Violation, ensure } from "../../model/violation.ts";
import { specifiedFields } from "../../engine/specification-view.ts";

/**
 * Properties of `GET /v1/collectibles*` over the collectibles a server lists: answers valid
 * against the served document, pages disjoint, complete and ordered, filters that hold. A
 * server that documents no collectibles route, or lists no collectible, skips them with the
 * reason (nothing to judge is not a pass).
 */

const LIST_RULE = {
  section: "Endpoints › GET /v1/collectibles",
  text: "a cursor page: items, nextCursor (the cursor of the next page), serverTime; filters stage, row, group, q; sort newest, oldest, name",
};
/** Collectibles whose record, vault and vault cards are fetched by the validity check. */
const RECORDS_READ = 12;

/** Every collectible the server lists (oldest first, pages of 50), once per run; skips when none. */
async function everyCollectible(context: CheckContext): Promise<CollectibleItem[]> {
  const items = await context.shared("collectibles.every", async (shared) => {
    try {
      return (await walkCollectiblePages(shared, { sort: "oldest" }, 50)).pages.flat();
    } catch (error) {
      return error instanceof Violation ? { violation: error.message, details: error.details } : Promise.reject(error);
    }
  });
  if (!Array.isArray(items)) context.fail(`listing every collectible failed: ${items.violation}`, items.details);
  if (items.length === 0) context.skip("the server lists no collectibles: GET /v1/collectibles answered an empty page");
  return items;
}

interface ListCase {
  readonly sort: "newest" | "oldest" | "name";
  readonly limit: number;
  readonly stage?: string;
  readonly row?: string;
  readonly q?: string;
}

const queryOf = (list: ListCase): Query => {
  const { limit: _, ...query } = list;
  return query as Query;
};

/** The values a list case draws its filters from: the stages, rows and name pieces the server's collectibles have. */
function filterValues(items: readonly CollectibleItem[]) {
  return {
    stages: [...new Set(items.map((item) => item.stage))],
    rows: [...new Set(items.map((item) => item.row))],
    texts: [...new Set(items.flatMap((item) => [item.name.slice(0, 3), item.symbol.slice(1, 3)]).filter((text) => text.trim() !== ""))],
  };
}

/** Cases over the values the server's own collectibles show: their stages, rows, and pieces of their names. */
function listCases(items: readonly CollectibleItem[]): fc.Arbitrary<ListCase> {
  const { stages, rows, texts } = filterValues(items);
  return fc.record(
    {
      sort: fc.constantFrom("newest" as const, "oldest" as const, "name" as const),
      limit: fc.integer({ min: 1, max: Math.max(2, Math.min(12, items.length)) }),
      stage: fc.constantFrom(...stages),
      row: fc.constantFrom(...rows),
      q: fc.constantFrom(...texts, "zzqzz"),
    },
    { requiredKeys: ["sort", "limit"] },
  );
}

/**
 * Cases every run judges, whatever the seed draws: each sort, and each filter once (a draw of
 * ten may hold no `q`, and a server ignoring it then passed).
 */
function examplesOf(items: readonly CollectibleItem[]): ListCase[] {
  const { stages, rows, texts } = filterValues(items);
  return [
    { sort: "newest", limit: 1 },
    { sort: "oldest", limit: 3 },
    { sort: "name", limit: 2 },
    ...(texts[0] === undefined ? [] : [{ sort: "newest" as const, limit: 2, q: texts[0] }]),
    ...(stages[0] === undefined ? [] : [{ sort: "oldest" as const, limit: 2, stage: stages[0] }]),
    ...(rows[0] === undefined ? [] : [{ sort: "name" as const, limit: 2, row: rows[0] }]),
  ];
}

/** Walks a case while the collectibles hold still (none appears, none changes stage); skips the check when they never do. */
function stableWalk(context: CheckContext, list: ListCase): Promise<CollectibleWalk> {
  return readStable(context, {
    what: "the collectibles (new ones, new stages)",
    read: () => walkCollectiblePages(context, queryOf(list), list.limit),
    mark: () => collectiblesFingerprint(context),
  });
}

function listProperty(
  id: string,
  rule: Check["rule"],
  enforces: Check["enforces"],
  property: (context: CheckContext, list: ListCase, walk: CollectibleWalk, every: readonly CollectibleItem[]) => Promise<void> | void,
): Check {
  return {
    id,
    phase: "read",
    rule,
    enforces,
    async run(context) {
      const every = await everyCollectible(context);
      await runProperty(context, listCases(every), async (list) => property(context, list, await stableWalk(context, list), every), {
        maxRuns: 10,
        examples: examplesOf(every),
      });
    },
  };
}

export const collectiblesPagingDisjoint = listProperty("collectibles.paging.disjoint", LIST_RULE, "specification", (_, list, walk) => {
  const seen = new Map<string, number>();
  walk.pages.forEach((page, index) => {
    for (const item of page) {
      ensure(!seen.has(item.launch), `collectible ${item.launch} is on page ${seen.get(item.launch)! + 1} and again on page ${index + 1}`, {
        input: { query: walk.queries[index] },
        actual: walk.pages.map((p) => p.map((i) => i.launch)),
      });
      seen.set(item.launch, index);
    }
  });
  void list;
});

export const collectiblesPagingComplete = listProperty(
  "collectibles.paging.complete",
  LIST_RULE,
  "specification",
  async (context, list, walk) => {
    const reference = await walkCollectiblePages(context, queryOf(list), 50);
    const paged = new Set(walk.pages.flat().map((item) => item.launch));
    const whole = new Set(reference.pages.flat().map((item) => item.launch));
    const missing = [...whole].filter((launch) => !paged.has(launch));
    const extra = [...paged].filter((launch) => !whole.has(launch));
    ensure(missing.length === 0 && extra.length === 0, `pages of ${list.limit} hold another set than pages of 50`, {
      input: { query: queryOf(list), limit: list.limit },
      expected: { missing: [], extra: [] },
      actual: { missing, extra },
    });
  },
);

export const collectiblesPagingOrdered = listProperty(
  "collectibles.paging.ordered",
  {
    section: "Endpoints › GET /v1/collectibles",
    text: "sort = newest, oldest, name: our document orders newest by createdAt descending, oldest ascending, name by the name case-insensitively A to Z, across pages",
  },
  "decision",
  (_, list, walk) => {
    const items = walk.pages.flat();
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      const inOrder =
        list.sort === "newest"
          ? a.createdAt >= b.createdAt
          : list.sort === "oldest"
            ? a.createdAt <= b.createdAt
            : a.name.toLowerCase() <= b.name.toLowerCase();
      ensure(inOrder, `sort ${list.sort}: item ${i} (${a.launch}) comes before item ${i + 1} (${b.launch})`, {
        input: { query: queryOf(list), limit: list.limit },
        actual: items.map((item) => [item.launch, list.sort === "name" ? item.name : item.createdAt]),
      });
    }
  },
);

export const collectiblesFiltersHold = listProperty(
  "collectibles.filters.hold",
  {
    section: "Endpoints › GET /v1/collectibles",
    text: "stage: only collectibles in this stage; row: only this row; q: text to find in a name or ticker (every one whose name or ticker holds it as sent is listed; one listed may match in another case, or by its card's item name)",
  },
  "specification",
  (_, list, walk, every) => {
    const items = walk.pages.flat();
    const q = list.q?.toLowerCase();
    for (const item of items) {
      const names = [item.name, item.symbol, item.card?.itemName ?? ""].map((text) => String(text).toLowerCase());
      const broken =
        list.stage !== undefined && item.stage !== list.stage
          ? `stage ${item.stage}`
          : list.row !== undefined && item.row !== list.row
            ? `row ${item.row}`
            : q !== undefined && !names.some((name) => name.includes(q))
              ? `no name or ticker containing ${JSON.stringify(list.q)}`
              : null;
      ensure(broken === null, `${item.launch} is listed for ${JSON.stringify(queryOf(list))} with ${broken}`, {
        input: { query: queryOf(list) },
        actual: { launch: item.launch, stage: item.stage, row: item.row, name: item.name, symbol: item.symbol },
      });
    }
    // A filter keeps every match, not merely some: the unfiltered list tells which. Required are
    // those whose name or ticker holds the text as it was sent: whether case counts, and whether
    // a card's item name is "a name", is each server's (a listed one may match either way, above).
    const expected = every.filter(
      (item) =>
        (list.stage === undefined || item.stage === list.stage) &&
        (list.row === undefined || item.row === list.row) &&
        (list.q === undefined || [item.name, item.symbol].some((text) => String(text).includes(list.q!))),
    );
    const listed = new Set(items.map((item) => item.launch));
    const left = expected.filter((item) => !listed.has(item.launch)).map((item) => item.launch);
    ensure(left.length === 0, `the filter ${JSON.stringify(queryOf(list))} left out collectibles that match it`, {
      input: { query: queryOf(list) },
      actual: { leftOut: left },
    });
  },
);

export const collectiblesGroupsPartition: Check = {
  id: "collectibles.groups.partition",
  phase: "read",
  rule: {
    section: "States and transitions; Endpoints › GET /v1/collectibles",
    text: "group is a named group of stages: our document's groups (raising, acquisition, trading) split the stages, so together they list every collectible once, and one stage never spans two groups",
  },
  enforces: "decision",
  async run(context) {
    const every = await everyCollectible(context);
    const parameter = (context.documents.openapi.paths?.["/v1/collectibles"]?.get?.parameters ?? []).find(
      (p) => "name" in p && p.name === "group",
    ) as { schema?: { enum?: string[] } } | undefined;
    const groups: readonly string[] = parameter?.schema?.enum ?? [];
    if (groups.length === 0) context.skip("the document names no values of the group parameter");
    await judge(context, async () => {
      const walked = await readStable(context, {
        what: "the collectibles (new ones, new stages)",
        read: async () => {
          const byGroup = new Map<string, CollectibleItem[]>();
          for (const group of groups) byGroup.set(group, (await walkCollectiblePages(context, { group, sort: "oldest" }, 50)).pages.flat());
          return byGroup;
        },
        mark: () => collectiblesFingerprint(context),
      });
      const groupOf = new Map<string, string>();
      const stageGroup = new Map<string, string>();
      for (const [group, items] of walked) {
        for (const item of items) {
          ensure(!groupOf.has(item.launch), `${item.launch} is in group ${groupOf.get(item.launch)} and in group ${group}`, {
            input: { group },
          });
          groupOf.set(item.launch, group);
          const known = stageGroup.get(item.stage);
          ensure(known === undefined || known === group, `stage ${item.stage} is in group ${known} and in group ${group}`, {
            input: { group },
          });
          stageGroup.set(item.stage, group);
        }
      }
      const outside = every.filter((item) => !groupOf.has(item.launch)).map((item) => `${item.launch} (${item.stage})`);
      ensure(outside.length === 0, "some collectibles are in no group", { expected: groups, actual: outside });
    });
  },
};

export const collectiblesResponsesValid: Check = {
  id: "collectibles.responses.valid",
  phase: "read",
  rule: {
    section: "Resources and their fields › Collectible record, Collectible vault, Vault card",
    text: "the list, each collectible, its vault and each vault card carry the listed fields with their types (validated against the served document, extra fields allowed)",
  },
  enforces: "specification",
  async run(context) {
    const every = await everyCollectible(context);
    const { relaxed } = documentValidators(context.documents.openapi);
    const validate = async (template: string, path: string, query: Query = {}) => {
      const body = await getJson(context, path, query);
      const error = relaxed.validateResponse("GET", template, 200, body).error;
      ensure(error === null, `GET ${path} answered a body its document does not describe: ${error}`, {
        input: { path, query },
        actual: body,
      });
      return body;
    };
    await judge(context, async () => {
      await validate("/v1/collectibles", "/v1/collectibles", { limit: 50 });
      // One of each stage first, then more, so every shape the records take is judged.
      const byStage = [...new Map(every.map((item) => [item.stage, item])).values()];
      const picked = [...new Set([...byStage, ...every])].slice(0, Math.max(RECORDS_READ, byStage.length));
      for (const item of picked) {
        const id = encodeURIComponent(item.launch);
        const record = await validate("/v1/collectibles/{id}", `/v1/collectibles/${id}`);
        for (const field of Object.keys(item))
          ensure(
            field in record,
            `the list item of ${item.launch} has ${field} but its record does not: list items carry the record's fields`,
            {
              input: { launch: item.launch },
              actual: Object.keys(record),
            },
          );
        const vault = await validate("/v1/collectibles/{id}/vault", `/v1/collectibles/${id}/vault`);
        for (const card of (vault.cards ?? []) as { asset: string }[])
          await validate("/v1/collectibles/{id}/vault/{asset}", `/v1/collectibles/${id}/vault/${encodeURIComponent(card.asset)}`);
      }
    });
  },
};

export const collectiblesVaultCardRoute: Check = {
  id: "collectibles.vault.cardRoute",
  phase: "read",
  rule: {
    section: "Resources and their fields › Vault card",
    text: "a vault card is an element of the vault's cards and also the body of GET /v1/collectibles/{id}/vault/{asset}",
  },
  enforces: "specification",
  async run(context) {
    const every = await everyCollectible(context);
    let compared = 0;
    await judge(context, async () => {
      for (const item of every) {
        const id = encodeURIComponent(item.launch);
        const vault = await getJson(context, `/v1/collectibles/${id}/vault`);
        for (const card of (vault.cards ?? []) as Record<string, unknown>[]) {
          const asset = String(card.asset);
          const body = await getJson(context, `/v1/collectibles/${id}/vault/${encodeURIComponent(asset)}`);
          // The fields the specification gives a vault card must agree, but the time a holding was
          // last checked, which moves with the clock between the two reads. What else either answer
          // carries is the server's own (a route's body may say more than the list's element).
          const compare = (answer: Record<string, unknown>) =>
            Object.fromEntries(
              specifiedFields("VaultCard")
                .filter((field) => field !== "stillHeldCheckedAt" && field in answer)
                .map((field) => [field, answer[field]]),
            );
          const inVault = compare(card);
          const alone = compare(body);
          ensure(
            // Equal as values: the order a server writes an object's keys in says nothing.
            isDeepStrictEqual(inVault, alone),
            `the vault card ${asset} of ${item.launch} differs from its own route's body`,
            {
              input: { launch: item.launch, asset },
              expected: inVault,
              actual: alone,
            },
          );
          compared += 1;
        }
      }
    });
    if (compared === 0) context.skip("no collectible's vault holds a card yet: nothing to compare");
  },
};

export const COLLECTIBLE_CHECKS: readonly Check[] = [
  collectiblesResponsesValid,
  collectiblesPagingDisjoint,
  collectiblesPagingOrdered,
  collectiblesPagingComplete,
  collectiblesFiltersHold,
  collectiblesGroupsPartition,
  collectiblesVaultCardRoute,
];
