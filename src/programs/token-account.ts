import type { ReadonlyUint8Array } from "@solana/kit";

/*
 * The SPL Token account layout, as far as this project reads it without a full decode:
 * mint (32 bytes), owner (32 bytes), amount (u64 little-endian), then delegate, state and
 * the rest, 165 bytes in all. Reading the amount in place skips two base58 conversions a
 * read, which a world build and the bots pay on every balance they look at.
 */

/** Bytes of an SPL Token account. */
export const TOKEN_ACCOUNT_BYTES = 165;
/** Where a token account's amount starts: after its mint and owner. */
export const TOKEN_AMOUNT_OFFSET = 64;

/** The amount held by token account `data`; 0 when `data` is not a token account's size. */
export function tokenAccountAmount(data: ReadonlyUint8Array): bigint {
  if (data.length !== TOKEN_ACCOUNT_BYTES) return 0n;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(TOKEN_AMOUNT_OFFSET, true);
}
