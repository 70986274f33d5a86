import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { Address, Signature } from "../wire/wire-fields.ts";

/**
 * The request and response shapes of the JSON-RPC methods served here, as the Solana
 * validator documents them. Parameters are positional: each method lists one schema per
 * position (see `RpcMethod.params`). Config objects admit fields they do not name, as the
 * validator's do (it ignores them), so a newer client's extra option is no error.
 */

/**
 * A u64 parameter, a JSON integer: bounded, for JSON reads `1e400` as Infinity, which ajv
 * takes for an integer and no BigInt can hold. Bounded at 2^53 − 1, the largest integer
 * JavaScript reads exactly (a u64 past it would arrive rounded): no slot or lamport count
 * this chain holds comes near it.
 */
export const U64Integer = (options: { readonly description?: string } = {}) =>
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, ...options });

export const Commitment = Type.Union([Type.Literal("processed"), Type.Literal("confirmed"), Type.Literal("finalized")], {
  description: "how settled the state read must be",
});
export type Commitment = Static<typeof Commitment>;

/** The fields every reading method's configuration takes: how settled, and from which slot on. */
export const CONFIG_FIELDS = {
  commitment: Type.Optional(Commitment),
  minContextSlot: Type.Optional(U64Integer({ description: "answer only once the node has reached this slot" })),
};
export const CommitmentConfig = Type.Object(CONFIG_FIELDS);
export type CommitmentConfig = Static<typeof CommitmentConfig>;

export const AccountEncoding = Type.Union(
  [Type.Literal("binary"), Type.Literal("base58"), Type.Literal("base64"), Type.Literal("jsonParsed")],
  {
    description:
      "binary is the validator's legacy form, the data as a bare base58 string; jsonParsed parses SPL Token accounts and mints; other accounts fall back to base64",
  },
);
export type AccountEncoding = Static<typeof AccountEncoding>;

/** The largest account the runtime allows (10 MiB): no slice of one reaches past it. */
const MAX_ACCOUNT_BYTES = 10 * 1024 * 1024;
export const DataSlice = Type.Object({
  offset: Type.Integer({ minimum: 0, maximum: MAX_ACCOUNT_BYTES }),
  length: Type.Integer({ minimum: 0, maximum: MAX_ACCOUNT_BYTES }),
});
export type DataSlice = Static<typeof DataSlice>;

export const AccountConfig = Type.Object({
  ...CONFIG_FIELDS,
  encoding: Type.Optional(AccountEncoding),
  dataSlice: Type.Optional(DataSlice),
});
export type AccountConfig = Static<typeof AccountConfig>;

export const Pubkey = Address("a base58 public key");
export const TransactionSignature = Signature("a base58 transaction signature");
export const Lamports = U64Integer({ description: "lamports, a JSON integer" });

export const SendTransactionConfig = Type.Object({
  ...CONFIG_FIELDS,
  encoding: Type.Optional(Type.Union([Type.Literal("base58"), Type.Literal("base64")], { description: "default base58" })),
  skipPreflight: Type.Optional(Type.Boolean()),
  preflightCommitment: Type.Optional(Commitment),
  maxRetries: Type.Optional(U64Integer()),
});
export type SendTransactionConfig = Static<typeof SendTransactionConfig>;

export const SignatureStatusesConfig = Type.Object({ searchTransactionHistory: Type.Optional(Type.Boolean()) });
export type SignatureStatusesConfig = Static<typeof SignatureStatusesConfig>;

export const TokenAccountsFilter = Type.Union([
  Type.Object({ mint: Pubkey }, { additionalProperties: false }),
  Type.Object({ programId: Pubkey }, { additionalProperties: false }),
]);
export type TokenAccountsFilter = Static<typeof TokenAccountsFilter>;

export const SignatureSubscribeConfig = Type.Object({
  commitment: Type.Optional(Commitment),
  enableReceivedNotification: Type.Optional(Type.Boolean()),
});
export type SignatureSubscribeConfig = Static<typeof SignatureSubscribeConfig>;

export const SubscriptionId = U64Integer();

// ---------------------------------------------------------------- responses

/** Every read of chain state comes wrapped with the slot it was read at. */
export const RpcContext = Type.Object({ slot: Type.Integer(), apiVersion: Type.String() });
export const withContext = <T extends TSchema>(value: T) => Type.Object({ context: RpcContext, value });

export const AccountInfo = Type.Object({
  lamports: Type.Integer(),
  owner: Pubkey,
  data: Type.Union([
    Type.Tuple([Type.String(), Type.Union([Type.Literal("base58"), Type.Literal("base64")])]),
    Type.Object({ program: Type.String(), parsed: Type.Unknown(), space: Type.Integer() }),
  ]),
  executable: Type.Boolean(),
  rentEpoch: Type.Integer(),
  space: Type.Integer(),
});
export type AccountInfo = Static<typeof AccountInfo>;

export const TokenAmount = Type.Object({
  amount: Type.String(),
  decimals: Type.Integer(),
  uiAmount: Type.Union([Type.Number(), Type.Null()]),
  uiAmountString: Type.String(),
});
export type TokenAmount = Static<typeof TokenAmount>;

export const SignatureStatus = Type.Object({
  slot: Type.Integer(),
  confirmations: Type.Union([Type.Integer(), Type.Null()]),
  err: Type.Unknown(),
  status: Type.Unknown(),
  confirmationStatus: Commitment,
});
export type SignatureStatus = Static<typeof SignatureStatus>;

export const LatestBlockhashValue = Type.Object({ blockhash: Type.String(), lastValidBlockHeight: Type.Integer() });

// ---------------------------------------------------------------- transaction history

const TransactionEncoding = Type.Union([Type.Literal("json"), Type.Literal("jsonParsed"), Type.Literal("base64"), Type.Literal("base58")], {
  description: "default json; jsonParsed lists account keys with their roles and instructions with their keys",
});
const TransactionConfigObject = Type.Object({
  commitment: Type.Optional(Commitment),
  encoding: Type.Optional(TransactionEncoding),
  maxSupportedTransactionVersion: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 255, description: "0 to receive version 0 transactions" }),
  ),
});
/** getTransaction's configuration: an object, or (the validator's older form, still accepted) the encoding alone. */
export const TransactionConfig = Type.Union([TransactionConfigObject, TransactionEncoding]);
export type TransactionConfig = Static<typeof TransactionConfigObject>;

export const SignaturesForAddressConfig = Type.Object({
  ...CONFIG_FIELDS,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: "default 1000" })),
  before: Type.Optional(TransactionSignature),
  until: Type.Optional(TransactionSignature),
});
export type SignaturesForAddressConfig = Static<typeof SignaturesForAddressConfig>;

export const TokenBalance = Type.Object({
  accountIndex: Type.Integer(),
  mint: Pubkey,
  owner: Pubkey,
  programId: Pubkey,
  uiTokenAmount: TokenAmount,
});

export const TransactionMeta = Type.Object({
  err: Type.Unknown(),
  status: Type.Unknown(),
  fee: Type.Integer(),
  preBalances: Type.Array(Type.Integer()),
  postBalances: Type.Array(Type.Integer()),
  preTokenBalances: Type.Array(TokenBalance),
  postTokenBalances: Type.Array(TokenBalance),
  logMessages: Type.Array(Type.String()),
  innerInstructions: Type.Array(Type.Unknown()),
  loadedAddresses: Type.Object({ writable: Type.Array(Pubkey), readonly: Type.Array(Pubkey) }),
  rewards: Type.Array(Type.Unknown()),
  computeUnitsConsumed: Type.Integer(),
});

export const ConfirmedTransaction = Type.Object({
  slot: Type.Integer(),
  blockTime: Type.Integer(),
  version: Type.Optional(Type.Union([Type.Literal("legacy"), Type.Literal(0)])),
  transaction: Type.Unknown({ description: '[base64, "base64"], or the signatures and the decoded message' }),
  meta: TransactionMeta,
});

export const SignatureInfo = Type.Object({
  signature: TransactionSignature,
  slot: Type.Integer(),
  err: Type.Unknown(),
  memo: Type.Null(),
  blockTime: Type.Integer(),
  confirmationStatus: Commitment,
});
