import { NATIVE_MINT_ADDRESS } from "../programs/index.ts";
import { COLLECTIBLE_STAGES, type CollectibleStage } from "../programs/collectible-stage.ts";
import type { CollectibleState } from "./collectible-book.ts";
import type { LaunchState } from "./launch-state.ts";
import { WIRE_RULES } from "../wire/wire-fields.ts";
import {
  COLLECTIBLE_GROUPS,
  COLLECTIBLE_GROUP_NAMES,
  COLLECTIBLE_ROWS,
  type CollectibleGroup,
  type CollectibleRow,
} from "./records/index.ts";

export const COLLECTIBLE_SORTS = ["newest", "oldest", "name"] as const;
export type CollectibleSort = (typeof COLLECTIBLE_SORTS)[number];

/** Default and bounds of `GET /v1/collectibles`'s `limit`. */
export const COLLECTIBLE_LIMIT = { minimum: 1, maximum: 50, default: 24 } as const;
/** Longest `q` read (as the search route's). */
export const COLLECTIBLE_TEXT_MAX = 100;

/** The filters of a collectibles query (all together). */
export interface CollectibleFilters {
  readonly stage?: CollectibleStage;
  readonly group?: CollectibleGroup;
  readonly row?: CollectibleRow;
  readonly q?: string;
}

/** The filters of `query` that are given, in one order (a cursor's text is then the same for the same list). */
export function givenFilters({ stage, group, row, q }: CollectibleFilters): CollectibleFilters {
  return { ...(stage && { stage }), ...(group && { group }), ...(row && { row }), ...(q !== undefined && { q }) };
}

/** `GET /v1/collectibles` as the API hands it to the read model (validated and defaulted). */
export interface CollectibleListQuery extends CollectibleFilters {
  readonly limit: number;
  readonly sort: CollectibleSort;
  /** The previous page's cursor, parsed once where it arrives (the route). */
  readonly cursor?: CollectibleCursor;
}

/** What one DNA unit of the launch is: wrapped SOL alone, one other asset, or several. */
export function rowOf(launch: LaunchState): CollectibleRow {
  if (launch.components.length > 1) return "dna";
  return launch.components[0]?.mint === NATIVE_MINT_ADDRESS ? "sol" : "oneAsset";
}

/**
 * The filters of a collectibles query: stage; group (its stages); row; q, a case-insensitive
 * substring of the token's name or ticker or of the card's item name (from the catalogue).
 */
export function collectibleFilter(
  query: CollectibleListQuery,
  itemNameOf: (state: CollectibleState) => string | null,
): (state: CollectibleState) => boolean {
  const q = query.q?.trim().toLowerCase();
  const groupStages: readonly string[] | undefined = query.group === undefined ? undefined : COLLECTIBLE_GROUPS[query.group];
  return (state) => {
    if (query.stage !== undefined && state.stage !== query.stage) return false;
    if (groupStages !== undefined && !groupStages.includes(state.stage)) return false;
    if (query.row !== undefined && rowOf(state.launch) !== query.row) return false;
    if (q) {
      const texts = [state.launch.name, state.launch.symbol, itemNameOf(state) ?? ""];
      if (!texts.some((text) => text.toLowerCase().includes(q))) return false;
    }
    return true;
  };
}

/**
 * Where a page ended: the sort, the last row's key and its launch address, and the filters
 * the page was served with, so that a cursor sent alone goes on with the list that issued it.
 */
export interface CollectibleCursor {
  readonly sort: CollectibleSort;
  /** The launch's creation ordinal (newest, oldest) or the lower-cased name (name). */
  readonly key: number | string;
  readonly address: string;
  readonly filters: CollectibleFilters;
}

/**
 * Longest cursor text read: a name of 64 characters (up to 4 bytes each), an address, and a
 * `q` of 100 characters (up to 6 bytes each in JSON) with the other filters, as base64url.
 */
export const MAX_COLLECTIBLE_CURSOR = 2_048;

/** The opaque text of `cursor` (base64url of JSON): stable, so the same row of the same list always yields the same cursor. */
export function encodeCollectibleCursor(cursor: CollectibleCursor): string {
  const filters = givenFilters(cursor.filters);
  const fields =
    Object.keys(filters).length === 0 ? [cursor.sort, cursor.key, cursor.address] : [cursor.sort, cursor.key, cursor.address, filters];
  return Buffer.from(JSON.stringify(fields), "utf8").toString("base64url");
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (values as readonly string[]).includes(value);

/** The filters a cursor carries, or null when they are not ones this server writes. */
function filtersOf(value: unknown): CollectibleFilters | null {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { stage, group, row, q, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (stage !== undefined && !oneOf(COLLECTIBLE_STAGES, stage)) return null;
  if (group !== undefined && !oneOf(COLLECTIBLE_GROUP_NAMES, group)) return null;
  if (row !== undefined && !oneOf(COLLECTIBLE_ROWS, row)) return null;
  if (q !== undefined && (typeof q !== "string" || q.length > COLLECTIBLE_TEXT_MAX)) return null;
  return givenFilters({ stage, group, row, q } as CollectibleFilters);
}

/** Reads a cursor this server issued; null when malformed (the API answers 400). */
export function parseCollectibleCursor(text: string): CollectibleCursor | null {
  if (text.length === 0 || text.length > MAX_COLLECTIBLE_CURSOR || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length < 3 || parsed.length > 4) return null;
  const [sort, key, address, given] = parsed as unknown[];
  const filters = filtersOf(given);
  if (typeof address !== "string" || !WIRE_RULES.addressText.check(address) || filters === null) return null;
  if (sort === "name") return typeof key === "string" && key.length <= 256 ? { sort, key, address, filters } : null;
  if (sort === "newest" || sort === "oldest") {
    return typeof key === "number" && Number.isSafeInteger(key) && key >= 0 ? { sort, key, address, filters } : null;
  }
  return null;
}

interface Entry {
  readonly state: CollectibleState;
  readonly key: number | string;
}

/**
 * The key a collectible sorts by: its launch's creation order (newest descending, oldest
 * ascending, so `createdAt` never goes the wrong way across pages) or its lower-cased name.
 */
function keyOf(state: CollectibleState, sort: CollectibleSort): number | string {
  return sort === "name" ? state.launch.name.toLowerCase() : state.launch.ordinal;
}

/** Negative when `a` comes first in `sort`: the key (descending for newest), then the launch address ascending. */
function compare(
  a: { key: number | string; address: string },
  b: { key: number | string; address: string },
  sort: CollectibleSort,
): number {
  if (a.key !== b.key) {
    const ascending = a.key < b.key ? -1 : 1;
    return sort === "newest" ? -ascending : ascending;
  }
  return a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
}

/**
 * One keyset page of `candidates` in `sort` (newest: latest created first; oldest: first
 * created first; name: by name, case-insensitive, A to Z, ties by launch address): the first `limit`
 * strictly after the cursor, and the cursor of the page's last row (with `filters`, the
 * list's) when more follow. A cursor of another sort yields an empty page (as the launch
 * list's; the API refuses it first).
 */
export function collectiblePage(
  candidates: readonly CollectibleState[],
  sort: CollectibleSort,
  limit: number,
  cursor: CollectibleCursor | undefined,
  filters: CollectibleFilters = {},
): { items: CollectibleState[]; nextCursor: string | null } {
  if (cursor !== undefined && cursor.sort !== sort) return { items: [], nextCursor: null };
  let entries: Entry[] = candidates.map((state) => ({ state, key: keyOf(state, sort) }));
  const at = (entry: Entry) => ({ key: entry.key, address: entry.state.launch.address });
  if (cursor !== undefined) entries = entries.filter((entry) => compare(at(entry), cursor, sort) > 0);
  entries.sort((a, b) => compare(at(a), at(b), sort));
  const page = entries.slice(0, Math.max(0, limit));
  const last = page[page.length - 1];
  const more = entries.length > page.length && last !== undefined;
  return {
    items: page.map((entry) => entry.state),
    nextCursor: more ? encodeCollectibleCursor({ sort, key: last.key, address: last.state.launch.address, filters }) : null,
  };
}
