import { type EncodedAccount, getBase58Decoder } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { U64_MAX } from "../wire/wire-fields.ts";
import type { AccountEncoding, DataSlice } from "./rpc-schemas.ts";
import { parsedTokenData } from "./token-parsing.ts";

/**
 * An account as the validator sends it in `getAccountInfo` and its kin. The rent epoch is
 * u64::MAX, what the validator reports for every rent-exempt account since rent
 * collection ended. `jsonParsed` parses SPL Token accounts and mints (without a slice, as
 * the validator does) and sends the rest as base64.
 */
export function encodeAccount(devnet: Devnet, account: EncodedAccount, encoding: AccountEncoding = "base64", slice?: DataSlice) {
  const parsed = encoding === "jsonParsed" && slice === undefined ? parsedTokenData(devnet, account) : null;
  const bytes = slice ? account.data.subarray(slice.offset, slice.offset + slice.length) : account.data;
  const data =
    parsed ?? (encoding === "base58" ? [getBase58Decoder().decode(bytes), "base58"] : [Buffer.from(bytes).toString("base64"), "base64"]);
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: U64_MAX,
    space: BigInt(account.data.length),
  };
}
