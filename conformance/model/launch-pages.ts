import type { Query } from "../../src/client/basket-client.ts";
import type { CheckContext } from "../engine/check.ts";
import { getJson } from "./read-json.ts";
import { Violation } from "./violation.ts";

/** A launch row as the checks read it: the fields orders and identities use. */
export interface Row {
  readonly address: string;
  readonly primaryMint: string;
  readonly symbol: string;
  readonly status: string;
  readonly kind: string;
  readonly progressBps: number;
  readonly createdAt: string;
  readonly [field: string]: unknown;
}

export interface PageWalk {
  /** Each page's rows, in the order received. */
  readonly pages: readonly (readonly Row[])[];
  /** The query of each page, as sent (for the reproduction). */
  readonly queries: readonly Query[];
}

/** Pages followed at most: a server whose cursors never end is a defect, not a wait. */
export const MAX_PAGES = 150;

/**
 * Follows `GET /v1/launches` in paged mode from the first page, passing each `nextCursor`
 * back unchanged, until a page ends the list (`nextCursor` null or absent). A page over
 * `limit` rows or a list that never ends is a Violation.
 */
export async function walkLaunchPages(context: CheckContext, query: Query, limit: number): Promise<PageWalk> {
  const pages: Row[][] = [];
  const queries: Query[] = [];
  let cursor: string | null = null;
  do {
    const pageQuery: Query = { ...query, limit, ...(cursor === null ? {} : { cursor }) };
    queries.push(pageQuery);
    const body = await getJson<{ launches: Row[]; nextCursor?: string | null }>(context, "/v1/launches", pageQuery);
    if (!Array.isArray(body.launches))
      throw new Violation("a paged list answered without a launches array", { input: pageQuery, actual: body });
    if (body.launches.length > limit)
      throw new Violation(`a page of limit ${limit} held ${body.launches.length} rows`, { input: pageQuery, actual: body.launches.length });
    pages.push(body.launches);
    if (pages.length >= MAX_PAGES)
      throw new Violation(`the list was still handing out cursors after ${MAX_PAGES} pages of ${limit}`, { input: pageQuery });
    cursor = body.nextCursor ?? null;
  } while (cursor !== null);
  return { pages, queries };
}

/** The addresses of a whole list in order (pages of 100), used to tell a stable list from a moving one. */
export async function listFingerprint(context: CheckContext, query: Query): Promise<string> {
  const walk = await walkLaunchPages(context, query, 100);
  return walk.pages
    .flat()
    .map((row) => row.address)
    .join(",");
}

/**
 * Runs `walk` while the list named by `query` holds still: the whole list is read before and
 * after; when it moved in between (trades, new launches on a live server), the walk is run
 * again, up to `attempts` times. Returns null when the list never held still.
 */
export async function whileStable<T>(context: CheckContext, query: Query, walk: () => Promise<T>, attempts = 3): Promise<T | null> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const before = await listFingerprint(context, query);
    const result = await walk();
    if ((await listFingerprint(context, query)) === before) return result;
  }
  return null;
}
