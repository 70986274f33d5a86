import { NATIVE_MINT_ADDRESS } from "../programs/index.ts";
import type { CollectibleStage } from "../programs/collectible-stage.ts";
import type { CollectibleState } from "./collectible-book.ts";
import type { LaunchState } from "./launch-state.ts";
import { COLLECTIBLE_GROUPS, type CollectibleGroup, type CollectibleRow } from "./records/index.ts";

export const COLLECTIBLE_SORTS = ["newest", "oldest", "name"] as const;
export type CollectibleSort = (typeof COLLECTIBLE_SORTS)[number];

/** Default and bounds of `GET /v1/collectibles`'s `limit`. */
export const COLLECTIBLE_LIMIT = { minimum: 1, maximum: 50, default: 24 } as const;

/** `GET /v1/collectibles` as the API hands it to the read model (validated and defaulted). */
export interface CollectibleListQuery {
  readonly limit: number;
  readonly sort: CollectibleSort;
  readonly stage?: CollectibleStage;
  readonly group?: CollectibleGroup;
  readonly row?: CollectibleRow;
  readonly q?: string;
  readonly cursor?: string;
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

/** Where a page ended: the sort, the last row's key and its launch address. */
export interface CollectibleCursor {
  readonly sort: CollectibleSort;
  /** The launch's creation ordinal (newest, oldest) or the lower-cased name (name). */
  readonly key: number | string;
  readonly address: string;
}

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** Longest cursor text read: a name of 64 characters (up to 4 bytes each) and an address, base64url. */
export const MAX_COLLECTIBLE_CURSOR = 512;

/** The opaque text of `cursor` (base64url of JSON): stable, so the same row always yields the same cursor. */
export function encodeCollectibleCursor(cursor: CollectibleCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.address]), "utf8").toString("base64url");
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
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [sort, key, address] = parsed as unknown[];
  if (typeof address !== "string" || !ADDRESS.test(address)) return null;
  if (sort === "name") return typeof key === "string" && key.length <= 256 ? { sort, key, address } : null;
  if (sort === "newest" || sort === "oldest") {
    return typeof key === "number" && Number.isSafeInteger(key) && key >= 0 ? { sort, key, address } : null;
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
 * strictly after the cursor, and the cursor of the page's last row when more follow. A
 * cursor of another sort yields an empty page (as the launch list's; the API refuses it first).
 */
export function collectiblePage(
  candidates: readonly CollectibleState[],
  sort: CollectibleSort,
  limit: number,
  cursorText: string | undefined,
): { items: CollectibleState[]; nextCursor: string | null } {
  const cursor = cursorText === undefined ? null : parseCollectibleCursor(cursorText);
  if (cursorText !== undefined && (cursor === null || cursor.sort !== sort)) return { items: [], nextCursor: null };
  let entries: Entry[] = candidates.map((state) => ({ state, key: keyOf(state, sort) }));
  const at = (entry: Entry) => ({ key: entry.key, address: entry.state.launch.address });
  if (cursor !== null) entries = entries.filter((entry) => compare(at(entry), cursor, sort) > 0);
  entries.sort((a, b) => compare(at(a), at(b), sort));
  const page = entries.slice(0, Math.max(0, limit));
  const last = page[page.length - 1];
  const more = entries.length > page.length && last !== undefined;
  return {
    items: page.map((entry) => entry.state),
    nextCursor: more ? encodeCollectibleCursor({ sort, key: last.key, address: last.state.launch.address }) : null,
  };
}
