import { type EncodedAccount, type ReadonlyUint8Array, getBase58Decoder } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { U64_MAX } from "../wire/wire-fields.ts";
import { type RpcAnswer, RPC_ERROR, invalidParams, refuse } from "./json-rpc-envelope.ts";
import { ANSWER_DATA_LIMIT_BYTES, type ScanBudget } from "./rpc-method.ts";
import type { AccountEncoding, DataSlice } from "./rpc-schemas.ts";
import { parsedTokenData } from "./token-parsing.ts";

/**
 * The most account data the validator sends in base58: the encoding is quadratic, so it
 * refuses more in a request and writes an error string in its place in a notification.
 */
export const MAX_BASE58_BYTES = 128;
const TOO_LARGE_FOR_BASE58 = "error: data too large for bs58 encoding";

const isBase58 = (encoding: AccountEncoding) => encoding === "binary" || encoding === "base58";
const sliceOf = (data: ReadonlyUint8Array, slice?: DataSlice) => (slice ? data.subarray(slice.offset, slice.offset + slice.length) : data);

/**
 * An account as the validator sends it in `getAccountInfo` and its kin. The caller names
 * the encoding, for each method has its own default: the legacy `binary` (a bare base58
 * string) for most, base64 for a few. The rent epoch is u64::MAX, what the validator
 * reports for every rent-exempt account since rent collection ended. `jsonParsed` parses
 * SPL Token accounts and mints and sends the rest as base64.
 */
export function encodeAccount(devnet: Devnet, account: EncodedAccount, encoding: AccountEncoding, slice?: DataSlice) {
  const parsed = encoding === "jsonParsed" && slice === undefined ? parsedTokenData(devnet, account) : null;
  const bytes = sliceOf(account.data, slice);
  const base58 = () => (bytes.length > MAX_BASE58_BYTES ? TOO_LARGE_FOR_BASE58 : getBase58Decoder().decode(bytes));
  const data =
    parsed ??
    (encoding === "binary" ? base58() : encoding === "base58" ? [base58(), "base58"] : [Buffer.from(bytes).toString("base64"), "base64"]);
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: U64_MAX,
    space: BigInt(account.data.length),
  };
}

/**
 * A request's refusal of its accounts' encoding, as the validator words it, or null: a slice
 * of parsed data, or an account holding more data than base58 may carry; or of their size,
 * when their data would pass what the request text may still carry (`budget`, taken here).
 */
export function encodingRefusal(
  accounts: readonly (EncodedAccount | null)[],
  encoding: AccountEncoding,
  slice: DataSlice | undefined,
  budget: ScanBudget,
): RpcAnswer | null {
  if (encoding === "jsonParsed" && slice !== undefined)
    return invalidParams("Sliced account data can only be encoded using binary (base 58) or base64 encoding.");
  const tooLarge =
    isBase58(encoding) && accounts.some((account) => account !== null && sliceOf(account.data, slice).length > MAX_BASE58_BYTES);
  if (tooLarge)
    return refuse(
      RPC_ERROR.invalidRequest,
      `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
    );
  const bytes = accounts.reduce((sum, account) => sum + (account === null ? 0 : sliceOf(account.data, slice).length), 0);
  if (!budget.takeData(bytes))
    return refuse(
      RPC_ERROR.scanError,
      `the accounts' data comes to ${bytes} bytes, more than the ${ANSWER_DATA_LIMIT_BYTES} a request (a batch shares it) may still carry here: ask for fewer accounts, or a dataSlice`,
    );
  return null;
}
