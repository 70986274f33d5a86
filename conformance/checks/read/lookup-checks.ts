import type { Check } from "../../engine/check.ts";
import { getJson, launchPath } from "../../model/read-json.ts";
import { judge } from "../../model/run-property.ts";
import { ensure } from "../../model/violation.ts";
import { sampledLaunches } from "./sample-launches.ts";

/** Launches looked up per check: enough to meet every status the server lists. */
const LOOKUPS = 12;

export const launchLookupSameRecord: Check = {
  id: "launch.lookup.sameRecord",
  phase: "read",
  rule: {
    section: "Endpoints › GET /v1/launches/{id}",
    text: "id is a launch address, a primary mint or a ticker; tickers are not unique and resolve to one of the launches sharing it",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      for (const launch of sampledLaunches(context).slice(0, LOOKUPS)) {
        const byAddress = await getJson(context, launchPath(launch.address));
        const byMint = await getJson(context, launchPath(launch.primaryMint));
        for (const [id, record] of [
          [launch.address, byAddress],
          [launch.primaryMint, byMint],
        ] as const)
          ensure(
            record.address === launch.address && record.primaryMint === launch.primaryMint,
            `GET /v1/launches/${id} answered another launch`,
            {
              input: { id },
              expected: { address: launch.address, primaryMint: launch.primaryMint },
              actual: { address: record.address, primaryMint: record.primaryMint },
            },
          );
        for (const field of ["symbol", "name", "creator", "kind"])
          ensure(byAddress[field] === byMint[field], `by address and by mint the launch's ${field} differs`, {
            input: { address: launch.address, mint: launch.primaryMint },
            actual: { byAddress: byAddress[field], byMint: byMint[field] },
          });
        const byTicker = await getJson(context, launchPath(launch.symbol));
        ensure(byTicker.symbol === launch.symbol, `the ticker ${launch.symbol} resolved to a launch of symbol ${byTicker.symbol}`, {
          input: { id: launch.symbol },
          expected: { symbol: launch.symbol },
          actual: { address: byTicker.address, symbol: byTicker.symbol },
        });
      }
    });
  },
};

function exactSearchCheck(id: string, field: "address" | "primaryMint", what: string): Check {
  return {
    id,
    phase: "read",
    rule: {
      section: "Endpoints › GET /v1/search",
      text: `q is text to find in a ticker or name, or an exact launch address or mint: an exact ${what} finds its launch`,
    },
    enforces: "specification",
    async run(context) {
      await judge(context, async () => {
        for (const launch of sampledLaunches(context).slice(0, LOOKUPS)) {
          const query = { q: launch[field], kind: launch.kind };
          const body = await getJson(context, "/v1/search", query);
          const rows = body.launches as { address: string }[];
          ensure(
            Array.isArray(rows) && rows.some((row) => row.address === launch.address),
            `searching the exact ${what} ${launch[field]} did not find launch ${launch.address}`,
            {
              input: query,
              expected: launch.address,
              actual: Array.isArray(rows) ? rows.map((row) => row.address) : body,
            },
          );
        }
      });
    },
  };
}

export const searchFindsExactAddress = exactSearchCheck("search.findsExactAddress", "address", "launch address");
export const searchFindsExactMint = exactSearchCheck("search.findsExactMint", "primaryMint", "mint");

export const searchEmptyQuery: Check = {
  id: "search.emptyQuery",
  phase: "read",
  rule: { section: "Endpoints › GET /v1/search", text: "q: empty returns an empty list" },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      for (const query of [{ q: "" }, { q: "", kind: "all" }]) {
        const body = await getJson(context, "/v1/search", query);
        ensure(Array.isArray(body.launches), "an empty q's answer has no launches list", { input: query, actual: body });
        ensure(body.launches.length === 0, "an empty q returned launches", {
          input: query,
          expected: [],
          actual: body.launches,
        });
      }
    });
  },
};
