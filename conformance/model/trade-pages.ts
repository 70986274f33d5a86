import type { Query } from "../../src/client/basket-client.ts";
import type { CheckContext } from "../engine/check.ts";
import { getJson, launchPath } from "./read-json.ts";
import { Violation } from "./violation.ts";

/** A trade record as the checks read it. */
export interface TapeTrade {
  readonly signature: string;
  readonly launch: string;
  readonly trader: string;
  readonly direction: string;
  readonly primaryAmount: string;
  readonly priceE12: string;
  readonly slot: number;
  readonly seq: number;
  readonly at: string;
  readonly [field: string]: unknown;
}

export interface TradePage {
  readonly query: Query;
  readonly trades: readonly TapeTrade[];
  readonly nextCursor: string | null;
}

/** A trade's place on the tape: the (slot, seq) pair the specification's cursor names. */
export const tapeKey = (trade: TapeTrade) => `${trade.slot}:${trade.seq}`;

/** True when `a` is strictly newer than `b` on the tape. */
export function isNewer(a: TapeTrade, b: TapeTrade): boolean {
  return a.slot !== b.slot ? a.slot > b.slot : a.seq > b.seq;
}

/** One page of `GET /v1/launches/{id}/trades`. */
export async function tradePage(context: CheckContext, id: string, limit: number, before?: string | null): Promise<TradePage> {
  const query: Query = { limit, ...(before ? { before } : {}) };
  const body = await getJson<{ trades: TapeTrade[]; nextCursor?: string | null }>(context, launchPath(id, "/trades"), query);
  if (!Array.isArray(body.trades))
    throw new Violation("the trades route answered without a trades array", { input: { id, ...query }, actual: body });
  if (body.trades.length > limit)
    throw new Violation(`a trades page of limit ${limit} held ${body.trades.length} trades`, { input: { id, ...query } });
  return { query, trades: body.trades, nextCursor: body.nextCursor ?? null };
}

/**
 * Follows a launch's tape from the newest trade, passing each `nextCursor` back as `before`,
 * until a short page or a null cursor, or until `maxTrades` trades were read.
 */
export async function walkTape(context: CheckContext, id: string, limit: number, maxTrades = 1_000): Promise<TradePage[]> {
  const pages: TradePage[] = [];
  let before: string | null = null;
  let read = 0;
  do {
    const page = await tradePage(context, id, limit, before);
    pages.push(page);
    read += page.trades.length;
    before = page.trades.length < limit ? null : page.nextCursor;
  } while (before !== null && read < maxTrades);
  return pages;
}

/** Unix seconds of an ISO timestamp (a trade's `at`). */
export function unixOf(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}
