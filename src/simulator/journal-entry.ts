import {
  type Address,
  type EncodedAccount,
  type Signature,
  type Transaction,
  getBase64EncodedWireTransaction,
  lamports,
} from "@solana/kit";
import type { ChainError } from "../chain/chain-error.ts";
import type { DevnetWrite, LandedTransaction } from "../chain/devnet.ts";
import { decodeWireTransaction } from "../chain/unsigned-transaction.ts";
import type { LaunchMetadata } from "../world/world-plan.ts";

/**
 * One line of `journal.jsonl`. The first line is always `meta`; the others are, in the
 * order they happened:
 *
 * | k          | fields                                                              | replay                         |
 * |------------|---------------------------------------------------------------------|--------------------------------|
 * | meta       | v (1), seed, slotMillis, genesisUnixTimestamp, launchCount, historyHours, solUsd, wallClock? | settings of the world |
 * | tx         | slot, seq, at (unix s), sig, ok, err (ChainError or null), cu, logs, wire (base64 of the signed wire transaction) | re-executed at slot:seq; its record re-ingested |
 * | airdrop    | slot, to, lamports (decimal string)                                 | devnet.airdrop at slot         |
 * | account    | slot, address, owner, lamports, data (base64), executable, space    | devnet.setAccount at slot      |
 * | metadata   | slot, launch, metadata (LaunchMetadata)                             | readModel.setMetadata          |
 * | prices     | slot                                                                | readModel.samplePrices at slot |
 * | populated  | slot, parked (addresses the keeper leaves alone)                     | the world's history is complete |
 * | restore    | slot                                                                | a control-API restore: a checkpoint follows at once |
 * | queued     | slot, sig, wire                                                     | accepted and not landed at a clean stop: submitted again, to land after the restart while its blockhash lives |
 *
 * Slots and seqs are JSON numbers (a slot passes 2^53 after ~114 million years of 400 ms
 * slots); amounts are decimal strings; bytes are base64.
 */
export type JournalEntry =
  JournalMeta | TransactionEntry | AirdropEntry | AccountEntry | MetadataEntry | PopulatedEntry | MarkEntry | QueuedEntry;

export interface JournalMeta {
  readonly k: "meta";
  readonly v: 1;
  readonly seed: string;
  readonly slotMillis: number;
  readonly genesisUnixTimestamp: string;
  readonly launchCount: number;
  readonly historyHours: number;
  readonly solUsd: number;
  /**
   * True when genesis was placed from the wall clock (`--genesis-time now`): a restart then
   * moves the clock forward to the wall clock again. Absent in pinned worlds (and older journals).
   */
  readonly wallClock?: boolean;
}

export interface TransactionEntry {
  readonly k: "tx";
  readonly slot: number;
  readonly seq: number;
  readonly at: number;
  readonly sig: string;
  readonly ok: boolean;
  readonly err: ChainError | null;
  readonly cu: number;
  readonly logs: readonly string[];
  readonly wire: string;
}

export interface AirdropEntry {
  readonly k: "airdrop";
  readonly slot: number;
  readonly to: string;
  readonly lamports: string;
}

export interface AccountEntry {
  readonly k: "account";
  readonly slot: number;
  readonly address: string;
  readonly owner: string;
  readonly lamports: string;
  readonly data: string;
  readonly executable: boolean;
  readonly space: string;
}

export interface MetadataEntry {
  readonly k: "metadata";
  readonly slot: number;
  readonly launch: string;
  readonly metadata: LaunchMetadata;
}

/** The world's history is complete; its exhibits are recorded so no later code change can move them. */
export interface PopulatedEntry {
  readonly k: "populated";
  readonly slot: number;
  readonly parked: readonly string[];
}

/** A transaction the chain had accepted and not landed when the server stopped cleanly (written after the last checkpoint). */
export interface QueuedEntry {
  readonly k: "queued";
  readonly slot: number;
  readonly sig: string;
  readonly wire: string;
}

/** The `queued` line of a transaction still waiting to land at `slot`. */
export function queuedEntryOf(queued: { readonly signature: Signature; readonly transaction: Transaction }, slot: bigint): QueuedEntry {
  return { k: "queued", slot: Number(slot), sig: queued.signature, wire: getBase64EncodedWireTransaction(queued.transaction) };
}

export interface MarkEntry {
  readonly k: "prices" | "restore";
  readonly slot: number;
}

/** The journal line of a chain write. */
export function entryOfWrite(write: DevnetWrite): JournalEntry {
  switch (write.kind) {
    case "transaction": {
      const { landed } = write;
      return {
        k: "tx",
        slot: Number(landed.slot),
        seq: landed.seq,
        at: Number(landed.unixTimestamp),
        sig: landed.signature,
        ok: landed.ok,
        err: landed.error,
        cu: Number(landed.computeUnits),
        logs: landed.logs,
        wire: getBase64EncodedWireTransaction(write.transaction),
      };
    }
    case "airdrop":
      return { k: "airdrop", slot: Number(write.slot), to: write.address, lamports: write.lamports.toString() };
    case "account": {
      const { account } = write;
      return {
        k: "account",
        slot: Number(write.slot),
        address: account.address,
        owner: account.programAddress,
        lamports: account.lamports.toString(),
        data: Buffer.from(account.data).toString("base64"),
        executable: account.executable,
        space: account.space.toString(),
      };
    }
    case "restore":
      return { k: "restore", slot: Number(write.slot) };
  }
}

/** The landed transaction a `tx` line records, as the read model ingests it. */
export function landedOf(entry: TransactionEntry): LandedTransaction {
  return {
    signature: entry.sig as Signature,
    slot: BigInt(entry.slot),
    seq: entry.seq,
    unixTimestamp: BigInt(entry.at),
    ok: entry.ok,
    error: entry.err,
    logs: entry.logs,
    computeUnits: BigInt(entry.cu),
  };
}

/** The signed transaction a `tx` line carries; throws on a corrupt line (a journal is ours to trust). */
export function transactionOf(entry: TransactionEntry | QueuedEntry): Transaction {
  const transaction = decodeWireTransaction(entry.wire);
  if (!transaction) throw new Error(`journal: the wire bytes of ${entry.sig} do not decode`);
  return transaction;
}

/** The account an `account` line writes. */
export function accountOf(entry: AccountEntry): EncodedAccount {
  return {
    address: entry.address as Address,
    programAddress: entry.owner as Address,
    lamports: lamports(BigInt(entry.lamports)),
    data: new Uint8Array(Buffer.from(entry.data, "base64")),
    executable: entry.executable,
    space: BigInt(entry.space),
  };
}
