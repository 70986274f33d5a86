import type { Check } from "../../engine/check.ts";
import { itemsOf } from "../../model/collectible-pages.ts";
import { getJson, launchPath } from "../../model/read-json.ts";
import { judge } from "../../model/run-property.ts";
import { ensure } from "../../model/violation.ts";
import { busiestLaunch } from "./sample-launches.ts";

/** Reads of one pair before the answers are judged as they are: trades landing between the two reads can change a list. */
const ATTEMPTS = 3;

interface DefaultCase {
  readonly path: string;
  /** The field holding the rows (named in a failure). */
  readonly rows: string;
  /** The rows of an answer, when not simply its `rows` field. */
  readonly read?: (body: Record<string, unknown>) => unknown;
  /** The query that names the documented defaults of what the other leaves out. */
  readonly explicit: Record<string, string>;
  /** What a row is keyed by, to compare the two answers row for row. */
  readonly key: (row: Record<string, unknown>) => string;
  /** A default limit tells only on a list longer than it: the wider query that shows whether this one is. */
  readonly longerThan?: { readonly query: Record<string, string>; readonly count: number };
}

/** The keys of the rows of `path` asked with `query`. */
async function keysOf(context: Parameters<Check["run"]>[0], { path, rows, read, key }: DefaultCase, query: Record<string, string>) {
  const body = await getJson(context, path, query);
  const found = read ? read(body) : body[rows];
  ensure(Array.isArray(found), `${path} answered without a ${rows} array`, { input: { path, query }, actual: body });
  // Compared as sets: the order is judged elsewhere, and an answer cached a moment apart may order ties another way.
  return (found as Record<string, unknown>[]).map(key).sort();
}

export const defaultsDocumented: Check = {
  id: "defaults.documented",
  phase: "read",
  rule: {
    section: "Endpoints; Limits",
    text: "a parameter left out takes its documented default: GET /v1/launches limit 50, GET /v1/launches/{id}/trades limit 50, GET /v1/launches/{id}/chart bucket 60 and limit 500, GET /v1/collectibles limit 24",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      const launch = launchPath(busiestLaunch(context).address);
      const cases: DefaultCase[] = [
        {
          path: "/v1/launches",
          rows: "launches",
          explicit: { limit: "50" },
          key: (row) => String(row.address),
          longerThan: { query: { limit: "100" }, count: 50 },
        },
        {
          path: `${launch}/trades`,
          rows: "trades",
          explicit: { limit: "50" },
          key: (row) => `${row.slot}:${row.seq}`,
          longerThan: { query: { limit: "200" }, count: 50 },
        },
        { path: `${launch}/chart`, rows: "candles", explicit: { bucket: "60", limit: "500" }, key: (row) => String(row.t) },
        {
          path: "/v1/collectibles",
          rows: "items",
          // The specification names the page's key both ways (items in its sample, collectibles in its text).
          read: itemsOf,
          explicit: { limit: "24" },
          key: (row) => String(row.launch),
          longerThan: { query: { limit: "50" }, count: 24 },
        },
      ];
      for (const item of cases) {
        if (item.longerThan && (await keysOf(context, item, item.longerThan.query)).length <= item.longerThan.count) {
          context.note("info", `${item.path} lists ${item.longerThan.count} rows or fewer: its default limit was not judged`);
          continue;
        }
        let left: string[] = [];
        let named: string[] = [];
        for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
          [left, named] = [await keysOf(context, item, {}), await keysOf(context, item, item.explicit)];
          if (left.join() === named.join()) break;
        }
        ensure(left.join() === named.join(), `${item.path} with its parameters left out is not ${JSON.stringify(item.explicit)}`, {
          input: { path: item.path, explicit: item.explicit },
          expected: { rows: named.length, first: named.slice(0, 3) },
          actual: { rows: left.length, first: left.slice(0, 3) },
        });
      }
    });
  },
};
