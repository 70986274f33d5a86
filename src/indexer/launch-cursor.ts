import { WIRE_RULES } from "../wire/wire-fields.ts";

/** The orders a paged launch list can be in: each tab's default, or the one `sort` asks for. */
export const LAUNCH_ORDERS = ["trending", "mcap", "vol", "change", "bonding", "newest"] as const;
export type LaunchOrder = (typeof LAUNCH_ORDERS)[number];

/** Where a page ended: the last row's order key and address, and the walk it belongs to. */
export interface LaunchCursor {
  readonly order: LaunchOrder;
  /** A bigint for `vol` (lamports), a number for the others. */
  readonly key: number | bigint;
  readonly address: string;
  /** The walk's frozen order (see `LaunchWalks`) and how far into it the next page starts. */
  readonly walk?: { readonly id: string; readonly position: number };
}

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const WALK_ID = /^[A-Za-z0-9_-]{16}$/;
/** A walk is at most one position per launch (the world holds at most 1,000 and creations add a few). */
const MAX_WALK_POSITION = 1_000_000;

/** The opaque text of `cursor` (base64url): stable, so the same row of the same walk always yields the same cursor. */
export function encodeLaunchCursor(cursor: LaunchCursor): string {
  const walk = cursor.walk ? `|${cursor.walk.id}|${cursor.walk.position}` : "";
  return Buffer.from(`${cursor.order}|${String(cursor.key)}|${cursor.address}${walk}`, "utf8").toString("base64url");
}

/**
 * Reads a cursor this server issued; null when `cursor` is malformed (the API answers 400).
 * A well-formed cursor of another order than the query's yields an empty page here; the API
 * refuses it first (INVALID_CURSOR), so a client never mistakes it for the end of the list.
 */
export function parseLaunchCursor(cursor: string): LaunchCursor | null {
  if (cursor.length === 0 || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const parts = text.split("|");
  if (parts.length !== 3 && parts.length !== 5) return null;
  const [order, key, address, id, position] = parts as [string, string, string, string?, string?];
  if (!(LAUNCH_ORDERS as readonly string[]).includes(order) || !WIRE_RULES.addressText.check(address)) return null;
  let walk: LaunchCursor["walk"];
  if (id !== undefined && position !== undefined) {
    const at = Number(position);
    if (!WALK_ID.test(id) || !/^[1-9][0-9]{0,6}$/.test(position) || at > MAX_WALK_POSITION) return null;
    walk = { id, position: at };
  }
  const parsedKey = order === "vol" ? (INTEGER.test(key) ? BigInt(key) : null) : key.trim() === "" ? null : Number(key);
  if (parsedKey === null || (typeof parsedKey === "number" && !Number.isFinite(parsedKey))) return null;
  return { order: order as LaunchOrder, key: parsedKey, address, ...(walk ? { walk } : {}) };
}
