import type { Signature } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { FINALITY_SLOTS } from "../chain/virtual-clock.ts";
import type { Commitment } from "./rpc-schemas.ts";
import { transactionErrorJson } from "./transaction-error-json.ts";

/**
 * Slots the validator's status cache answers for without `searchTransactionHistory`
 * (its MAX_CACHE_ENTRIES of roots); older signatures need the history flag.
 */
export const STATUS_CACHE_SLOTS = 300n;

export interface RpcSignatureStatus {
  readonly slot: bigint;
  readonly confirmations: bigint | null;
  readonly err: unknown;
  readonly status: { readonly Ok: null } | { readonly Err: unknown };
  readonly confirmationStatus: Commitment;
}

/**
 * Where `signature` stands, as `getSignatureStatuses` reports it: null until it lands (a
 * queued, refused or expired transaction never reached a block), then `confirmed` (the
 * devnet has no forks: a landed transaction is in the chain for good) and `finalized` 32
 * slots later, with `err` when it failed on chain.
 */
export function rpcSignatureStatus(devnet: Devnet, signature: Signature, searchTransactionHistory = true): RpcSignatureStatus | null {
  const report = devnet.getTransactionStatus(signature);
  if (report.slot === null) return null;
  const now = devnet.now().slot;
  if (!searchTransactionHistory && now - report.slot > STATUS_CACHE_SLOTS) return null;
  const final = now >= report.slot + FINALITY_SLOTS;
  const err = report.error === null ? null : transactionErrorJson(report.error);
  return {
    slot: report.slot,
    confirmations: final ? null : now - report.slot,
    err,
    status: err === null ? { Ok: null } : { Err: err },
    confirmationStatus: final ? "finalized" : "confirmed",
  };
}

/** Whether a status has reached `commitment` (every landed status is at least `confirmed`). */
export function reaches(status: RpcSignatureStatus | null, commitment: Commitment): boolean {
  if (status === null) return false;
  return commitment !== "finalized" || status.confirmationStatus === "finalized";
}
