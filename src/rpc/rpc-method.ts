import type { TSchema } from "@sinclair/typebox";
import type { KeyPairSigner } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import type { RpcAnswer } from "./json-rpc-envelope.ts";

/** What every method reads from: the one chain the simulator's other layers share. */
export interface RpcDeps {
  readonly devnet: Devnet;
  /** Pays `requestAirdrop`; without it that method is not served (-32601). */
  readonly faucet?: KeyPairSigner;
}

/**
 * What one request text (a single request, or a whole batch) may still take: accounts from
 * program-account scans, and bytes of account data in its answers. A batch of a hundred
 * unfiltered SPL Token scans turned 13 KB into 57 MB of answers and held the HTTP API for
 * seconds; a batch of ten `getMultipleAccounts` naming a 600 KB program account a hundred
 * times each asked for 820 MB. A validator bounds a scan's results the same way
 * (`--accounts-index-scan-results-limit-mb`, ScanError -32012).
 */
export class ScanBudget {
  constructor(
    public remaining: number,
    public dataBytesRemaining = ANSWER_DATA_LIMIT_BYTES,
  ) {}

  /** Takes `accounts` from the budget; false (and nothing taken) when it does not hold that many. */
  take(accounts: number): boolean {
    if (accounts > this.remaining) return false;
    this.remaining -= accounts;
    return true;
  }

  /** Takes `bytes` of account data from the budget; false (and nothing taken) when it does not hold that many. */
  takeData(bytes: number): boolean {
    if (bytes > this.dataBytesRemaining) return false;
    this.dataBytesRemaining -= bytes;
    return true;
  }
}

/** Accounts a request text's scans may return together (the seeded world holds about 1,300 token accounts). */
export const SCAN_RESULTS_LIMIT = 10_000;

/** Bytes of account data a request text's answers may carry together (before encoding): any one account fits many times over. */
export const ANSWER_DATA_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * One JSON-RPC method: a schema per positional parameter (the first `required` must be
 * present; the rest may be left out or null) and the handler, which gets them checked.
 */
export interface RpcMethod {
  readonly params: readonly TSchema[];
  readonly required: number;
  // The schemas above check each parameter before the handler sees it.
  // `session` is the transport's per-connection state (the PubSub socket), undefined over HTTP;
  // `scans` what the request text may still take from account scans.
  readonly handle: (params: readonly any[], deps: RpcDeps, session: any, scans: ScanBudget) => RpcAnswer | Promise<RpcAnswer>;
}

export type RpcMethodTable = Readonly<Record<string, RpcMethod>>;

export const method = (params: readonly TSchema[], required: number, handle: RpcMethod["handle"]): RpcMethod => ({
  params,
  required,
  handle,
});
