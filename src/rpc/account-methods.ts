import { Type } from "@sinclair/typebox";
import { type Address, isAddress } from "@solana/kit";
import { type RpcAnswer, invalidParams } from "./json-rpc-envelope.ts";
import { encodeAccount } from "./encode-account.ts";
import { inContext, minContextSlotRefusal } from "./rpc-context.ts";
import { type RpcMethodTable, method } from "./rpc-method.ts";
import { AccountConfig, CommitmentConfig, Pubkey } from "./rpc-schemas.ts";

/** The validator's limit on `getMultipleAccounts`. */
const MAX_MULTIPLE_ACCOUNTS = 100;

/** The validator's refusal of a string that is not a 32-byte base58 key, or null when every one is. */
export function badPubkey(...keys: readonly string[]): RpcAnswer | null {
  const bad = keys.find((key) => !isAddress(key));
  return bad === undefined ? null : invalidParams(`Invalid param: ${JSON.stringify(bad)} is not a base58 32-byte public key`);
}

export const ACCOUNT_METHODS: RpcMethodTable = {
  getBalance: method([Pubkey, CommitmentConfig], 1, ([key, config], { devnet }) => {
    return badPubkey(key) ?? minContextSlotRefusal(devnet, config) ?? inContext(devnet, devnet.getBalance(key as Address));
  }),
  getAccountInfo: method([Pubkey, AccountConfig], 1, ([key, config = {}], { devnet }) => {
    const refused = badPubkey(key) ?? minContextSlotRefusal(devnet, config);
    if (refused) return refused;
    const account = devnet.getAccount(key as Address);
    return inContext(devnet, account && encodeAccount(devnet, account, config.encoding, config.dataSlice));
  }),
  getMultipleAccounts: method(
    [Type.Array(Pubkey, { maxItems: MAX_MULTIPLE_ACCOUNTS }), AccountConfig],
    1,
    ([keys, config = {}], { devnet }) => {
      const refused = badPubkey(...(keys as string[])) ?? minContextSlotRefusal(devnet, config);
      if (refused) return refused;
      const accounts = (keys as Address[]).map((key) => devnet.getAccount(key));
      return inContext(
        devnet,
        accounts.map((account) => account && encodeAccount(devnet, account, config.encoding, config.dataSlice)),
      );
    },
  ),
};
