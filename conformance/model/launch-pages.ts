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

/**
 * Rows followed at most, however small the pages: a list of launches or collectibles is
 * finite (a world holds at most a thousand and a few more created), so a walk past this many
 * rows is a server whose cursors never end, a defect rather than a wait.
 */
export const MAX_WALK_ROWS = 20_000;

/** One page as a walk reads it: its array (null: the answer has none) and the cursor of the next page (null: the list ended). */
export interface PageRead<T> {
  readonly items: T[] | null;
  readonly next: string | null;
}

/**
 * Follows a paged list at `path` from the first page, passing each `nextCursor` back
 * unchanged, until a page ends the list. A page without its array (`missing` says so), a page
 * over `limit` entries (`unit` names them) where `limitBinds`, or a list that never ends is a
 * Violation.
 */
export async function walkPages<T>(
  context: CheckContext,
  path: string,
  query: Query,
  limit: number,
  read: (body: Record<string, unknown>) => PageRead<T>,
  missing: string,
  unit: string,
  /** False where the specification does not bind the page size to `limit` (the launch list's paged mode: `limit` is "used in legacy mode"). */
  limitBinds = true,
): Promise<{ pages: T[][]; queries: Query[] }> {
  const pages: T[][] = [];
  const queries: Query[] = [];
  const cursors = new Set<string>();
  const maxPages = Math.ceil(MAX_WALK_ROWS / Math.max(1, limit));
  let cursor: string | null = null;
  do {
    const pageQuery: Query = { ...query, limit, ...(cursor === null ? {} : { cursor }) };
    queries.push(pageQuery);
    const body = await getJson(context, path, pageQuery);
    const { items, next } = read(body);
    if (items === null) throw new Violation(missing, { input: pageQuery, actual: body });
    if (limitBinds && items.length > limit)
      throw new Violation(`a page of limit ${limit} held ${items.length} ${unit}`, { input: pageQuery, actual: items.length });
    pages.push(items);
    // A cursor handed out twice sends the walk round in a loop: said at once, not after thousands of pages.
    if (next !== null && cursors.has(next))
      throw new Violation(`the list handed out the same cursor twice, so following it loops`, { input: pageQuery, actual: next });
    if (next !== null) cursors.add(next);
    if (pages.length >= maxPages)
      throw new Violation(`the list was still handing out cursors after ${pages.length} pages of ${limit}`, { input: pageQuery });
    cursor = next;
  } while (cursor !== null);
  return { pages, queries };
}

/** `GET /v1/launches` in paged mode, to the page whose `nextCursor` is null or absent (see {@link walkPages}). */
export function walkLaunchPages(context: CheckContext, query: Query, limit: number): Promise<PageWalk> {
  return walkPages(
    context,
    "/v1/launches",
    query,
    limit,
    (body) => ({
      items: Array.isArray(body.launches) ? (body.launches as Row[]) : null,
      next: (body.nextCursor as string | null | undefined) ?? null,
    }),
    "a paged list answered without a launches array",
    "rows",
    false,
  );
}

/** The addresses of a whole list in order (pages of 100), used to tell a stable list from a moving one. */
export async function listFingerprint(context: CheckContext, query: Query): Promise<string> {
  const walk = await walkLaunchPages(context, query, 100);
  return walk.pages
    .flat()
    .map((row) => row.address)
    .join(",");
}
