import type { Check } from "../../engine/check.ts";
import { expectAccepted, rowsOf } from "./boundary-probe.ts";

export const searchRows: Check = {
  id: "boundaries.search.rows",
  phase: "boundaries",
  rule: { section: "Limits", text: "GET /v1/search returns at most 20 rows" },
  enforces: "specification",
  async run(context) {
    // Broad queries: single letters and digits match the most tickers and names.
    const queries = new Set(["a", "e", "o", "1", ...context.samples.launches.slice(0, 5).map((launch) => launch.symbol.slice(0, 1))]);
    for (const q of queries) {
      const rows = rowsOf(
        context,
        await expectAccepted(context, { method: "GET", path: "/v1/search", query: { q } }, `q=${q}`),
        "launches",
      );
      if (rows.length > 20)
        context.fail(`q=${q} returned ${rows.length} rows`, { input: { q }, expected: "at most 20", actual: rows.length });
    }
  },
};

export const almostPairedRows: Check = {
  id: "boundaries.almostPaired.rows",
  phase: "boundaries",
  rule: {
    section: "Endpoints › GET /v1/launches/almost-paired",
    text: "at most 24 launches still on the curve with `progressBps` >= 7000, highest first",
  },
  enforces: "specification",
  async run(context) {
    for (const kind of [undefined, "pairs", "all"]) {
      const request = { method: "GET", path: "/v1/launches/almost-paired", query: kind ? { kind } : {} };
      const rows = rowsOf(context, await expectAccepted(context, request, `kind=${kind ?? "(absent)"}`), "launches") as {
        progressBps?: unknown;
        address?: unknown;
      }[];
      if (rows.length > 24) context.fail(`${rows.length} rows, more than 24`, { input: request, actual: rows.length });
      let previous = Number.POSITIVE_INFINITY;
      for (const row of rows) {
        const progress = typeof row.progressBps === "number" ? row.progressBps : Number.NaN;
        if (!(progress >= 7000))
          context.fail(`launch ${String(row.address)} has progressBps ${String(progress)}, below 7000`, { input: request, actual: row });
        if (progress >= 10_000)
          context.fail(`launch ${String(row.address)} has progressBps ${progress}: no longer on the curve`, {
            input: request,
            actual: row,
          });
        if (progress > previous)
          context.fail(`rows are not highest first: ${progress} after ${previous}`, {
            input: request,
            actual: rows.map((item) => item.progressBps),
          });
        previous = progress;
      }
    }
  },
};

export const liveCount: Check = {
  id: "boundaries.live.count",
  phase: "boundaries",
  rule: {
    section: "Limits",
    text: "GET /v1/trades/live returns the twelve most recent trades across launches (12 when the server has that many)",
  },
  enforces: "specification",
  async run(context) {
    const rows = rowsOf(context, await expectAccepted(context, { method: "GET", path: "/v1/trades/live" }, "the live list"), "trades");
    if (rows.length > 12) context.fail(`${rows.length} live trades, more than 12`, { actual: rows.length });
    if (rows.length === 12) return;
    // Fewer than 12 is right only on a server with fewer trades in all: count the tapes.
    let seen = 0;
    for (const launch of context.samples.launches) {
      const tape = await context.exchange({ method: "GET", path: `/v1/launches/${launch.address}/trades`, query: { limit: 12 } });
      const trades = (tape.body as { trades?: unknown } | undefined)?.trades;
      seen += Array.isArray(trades) ? trades.length : 0;
      if (seen >= 12)
        context.fail(`only ${rows.length} live trades while the tapes hold at least 12 trades`, { expected: 12, actual: rows.length });
    }
  },
};

export const ROW_COUNT_CHECKS: readonly Check[] = [searchRows, almostPairedRows, liveCount];
