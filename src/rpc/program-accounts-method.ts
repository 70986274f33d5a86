import { Type } from "@sinclair/typebox";
import { type Address, type EncodedAccount, getBase58Encoder } from "@solana/kit";
import { badPubkey } from "./account-methods.ts";
import { encodeAccount, encodingRefusal } from "./encode-account.ts";
import { RPC_ERROR, type RpcAnswer, answer, invalidParams, refuse } from "./json-rpc-envelope.ts";
import { inContext, minContextSlotRefusal } from "./rpc-context.ts";
import { type RpcDeps, type RpcMethodTable, type ScanBudget, method } from "./rpc-method.ts";
import { AccountEncoding, CONFIG_FIELDS, DataSlice, Pubkey, U64Integer } from "./rpc-schemas.ts";
import { base64ToBytes } from "../wire/base64-bytes.ts";

/** The validator's limits on filters. */
export const MAX_FILTERS = 4;
const MAX_MEMCMP_BYTES = 128;
/** The longest text of MAX_MEMCMP_BYTES bytes in each encoding (the validator's bounds). */
const MAX_MEMCMP_TEXT = { base58: 175, base64: 172 } as const;

export const ProgramAccountsFilter = Type.Union([
  Type.Object({ dataSize: U64Integer() }, { additionalProperties: false }),
  Type.Object(
    {
      memcmp: Type.Object({
        offset: U64Integer(),
        bytes: Type.String(),
        encoding: Type.Optional(Type.Union([Type.Literal("base58"), Type.Literal("base64")])),
      }),
    },
    { additionalProperties: false },
  ),
]);

export const ProgramAccountsConfig = Type.Object({
  ...CONFIG_FIELDS,
  encoding: Type.Optional(AccountEncoding),
  dataSlice: Type.Optional(DataSlice),
  filters: Type.Optional(Type.Array(ProgramAccountsFilter, { maxItems: MAX_FILTERS })),
  withContext: Type.Optional(Type.Boolean()),
});

type Filter = { dataSize: number } | { memcmp: { offset: number; bytes: string; encoding?: "base58" | "base64" } };
export type AccountMatch = (account: EncodedAccount) => boolean;

/** A filter as a predicate, or the validator's refusal of its bytes. */
function matcherOf(filter: Filter): AccountMatch | RpcAnswer {
  if ("dataSize" in filter) return (account) => account.data.length === filter.dataSize;
  const { offset, bytes, encoding = "base58" } = filter.memcmp;
  // The text's length first: base58 decoding takes time quadratic in it (a 150 KB filter held
  // the event loop for seconds), and no longer text can decode to 128 bytes or fewer.
  if (bytes.length > MAX_MEMCMP_TEXT[encoding]) return invalidParams(`Invalid param: memcmp bytes exceed ${MAX_MEMCMP_BYTES}`);
  let wanted: Uint8Array | null;
  try {
    // Node's base64 decoder skips what is not base64 ("!!!" read as no bytes matched everything): checked first.
    wanted = encoding === "base64" ? base64ToBytes(bytes) : new Uint8Array(getBase58Encoder().encode(bytes));
  } catch {
    wanted = null;
  }
  if (wanted === null) return invalidParams(`Invalid param: memcmp bytes are not ${encoding}`);
  if (wanted.length > MAX_MEMCMP_BYTES) return invalidParams(`Invalid param: memcmp bytes exceed ${MAX_MEMCMP_BYTES}`);
  return (account) => account.data.length >= offset + wanted.length && wanted.every((byte, index) => account.data[offset + index] === byte);
}

/** One predicate for all of a request's filters (every one must match), or the refusal of the first bad one. */
export function filtersMatch(filters: readonly Filter[] = []): AccountMatch | RpcAnswer {
  const matchers: AccountMatch[] = [];
  for (const filter of filters) {
    const matcher = matcherOf(filter);
    if (typeof matcher !== "function") return matcher;
    matchers.push(matcher);
  }
  return (account) => matchers.every((match) => match(account));
}

function getProgramAccounts([program, config = {}]: readonly any[], { devnet }: RpcDeps, _session: unknown, scans: ScanBudget): RpcAnswer {
  const refused = badPubkey(program) ?? minContextSlotRefusal(devnet, config);
  if (refused) return refused;
  const matches = filtersMatch(config.filters);
  if (typeof matches !== "function") return matches;
  const matched = devnet.getProgramAccounts(program as Address).filter(matches);
  // Counted before any is encoded: encoding is what costs.
  if (!scans.take(matched.length)) {
    return refuse(
      RPC_ERROR.scanError,
      "scan aborted: the accumulated scan results exceeded this node's limit of accounts a request (a batch shares it); narrow the scan with filters",
    );
  }
  const encoding: AccountEncoding = config.encoding ?? "binary";
  const encodable = encodingRefusal(matched, encoding, config.dataSlice, scans);
  if (encodable) return encodable;
  const accounts = matched.map((account) => ({
    pubkey: account.address,
    account: encodeAccount(devnet, account, encoding, config.dataSlice),
  }));
  return config.withContext ? inContext(devnet, accounts) : answer(accounts);
}

export const PROGRAM_ACCOUNT_METHODS: RpcMethodTable = {
  getProgramAccounts: method([Pubkey, ProgramAccountsConfig], 1, getProgramAccounts),
};
