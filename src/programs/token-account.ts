import type { EncodedAccount, ReadonlyUint8Array } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "./program-addresses.ts";

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

/** True when `account` is an SPL Token account: owned by the token program, of a token account's size. */
export const isTokenAccount = (account: Pick<EncodedAccount, "programAddress" | "data">): boolean =>
  account.programAddress === TOKEN_PROGRAM_ADDRESS && account.data.length === TOKEN_ACCOUNT_BYTES;

/** The amount held by token account `data`; 0 when `data` is not a token account's size. */
export function tokenAccountAmount(data: ReadonlyUint8Array): bigint {
  if (data.length !== TOKEN_ACCOUNT_BYTES) return 0n;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(TOKEN_AMOUNT_OFFSET, true);
}
