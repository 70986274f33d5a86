/** The orders a paged launch list can be in: each tab's default, or the one `sort` asks for. */
export const LAUNCH_ORDERS = ["trending", "mcap", "vol", "change", "bonding", "newest"] as const;
export type LaunchOrder = (typeof LAUNCH_ORDERS)[number];

/** Where a page ended: the last row's order key and address. */
export interface LaunchCursor {
  readonly order: LaunchOrder;
  /** A bigint for `vol` (lamports), a number for the others. */
  readonly key: number | bigint;
  readonly address: string;
}

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const INTEGER = /^-?(0|[1-9][0-9]*)$/;

/** The opaque text of `cursor` (base64url): stable, so the same row always yields the same cursor. */
export function encodeLaunchCursor(cursor: LaunchCursor): string {
  return Buffer.from(`${cursor.order}|${String(cursor.key)}|${cursor.address}`, "utf8").toString("base64url");
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
  if (parts.length !== 3) return null;
  const [order, key, address] = parts as [string, string, string];
  if (!(LAUNCH_ORDERS as readonly string[]).includes(order) || !ADDRESS.test(address)) return null;
  if (order === "vol") {
    if (!INTEGER.test(key)) return null;
    return { order, key: BigInt(key), address };
  }
  const value = Number(key);
  if (key.trim() === "" || !Number.isFinite(value)) return null;
  return { order: order as LaunchOrder, key: value, address };
}
