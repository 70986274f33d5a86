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

/** Strings of the specification's address pattern that are no 32-byte key (33 and 31 bytes once decoded). */
const PATTERN_ONLY_ADDRESSES = ["z".repeat(44), "2".repeat(42)];
/** Of the signature pattern, and no 64-byte signature (more bytes once decoded). */
const PATTERN_ONLY_SIGNATURE = "5".repeat(88);

/**
 * A lookup by an address of the Notation's pattern that names nothing finds nothing, as one by
 * an unused key does: a 404 for a launch or a collectible, an empty wallet, `unknown` for a
 * signature. Our reading: the Notation defines an address by its pattern, so a server that
 * checks further (32 bytes once decoded) and refuses these with a 400 answers a well-formed
 * request as a malformed one.
 */
export const lookupPatternAddresses: Check = {
  id: "lookup.patternAddresses",
  phase: "read",
  rule: {
    section: "Notation; Endpoints",
    text: "Addresses and mints are base58 strings matching ^[1-9A-HJ-NP-Za-km-z]{32,44}$: a lookup by one that names nothing finds nothing (404, an empty wallet, status unknown), not a 400 (that any string of the pattern is well formed is our reading)",
  },
  enforces: "decision",
  async run(context) {
    await judge(context, async () => {
      for (const address of PATTERN_ONLY_ADDRESSES) {
        for (const path of [launchPath(address), `/v1/collectibles/${address}`]) {
          const answer = await context.exchange({ method: "GET", path });
          ensure(answer.status === 404, `GET ${path} (an address of the pattern naming nothing) answered ${answer.status}, not 404`, {
            input: { path },
            expected: 404,
            actual: answer.body ?? answer.text.slice(0, 300),
          });
        }
        const balances = await getJson(context, `/v1/wallets/${address}/balances`);
        ensure(Array.isArray(balances.tokens) && balances.tokens.length === 0, `the wallet ${address} holds tokens`, {
          input: { wallet: address },
          actual: balances,
        });
      }
      const status = await getJson(context, `/v1/transactions/${PATTERN_ONLY_SIGNATURE}`);
      ensure(status.status === "unknown", `a signature of the pattern that names nothing reports ${JSON.stringify(status.status)}`, {
        input: { signature: PATTERN_ONLY_SIGNATURE },
        expected: "unknown",
        actual: status,
      });
    });
  },
};
