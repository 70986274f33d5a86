import type { EncodedAccount, ReadonlyUint8Array } from "@solana/kit";
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "./program-addresses.ts";

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

/** Bytes of an SPL Token mint. */
export const MINT_BYTES = 82;

/** The token programs whose mints and accounts the service reads: SPL Token and Token-2022. */
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]);

/** Where Token-2022 writes an extended account's type (after the base account's bytes): 1 a mint, 2 an account. */
const ACCOUNT_TYPE_OFFSET = TOKEN_ACCOUNT_BYTES;
/** Bytes of a token program's multisig account: longer than an account, and no account type at byte 165. */
const MULTISIG_BYTES = 355;

/**
 * The base layout of a token program's account of `type` (a mint's 82 bytes, an account's
 * 165), or null: SPL Token's are exactly that long; a Token-2022 one may carry extensions
 * after them, marked by its account type.
 */
function baseOf(account: Pick<EncodedAccount, "programAddress" | "data">, type: 1 | 2): Uint8Array | null {
  const bytes = type === 1 ? MINT_BYTES : TOKEN_ACCOUNT_BYTES;
  const data = account.data as Uint8Array;
  if (data.length === bytes && TOKEN_PROGRAMS.has(account.programAddress)) return data;
  if (
    account.programAddress === TOKEN_2022_PROGRAM_ADDRESS &&
    data.length > ACCOUNT_TYPE_OFFSET &&
    data.length !== MULTISIG_BYTES &&
    data[ACCOUNT_TYPE_OFFSET] === type
  )
    return data.subarray(0, bytes);
  return null;
}

/** A mint's base bytes (supply, decimals, authorities), of either token program; null for any other account. */
export const mintBase = (account: Pick<EncodedAccount, "programAddress" | "data">) => baseOf(account, 1);
/** A token account's base bytes (mint, owner, amount…), of either token program; null for any other account. */
export const tokenAccountBase = (account: Pick<EncodedAccount, "programAddress" | "data">) => baseOf(account, 2);

/** The amount held by token account `data`; 0 when `data` is not a token account's size. */
export function tokenAccountAmount(data: ReadonlyUint8Array): bigint {
  if (data.length !== TOKEN_ACCOUNT_BYTES) return 0n;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(TOKEN_AMOUNT_OFFSET, true);
}
