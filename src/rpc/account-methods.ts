import { Type } from "@sinclair/typebox";
import { type Address, isAddress } from "@solana/kit";
import { AccountReads } from "./account-reads.ts";
import { type RpcAnswer, invalidParams } from "./json-rpc-envelope.ts";
import { encodeAccount, encodingRefusal } from "./encode-account.ts";
import { inContext, minContextSlotRefusal } from "./rpc-context.ts";
import { type RpcMethodTable, method } from "./rpc-method.ts";
import { AccountConfig, CommitmentConfig, Pubkey } from "./rpc-schemas.ts";

/** The validator's limit on `getMultipleAccounts`. */
const MAX_MULTIPLE_ACCOUNTS = 100;

/** Keys known to be good: telling one costs a base58 decode, and clients ask about the same keys again and again. */
const GOOD_KEYS = new Set<string>();
const GOOD_KEYS_CAPACITY = 10_000;

function isKey(key: string): boolean {
  if (GOOD_KEYS.has(key)) return true;
  if (!isAddress(key)) return false;
  if (GOOD_KEYS.size >= GOOD_KEYS_CAPACITY) GOOD_KEYS.clear();
  GOOD_KEYS.add(key);
  return true;
}

/** The validator's refusal of a string that is not a 32-byte base58 key, or null when every one is. */
export function badPubkey(...keys: readonly string[]): RpcAnswer | null {
  const bad = keys.find((key) => !isKey(key));
  return bad === undefined ? null : invalidParams(`Invalid param: ${JSON.stringify(bad)} is not a base58 32-byte public key`);
}

export const ACCOUNT_METHODS: RpcMethodTable = {
  getBalance: method([Pubkey, CommitmentConfig], 1, ([key, config], { devnet }) => {
    return badPubkey(key) ?? minContextSlotRefusal(devnet, config) ?? inContext(devnet, devnet.getBalance(key as Address));
  }),
  getAccountInfo: method([Pubkey, AccountConfig], 1, ([key, config = {}], { devnet }, _session, scans) => {
    const refused = badPubkey(key) ?? minContextSlotRefusal(devnet, config);
    if (refused) return refused;
    const account = AccountReads.of(devnet).get(key as Address);
    const encoding = config.encoding ?? "binary";
    return (
      encodingRefusal([account], encoding, config.dataSlice, scans) ??
      inContext(devnet, account && encodeAccount(devnet, account, encoding, config.dataSlice))
    );
  }),
  getMultipleAccounts: method(
    [Type.Array(Pubkey, { maxItems: MAX_MULTIPLE_ACCOUNTS }), AccountConfig],
    1,
    ([keys, config = {}], { devnet }, _session, scans) => {
      const refused = badPubkey(...(keys as string[])) ?? minContextSlotRefusal(devnet, config);
      if (refused) return refused;
      const reads = AccountReads.of(devnet);
      const accounts = (keys as Address[]).map((key) => reads.get(key));
      // This one method defaults to base64, unlike its kin.
      const encoding = config.encoding ?? "base64";
      return (
        encodingRefusal(accounts, encoding, config.dataSlice, scans) ??
        inContext(
          devnet,
          accounts.map((account) => account && encodeAccount(devnet, account, encoding, config.dataSlice)),
        )
      );
    },
  ),
};
