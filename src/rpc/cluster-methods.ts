import { createHash } from "node:crypto";
import { Type } from "@sinclair/typebox";
import { getBase58Decoder, getCompiledTransactionMessageDecoder } from "@solana/kit";
import type { SupportedMessage } from "../chain/check-transaction.ts";
import type { Devnet } from "../chain/devnet.ts";
import { SLOTS_PER_EPOCH } from "../chain/virtual-clock.ts";
import { RPC_ERROR, answer, invalidParams, refuse } from "./json-rpc-envelope.ts";
import { API_VERSION, inContext, minContextSlotRefusal } from "./rpc-context.ts";
import { type RpcMethodTable, method } from "./rpc-method.ts";
import { CommitmentConfig, U64Integer } from "./rpc-schemas.ts";
import { transactionFeeOf } from "./transaction-fee.ts";

/** Bumped with the feature set the validator reports; clients only print it. */
const FEATURE_SET = 3_294_202_862;

const Blockhash = Type.String({ pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$", description: "a base58 blockhash" });
const MessageBase64 = Type.String({ description: "a compiled message, base64" });

/** The seed's genesis hash: a stable name for this chain, different for every seed. */
export function genesisHashOf(seed: string): string {
  return getBase58Decoder().decode(createHash("sha256").update(`basket-devnet:genesis:${seed}`).digest());
}

/** The node's identity (`getIdentity`): a stable key for this chain's one validator, different for every seed. */
function identityOf(seed: string): string {
  return getBase58Decoder().decode(createHash("sha256").update(`basket-devnet:identity:${seed}`).digest());
}

const Slot = U64Integer({ description: "a slot" });

/**
 * A compiled message's fee as the runtime would charge it (per signature plus its priority
 * fee), or null when it does not decode.
 */
function feeOf(devnet: Devnet, base64: string): { fee: bigint | null } | null {
  let message: SupportedMessage;
  try {
    message = getCompiledTransactionMessageDecoder().decode(Buffer.from(base64, "base64")) as SupportedMessage;
  } catch {
    return null;
  }
  // The validator answers null for a message whose blockhash it no longer knows.
  return { fee: devnet.lastValidBlockHeightOf(message.lifetimeToken) === null ? null : transactionFeeOf(message) };
}

export const CLUSTER_METHODS: RpcMethodTable = {
  getVersion: method([], 0, () => answer({ "solana-core": API_VERSION, "feature-set": FEATURE_SET })),
  getHealth: method([], 0, () => answer("ok")),
  getGenesisHash: method([], 0, (_params, { devnet }) => answer(genesisHashOf(devnet.seed))),
  getSlot: method([CommitmentConfig], 0, ([config], { devnet }) => minContextSlotRefusal(devnet, config) ?? answer(devnet.now().slot)),
  getBlockHeight: method(
    [CommitmentConfig],
    0,
    ([config], { devnet }) => minContextSlotRefusal(devnet, config) ?? answer(devnet.now().blockHeight),
  ),
  getTransactionCount: method(
    [CommitmentConfig],
    0,
    ([config], { devnet }) => minContextSlotRefusal(devnet, config) ?? answer(BigInt(devnet.landedCount)),
  ),
  getEpochInfo: method([CommitmentConfig], 0, ([config], { devnet }) => {
    const now = devnet.now();
    return (
      minContextSlotRefusal(devnet, config) ??
      answer({
        absoluteSlot: now.slot,
        blockHeight: now.blockHeight,
        epoch: now.slot / SLOTS_PER_EPOCH,
        slotIndex: now.slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: BigInt(devnet.landedCount),
      })
    );
  }),
  getEpochSchedule: method([], 0, () =>
    // Every epoch is a full one (no warm-up), and the leader schedule is known an epoch ahead.
    answer({
      slotsPerEpoch: SLOTS_PER_EPOCH,
      leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
      warmup: false,
      firstNormalEpoch: 0,
      firstNormalSlot: 0,
    }),
  ),
  getIdentity: method([], 0, (_params, { devnet }) => answer({ identity: identityOf(devnet.seed) })),
  // Every slot since genesis is a block (one leader, no skips), and the ledger is whole from slot 0.
  getFirstAvailableBlock: method([], 0, () => answer(0)),
  getBlockTime: method([Slot], 1, ([slot], { devnet }) => {
    const now = devnet.now();
    if (BigInt(slot) > now.slot) return refuse(RPC_ERROR.blockNotAvailable, `Block not available for slot ${slot}`);
    return answer(devnet.unixTimestampAt(BigInt(slot)));
  }),
  getLatestBlockhash: method([CommitmentConfig], 0, ([config], { devnet }) => {
    const latest = devnet.latestBlockhash();
    return (
      minContextSlotRefusal(devnet, config) ??
      inContext(devnet, { blockhash: latest.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight })
    );
  }),
  isBlockhashValid: method(
    [Blockhash, CommitmentConfig],
    1,
    ([hash, config], { devnet }) =>
      minContextSlotRefusal(devnet, config) ?? inContext(devnet, devnet.lastValidBlockHeightOf(hash) !== null),
  ),
  getMinimumBalanceForRentExemption: method(
    [Type.Integer({ minimum: 0, maximum: 10 * 1024 * 1024 }), CommitmentConfig],
    1,
    ([bytes], { devnet }) => answer(devnet.minimumBalanceForRentExemption(bytes)),
  ),
  getFeeForMessage: method([MessageBase64, CommitmentConfig], 1, ([message, config], { devnet }) => {
    const fee = feeOf(devnet, message);
    if (fee === null) return invalidParams("invalid message: it is not a base64 compiled transaction message");
    return minContextSlotRefusal(devnet, config) ?? inContext(devnet, fee.fee);
  }),
};
