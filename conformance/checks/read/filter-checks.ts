import type { Check, CheckContext } from "../../engine/check.ts";
import type { Row } from "../../model/launch-pages.ts";
import { getJson } from "../../model/read-json.ts";
import { judge } from "../../model/run-property.ts";
import { ensure } from "../../model/violation.ts";
import { agreesAsPublished } from "../../model/published-number.ts";

const LIST = "Endpoints › GET /v1/launches";

/** The rows of one answer of a list route, asked with `query`; fails when `launches` is not an array. */
async function rowsOf(
  context: CheckContext,
  path: string,
  query: Record<string, string>,
): Promise<{ rows: Row[]; body: Record<string, unknown> }> {
  const body = await getJson(context, path, query);
  ensure(Array.isArray(body.launches), `${path} answered without a launches array`, { input: { path, query }, actual: body });
  return { rows: body.launches as Row[], body };
}

/** Fails naming the first row `keeps` refuses, with the filter that should have left it out. */
function everyRow(rows: readonly Row[], keeps: (row: Row) => boolean, what: string, input: unknown, shown: (row: Row) => unknown): void {
  const stray = rows.find((row) => !keeps(row));
  ensure(stray === undefined, `a row the filter leaves out was listed: ${what}`, { input, actual: stray && shown(stray) });
}

export const launchesFiltersMatch: Check = {
  id: "launches.filters.match",
  phase: "read",
  rule: {
    section: LIST,
    text: "every row a filter lets through matches it: kind (pairs, collectibles, on the list in legacy and paged mode, search and almost-paired), state bonding (on the curve) and graduated (past it), tab graduated, asset (a component symbol the recipe holds), creator; search rows hold q in their ticker or name; a paged answer carries nextCursor",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      for (const kind of ["pairs", "collectibles"]) {
        // A launch of the other kind, found by its exact address: a search filtered by kind leaves it out.
        const other = context.samples.launches.find((launch) => launch.kind !== undefined && launch.kind !== kind);
        const letter = (context.samples.launches[0]?.symbol ?? "A").slice(0, 1);
        for (const [path, query] of [
          ["/v1/launches", { tab: "new", kind, limit: "100" }],
          ["/v1/launches", { kind, limit: "100" }],
          ["/v1/launches/almost-paired", { kind }],
          ["/v1/search", { q: letter, kind }],
          ...(other ? ([["/v1/search", { q: other.address, kind }]] as const) : []),
        ] as const) {
          const { rows } = await rowsOf(context, path, query);
          everyRow(
            rows,
            (row) => row.kind === kind,
            `kind ${kind}`,
            { path, query },
            (row) => ({ address: row.address, kind: row.kind }),
          );
        }
      }
      // Only the ends are certain: a launch trading on the curve is not graduated, a graduated one is not bonding.
      // Where the statuses between them (graduationPending, migrating) belong is not said.
      const onCurve = (row: Row) => row.status === "activeBonding";
      const pastCurve = (row: Row) => row.status === "graduated";
      for (const [query, keeps, what] of [
        [
          { tab: "new", kind: "all", state: "bonding", limit: "100" },
          (row: Row) => !pastCurve(row),
          "state bonding lists no graduated launch",
        ],
        [
          { tab: "new", kind: "all", state: "graduated", limit: "100" },
          (row: Row) => !onCurve(row),
          "state graduated lists launches past the curve",
        ],
        [{ tab: "graduated", kind: "all", limit: "100" }, (row: Row) => !onCurve(row), "tab graduated lists launches past the curve"],
      ] as const) {
        const { rows, body } = await rowsOf(context, "/v1/launches", query);
        ensure("nextCursor" in body, "a paged answer carries no nextCursor", {
          input: { path: "/v1/launches", query },
          actual: Object.keys(body),
        });
        everyRow(rows, keeps, what, { path: "/v1/launches", query }, (row) => ({ address: row.address, status: row.status }));
      }

      const sample = context.samples.launches.find((launch) => launch.kind === "pairs") ?? context.noSample("basket launch");
      const record = await getJson<{ creator?: string; components?: { symbol?: string }[] }>(context, `/v1/launches/${sample.address}`);
      const symbol = record.components?.[0]?.symbol;
      if (typeof symbol === "string") {
        const query = { tab: "new", kind: "all", asset: symbol, limit: "100" };
        const { rows } = await rowsOf(context, "/v1/launches", query);
        ensure(rows.length > 0, `asset ${symbol} lists nothing, though ${sample.address} holds it`, { input: query });
        const holds = (row: Row) => Array.isArray(row.components) && row.components.some((component) => component?.symbol === symbol);
        everyRow(rows, holds, `asset ${symbol}`, { path: "/v1/launches", query }, (row) => ({
          address: row.address,
          components: row.components,
        }));
      }
      if (typeof record.creator === "string") {
        const query = { tab: "new", kind: "all", creator: record.creator, limit: "100" };
        const { rows } = await rowsOf(context, "/v1/launches", query);
        // A creator of more than a page of launches may list this one further on.
        ensure(
          rows.length === 100 || rows.some((row) => row.address === sample.address),
          `creator ${record.creator} does not list ${sample.address}, which it created`,
          { input: query },
        );
        everyRow(
          rows,
          (row) => row.creator === record.creator,
          `creator ${record.creator}`,
          { path: "/v1/launches", query },
          (row) => ({ address: row.address, creator: row.creator }),
        );
      }

      const q = sample.symbol.slice(0, 3).toLowerCase();
      const query = { q, kind: "all" };
      const { rows } = await rowsOf(context, "/v1/search", query);
      const holdsText = (row: Row) =>
        `${row.symbol} ${String(row.name ?? "")}`.toLowerCase().includes(q) || row.address === q || row.primaryMint === q;
      everyRow(rows, holdsText, `search for "${q}"`, { path: "/v1/search", query }, (row) => ({
        address: row.address,
        symbol: row.symbol,
        name: row.name,
      }));
    });
  },
};

export const launchesPriceSol: Check = {
  id: "launches.priceSol.fromPriceE12",
  phase: "read",
  rule: {
    section: "Resources and their fields › Launch row",
    text: "Multiply priceE12 by dnaUnitSol to get SOL: a row's priceSol is priceE12 / 10^12 × dnaUnitSol",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      const query = { tab: "new", kind: "all", limit: "100" };
      const { rows } = await rowsOf(context, "/v1/launches", query);
      let judged = 0;
      for (const row of rows) {
        const { priceE12, dnaUnitSol, priceSol } = row as { priceE12?: unknown; dnaUnitSol?: unknown; priceSol?: unknown };
        if (typeof dnaUnitSol !== "number" || typeof priceSol !== "number" || typeof priceE12 !== "string") continue;
        judged += 1;
        const expected = (Number(priceE12) / 1e12) * dnaUnitSol;
        ensure(agreesAsPublished(priceSol, expected, [dnaUnitSol]), `${row.address}'s priceSol is not priceE12 / 10^12 × dnaUnitSol`, {
          input: { path: "/v1/launches", query },
          expected,
          actual: { priceSol, priceE12, dnaUnitSol },
        });
      }
      if (judged === 0) context.skip("no listed row carries a priceSol with its priceE12 and dnaUnitSol");
    });
  },
};

/** The launch statuses the specification lists for `status`. */
const STATUSES = ["activeBonding", "graduationPending", "migrating", "graduated"] as const;

export const launchesSelectors: Check = {
  id: "launches.filters.select",
  phase: "read",
  rule: {
    section: LIST,
    text: "status (activeBonding, graduationPending, migrating, graduated) lists launches of that status; cat lists launches of that category; ids lists the launches named, up to 100",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      for (const status of STATUSES) {
        const query = { status, limit: "100" };
        const { rows } = await rowsOf(context, "/v1/launches", query);
        everyRow(
          rows,
          (row) => row.status === status,
          `status ${status}`,
          { path: "/v1/launches", query },
          (row) => ({
            address: row.address,
            status: row.status,
          }),
        );
        const known = context.samples.launches.find((launch) => launch.status === status && launch.kind === "pairs");
        // A status with more than a page of launches may list the sample further on.
        if (known)
          ensure(
            rows.length === 100 || rows.some((row) => row.address === known.address),
            `status ${status} does not list ${known.address}`,
            {
              input: query,
            },
          );
      }

      const pairs = context.samples.launches.filter((launch) => launch.kind === "pairs");
      if (pairs.length === 0) context.noSample("basket launch");
      const record = await getJson<{ category?: unknown }>(context, `/v1/launches/${pairs[0]!.address}`);
      if (typeof record.category === "string") {
        const query = { tab: "new", kind: "all", cat: record.category, limit: "100" };
        const { rows } = await rowsOf(context, "/v1/launches", query);
        ensure(
          rows.length === 100 || rows.some((row) => row.address === pairs[0]!.address),
          `cat ${record.category} does not list ${pairs[0]!.address}, of that category`,
          {
            input: query,
          },
        );
        everyRow(
          rows,
          (row) => row.category === record.category,
          `cat ${record.category}`,
          { path: "/v1/launches", query },
          (row) => ({
            address: row.address,
            category: row.category,
          }),
        );
      }

      const named = pairs.slice(0, 3).map((launch) => launch.address);
      const query = { tab: "new", kind: "all", ids: named.join(","), limit: "100" };
      const { rows } = await rowsOf(context, "/v1/launches", query);
      everyRow(
        rows,
        (row) => named.includes(row.address),
        `ids ${query.ids}`,
        { path: "/v1/launches", query },
        (row) => row.address,
      );
      const listed = new Set(rows.map((row) => row.address));
      const absent = named.filter((address) => !listed.has(address));
      ensure(absent.length === 0, `ids named ${absent.join(", ")}, which the list does not hold`, { input: query, actual: [...listed] });
    });
  },
};
