import { getBase58Decoder } from "@solana/kit";
import type { Check } from "../../engine/check.ts";
import { anyLaunch, expectAccepted, expectRefused, rowsOf } from "./boundary-probe.ts";

const LIMITS = { section: "Limits", text: "" };

export const launchesLimit: Check = {
  id: "boundaries.launches.limit",
  phase: "boundaries",
  rule: { ...LIMITS, text: "GET /v1/launches: `limit` 1 to 100; at most `limit` rows; outside the range a 4xx with `error`" },
  enforces: "specification",
  async run(context) {
    for (const limit of [1, 100]) {
      const answer = await expectAccepted(context, { method: "GET", path: "/v1/launches", query: { limit } }, `limit=${limit}`);
      const rows = rowsOf(context, answer, "launches");
      if (rows.length > limit) context.fail(`limit=${limit} returned ${rows.length} launches`, { input: { limit }, actual: rows.length });
    }
    for (const limit of [0, 101]) await expectRefused(context, { method: "GET", path: "/v1/launches", query: { limit } }, `limit=${limit}`);
  },
};

/** `count` distinct valid addresses: the server's own launches first, then well-formed keys no launch has. */
function addresses(known: readonly string[], count: number): string[] {
  const base58 = getBase58Decoder();
  const out = known.slice(0, count);
  for (let index = 0; out.length < count; index += 1) {
    const bytes = new Uint8Array(32).fill(7);
    bytes[0] = index & 0xff;
    bytes[1] = 200;
    out.push(base58.decode(bytes));
  }
  return out;
}

export const launchesIds: Check = {
  id: "boundaries.launches.ids",
  phase: "boundaries",
  rule: { ...LIMITS, text: "GET /v1/launches: `ids` up to 100 addresses, comma separated; 101 is refused with a 4xx and `error`" },
  enforces: "specification",
  async run(context) {
    const known = context.samples.launches.map((launch) => launch.address);
    await expectAccepted(context, { method: "GET", path: "/v1/launches", query: { ids: addresses(known, 100).join(",") } }, "100 ids");
    await expectRefused(context, { method: "GET", path: "/v1/launches", query: { ids: addresses(known, 101).join(",") } }, "101 ids");
  },
};

export const tradesLimit: Check = {
  id: "boundaries.trades.limit",
  phase: "boundaries",
  rule: { ...LIMITS, text: "GET /v1/launches/{id}/trades: `limit` 1 to 200; at most `limit` rows; outside the range a 4xx with `error`" },
  enforces: "specification",
  async run(context) {
    const path = `/v1/launches/${anyLaunch(context).address}/trades`;
    for (const limit of [1, 200]) {
      const rows = rowsOf(context, await expectAccepted(context, { method: "GET", path, query: { limit } }, `limit=${limit}`), "trades");
      if (rows.length > limit) context.fail(`limit=${limit} returned ${rows.length} trades`, { input: { limit }, actual: rows.length });
    }
    for (const limit of [0, 201]) await expectRefused(context, { method: "GET", path, query: { limit } }, `limit=${limit}`);
  },
};

export const chartBucket: Check = {
  id: "boundaries.chart.bucket",
  phase: "boundaries",
  rule: { ...LIMITS, text: "GET /v1/launches/{id}/chart: `bucket` 1 to 86400 s; outside the range a 4xx with `error`" },
  enforces: "specification",
  async run(context) {
    const path = `/v1/launches/${anyLaunch(context).address}/chart`;
    for (const bucket of [1, 86_400])
      await expectAccepted(context, { method: "GET", path, query: { bucket, limit: 10 } }, `bucket=${bucket}`);
    for (const bucket of [0, 86_401]) await expectRefused(context, { method: "GET", path, query: { bucket } }, `bucket=${bucket}`);
  },
};

export const chartLimit: Check = {
  id: "boundaries.chart.limit",
  phase: "boundaries",
  rule: {
    ...LIMITS,
    text: "GET /v1/launches/{id}/chart: `limit` 1 to 1000 candles; at most `limit` candles; outside the range a 4xx with `error`",
  },
  enforces: "specification",
  async run(context) {
    const path = `/v1/launches/${anyLaunch(context).address}/chart`;
    for (const limit of [1, 1000]) {
      const rows = rowsOf(context, await expectAccepted(context, { method: "GET", path, query: { limit } }, `limit=${limit}`), "candles");
      if (rows.length > limit) context.fail(`limit=${limit} returned ${rows.length} candles`, { input: { limit }, actual: rows.length });
    }
    for (const limit of [0, 1001]) await expectRefused(context, { method: "GET", path, query: { limit } }, `limit=${limit}`);
  },
};

export const collectiblesLimit: Check = {
  id: "boundaries.collectibles.limit",
  phase: "boundaries",
  rule: { ...LIMITS, text: "GET /v1/collectibles: `limit` 1 to 50; outside the range a 4xx with `error`" },
  enforces: "specification",
  async run(context) {
    if (!context.documents.openapi.paths?.["/v1/collectibles"]) context.skip("the server's document describes no GET /v1/collectibles");
    for (const limit of [1, 50]) {
      const rows = collectibleRows(
        context,
        await expectAccepted(context, { method: "GET", path: "/v1/collectibles", query: { limit } }, `limit=${limit}`),
      );
      if (rows.length > limit)
        context.fail(`limit=${limit} returned ${rows.length} collectibles`, { input: { limit }, actual: rows.length });
    }
    for (const limit of [0, 51])
      await expectRefused(context, { method: "GET", path: "/v1/collectibles", query: { limit } }, `limit=${limit}`);
  },
};

export const LIST_LIMIT_CHECKS: readonly Check[] = [launchesLimit, launchesIds, tradesLimit, chartBucket, chartLimit, collectiblesLimit];

/** The specification names the collectibles page's array `items` in its sample and `collectibles` in its text: either is read. */
function collectibleRows(context: Parameters<Check["run"]>[0], answer: Awaited<ReturnType<typeof expectAccepted>>): unknown[] {
  const body = answer.body as { items?: unknown; collectibles?: unknown } | undefined;
  return rowsOf(context, answer, Array.isArray(body?.items) ? "items" : "collectibles");
}
