import { getBase58Decoder } from "@solana/kit";
import type { Exchange } from "../../../src/client/basket-client.ts";
import type { Check, CheckContext } from "../../engine/check.ts";
import { anyLaunch, expectAccepted, expectRefusedOrBounded, rowsOf } from "./boundary-probe.ts";

const LIMITS = { section: "Limits", text: "" };

/**
 * `limit` 1 and `max` are accepted and answer at most `limit` rows (`noun`, read by `rows`:
 * the body's array of that name unless told); 0 and `max` + 1 are refused with a 4xx, or
 * answered within `max` rows (clamped: a difference from our decision to refuse, noted).
 */
async function expectLimitRange(
  context: CheckContext,
  path: string,
  max: number,
  noun: string,
  rows: (answer: Exchange) => unknown[] = (answer) => rowsOf(context, answer, noun),
): Promise<void> {
  for (const limit of [1, max]) {
    const count = rows(await expectAccepted(context, { method: "GET", path, query: { limit } }, `limit=${limit}`)).length;
    if (count > limit) context.fail(`limit=${limit} returned ${count} ${noun}`, { input: { limit }, actual: count });
  }
  await expectRefusedOrBounded(
    context,
    [0, max + 1].map((limit) => ({
      request: { method: "GET", path, query: { limit } },
      what: `limit=${limit}`,
      keptWithin: (answer) => rows(answer).length <= max,
    })),
  );
}

export const launchesLimit: Check = {
  id: "boundaries.launches.limit",
  phase: "boundaries",
  rule: {
    ...LIMITS,
    text: "GET /v1/launches: `limit` 1 to 100; at most `limit` rows; outside the range refused with a 4xx and `error` (our decision) or kept within the range",
  },
  enforces: "specification",
  async run(context) {
    await expectLimitRange(context, "/v1/launches", 100, "launches");
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
  rule: {
    ...LIMITS,
    text: "GET /v1/launches: `ids` up to 100 addresses, comma separated; 101 refused with a 4xx and `error` (our decision) or answered with at most 100 rows",
  },
  enforces: "specification",
  async run(context) {
    const known = context.samples.launches.map((launch) => launch.address);
    await expectAccepted(context, { method: "GET", path: "/v1/launches", query: { ids: addresses(known, 100).join(",") } }, "100 ids");
    await expectRefusedOrBounded(context, [
      {
        request: { method: "GET", path: "/v1/launches", query: { ids: addresses(known, 101).join(",") } },
        what: "101 ids",
        keptWithin: (answer) => rowsOf(context, answer, "launches").length <= 100,
      },
    ]);
  },
};

export const tradesLimit: Check = {
  id: "boundaries.trades.limit",
  phase: "boundaries",
  rule: {
    ...LIMITS,
    text: "GET /v1/launches/{id}/trades: `limit` 1 to 200; at most `limit` rows; outside the range refused with a 4xx and `error` (our decision) or kept within the range",
  },
  enforces: "specification",
  async run(context) {
    await expectLimitRange(context, `/v1/launches/${anyLaunch(context).address}/trades`, 200, "trades");
  },
};

export const chartBucket: Check = {
  id: "boundaries.chart.bucket",
  phase: "boundaries",
  rule: {
    ...LIMITS,
    text: "GET /v1/launches/{id}/chart: `bucket` 1 to 86400 s; outside the range refused with a 4xx and `error` (our decision) or read as a width within it",
  },
  enforces: "specification",
  async run(context) {
    const path = `/v1/launches/${anyLaunch(context).address}/chart`;
    for (const bucket of [1, 86_400])
      await expectAccepted(context, { method: "GET", path, query: { bucket, limit: 10 } }, `bucket=${bucket}`);
    await expectRefusedOrBounded(
      context,
      [0, 86_401].map((bucket) => ({
        request: { method: "GET", path, query: { bucket } },
        what: `bucket=${bucket}`,
        // Read as a width in range instead: its answer keeps the candle limit.
        keptWithin: (answer) => rowsOf(context, answer, "candles").length <= 1000,
      })),
    );
  },
};

export const chartLimit: Check = {
  id: "boundaries.chart.limit",
  phase: "boundaries",
  rule: {
    ...LIMITS,
    text: "GET /v1/launches/{id}/chart: `limit` 1 to 1000 candles; at most `limit` candles; outside the range refused with a 4xx and `error` (our decision) or kept within the range",
  },
  enforces: "specification",
  async run(context) {
    await expectLimitRange(context, `/v1/launches/${anyLaunch(context).address}/chart`, 1000, "candles");
  },
};

export const collectiblesLimit: Check = {
  id: "boundaries.collectibles.limit",
  phase: "boundaries",
  rule: {
    ...LIMITS,
    text: "GET /v1/collectibles: `limit` 1 to 50; outside the range refused with a 4xx and `error` (our decision) or kept within the range",
  },
  enforces: "specification",
  async run(context) {
    await expectLimitRange(context, "/v1/collectibles", 50, "collectibles", (answer) => collectibleRows(context, answer));
  },
};

export const LIST_LIMIT_CHECKS: readonly Check[] = [launchesLimit, launchesIds, tradesLimit, chartBucket, chartLimit, collectiblesLimit];

/** The specification names the collectibles page's array `items` in its sample and `collectibles` in its text: either is read. */
function collectibleRows(context: CheckContext, answer: Exchange): unknown[] {
  const body = answer.body as { items?: unknown; collectibles?: unknown } | undefined;
  return rowsOf(context, answer, Array.isArray(body?.items) ? "items" : "collectibles");
}
