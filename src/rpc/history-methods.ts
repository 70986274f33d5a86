import { Type } from "@sinclair/typebox";
import type { Address, Signature } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { FINALITY_SLOTS } from "../chain/virtual-clock.ts";
import { badPubkey } from "./account-methods.ts";
import { confirmedTransactionJson } from "./confirmed-transaction.ts";
import { RPC_ERROR, type RpcAnswer, answer, invalidParams, refuse } from "./json-rpc-envelope.ts";
import { minContextSlotRefusal } from "./rpc-context.ts";
import { type RpcMethodTable, method } from "./rpc-method.ts";
import { type Commitment, Pubkey, SignaturesForAddressConfig, TransactionConfig, TransactionSignature } from "./rpc-schemas.ts";
import { transactionErrorJson } from "./transaction-error-json.ts";
import type { RecentPrioritizationFees } from "./prioritization-fees.ts";
import { TransactionHistory } from "./transaction-history.ts";

const MAX_SIGNATURES = 1000;

const isFinal = (devnet: Devnet, slot: bigint): boolean => devnet.now().slot >= slot + FINALITY_SLOTS;

/** The validator serves history at `confirmed` or `finalized` only, `finalized` when the request names none. */
const belowConfirmed = (commitment: Commitment | undefined): RpcAnswer | null =>
  commitment === "processed" ? invalidParams("Method does not support commitment below `confirmed`") : null;

/**
 * A landed transaction in full, from the RPC's bounded history: null for one it never
 * landed, one that landed before the RPC started following the chain, one pruned past the
 * last 10,000, or (at `finalized`, the default) one not yet 32 slots deep.
 */
function getTransaction([signature, given = {}]: readonly any[], { devnet }: { devnet: Devnet }): RpcAnswer {
  const config: TransactionConfig = typeof given === "string" ? { encoding: given as TransactionConfig["encoding"] } : given;
  const refused = belowConfirmed(config.commitment);
  if (refused) return refused;
  const entry = TransactionHistory.of(devnet).get(signature as Signature);
  if (entry === null || ((config.commitment ?? "finalized") === "finalized" && !isFinal(devnet, entry.landed.slot))) return answer(null);
  const maxVersion: number | undefined = config.maxSupportedTransactionVersion;
  const version = entry.message.version;
  if (version !== "legacy" && (maxVersion === undefined || version > maxVersion)) {
    const message =
      maxVersion === undefined
        ? `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`
        : `Transaction version (${version}) is not supported by the requesting client`;
    return refuse(RPC_ERROR.unsupportedTransactionVersion, message);
  }
  return answer(confirmedTransactionJson(entry, config.encoding ?? "json", maxVersion !== undefined));
}

/**
 * The signatures of the transactions that touched `key` (as any account key), newest
 * first, from the RPC's bounded history: `before` starts after that signature (an unknown
 * one gives an empty list, as a ledger without it does), `until` stops before it.
 */
function getSignaturesForAddress([key, config = {}]: readonly any[], { devnet }: { devnet: Devnet }): RpcAnswer {
  const refused = belowConfirmed(config.commitment) ?? minContextSlotRefusal(devnet, config);
  if (refused) return refused;
  const history = TransactionHistory.of(devnet);
  let signatures = history.signaturesOf(key as Address);
  if (config.before !== undefined) {
    const at = signatures.indexOf(config.before);
    signatures = at === -1 ? [] : signatures.slice(at + 1);
  }
  if (config.until !== undefined) {
    const at = signatures.indexOf(config.until);
    if (at !== -1) signatures = signatures.slice(0, at);
  }
  const limit: number = config.limit ?? MAX_SIGNATURES;
  const infos: unknown[] = [];
  for (const signature of signatures) {
    if (infos.length >= limit) break;
    const { landed } = history.get(signature)!;
    const final = isFinal(devnet, landed.slot);
    if ((config.commitment ?? "finalized") === "finalized" && !final) continue;
    infos.push({
      signature,
      slot: landed.slot,
      err: landed.error === null ? null : transactionErrorJson(landed.error),
      memo: null,
      blockTime: landed.unixTimestamp,
      confirmationStatus: final ? "finalized" : "confirmed",
    });
  }
  return answer(infos);
}

/** The validator's limit on the accounts of `getRecentPrioritizationFees` (a transaction's account locks). */
const MAX_FEE_ACCOUNTS = 128;

/**
 * The last 150 slots' prioritization fees, oldest first: per slot the lowest compute-unit
 * price landed in it, raised to the highest of the named accounts' own lowest prices where
 * they were write-locked (see {@link RecentPrioritizationFees.feesAt}).
 */
function getRecentPrioritizationFees([accounts = []]: readonly any[], { devnet }: { devnet: Devnet }): RpcAnswer {
  return (
    badPubkey(...(accounts as string[])) ?? answer(TransactionHistory.of(devnet).fees.feesAt(devnet.now().slot, accounts as Address[]))
  );
}

/** The history methods; building them starts the chain's history, so it holds what lands from then on. */
export function historyMethods(devnet: Devnet): RpcMethodTable {
  TransactionHistory.of(devnet);
  return {
    getTransaction: method([TransactionSignature, TransactionConfig], 1, getTransaction),
    getSignaturesForAddress: method([Pubkey, SignaturesForAddressConfig], 1, getSignaturesForAddress),
    getRecentPrioritizationFees: method([Type.Array(Pubkey, { maxItems: MAX_FEE_ACCOUNTS })], 0, getRecentPrioritizationFees),
  };
}
