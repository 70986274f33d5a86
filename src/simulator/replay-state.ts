import type { Address } from "@solana/kit";
import type { Devnet, LandedTransaction } from "../chain/devnet.ts";
import type { ClockReading } from "../chain/virtual-clock.ts";
import type { ReadModel } from "../indexer/read-model.ts";
import { type JournalEntry, accountOf, landedOf, transactionOf } from "./journal-entry.ts";
import type { Checkpoint, StateJournal } from "./state-journal.ts";

export interface Replay {
  /** Journal lines read. */
  readonly lines: number;
  /** Transactions whose effects came with the checkpoint, recalled for their statuses. */
  readonly recalled: number;
  /** Lines re-executed after the checkpoint. */
  readonly replayed: number;
  /** Re-executed transactions whose outcome differs from the journal's (should be none: the chain is deterministic). */
  readonly mismatches: readonly string[];
}

/**
 * The read model's clock while it is rebuilt from a journal: each line is folded at the
 * virtual time it happened, so "now"-relative figures (sample times, ages) come out as
 * they first did. Released, it follows the devnet again.
 */
export class ReplayClock {
  readonly #devnet: Devnet;
  readonly #genesisUnixTimestamp: bigint;
  #slot: bigint | null = null;

  constructor(devnet: Devnet, genesisUnixTimestamp: bigint) {
    this.#devnet = devnet;
    this.#genesisUnixTimestamp = genesisUnixTimestamp;
  }

  readonly now = (): ClockReading => {
    if (this.#slot === null) return this.#devnet.now();
    const unixMillis = this.#genesisUnixTimestamp * 1000n + this.#slot * BigInt(this.#devnet.slotMillis);
    return { slot: this.#slot, blockHeight: this.#slot, unixTimestamp: unixMillis / 1000n, unixMillis };
  };

  at(slot: bigint): void {
    this.#slot = slot;
  }

  release(): void {
    this.#slot = null;
  }
}

/**
 * Rebuilds a state directory's chain and read model in one pass over the journal: the
 * chain from the checkpoint (lines it covers are only recalled, for their statuses) plus
 * every later line re-executed at its own slot and position; the read model from every
 * line, folded at its own time. The caller attaches no journal and no listeners before
 * this: nothing here is news.
 */
export function replayJournal(
  journal: StateJournal,
  checkpoint: Checkpoint | null,
  devnet: Devnet,
  readModel: ReadModel,
  clock: ReplayClock,
): Replay {
  const covered = checkpoint?.entries ?? 0;
  if (checkpoint) {
    devnet.restore({
      svm: checkpoint.svm,
      clock: {
        seed: checkpoint.seed,
        slot: checkpoint.slot,
        genesisUnixTimestamp: checkpoint.genesisUnixTimestamp,
        slotMillis: checkpoint.slotMillis,
      },
      seqInSlot: checkpoint.seqInSlot,
      records: new Map(),
      queue: [],
    });
  }
  let lines = 0;
  let recalled = 0;
  let replayed = 0;
  const mismatches: string[] = [];
  const replayEntry = (entry: Exclude<JournalEntry, { k: "meta" }>, index: number): void => {
    // A recalled line folds from what the chain keeps of it: the same events, a few lines to read instead of the whole log.
    let remembered: LandedTransaction | null = null;
    if (index < covered) {
      if (entry.k === "tx") {
        remembered = devnet.recall(landedOf(entry));
        recalled += 1;
      }
    } else {
      replayed += 1;
      const mismatch = replayLine(devnet, entry);
      if (mismatch !== null) mismatches.push(mismatch);
    }
    clock.at(BigInt(entry.slot));
    if (entry.k === "tx") readModel.ingest(remembered ?? landedOf(entry));
    else if (entry.k === "metadata") readModel.setMetadata(entry.launch, entry.metadata);
    else if (entry.k === "prices") readModel.samplePrices();
  };
  journal.forEachEntry((entry, index) => {
    lines += 1;
    if (entry.k === "meta") return;
    try {
      replayEntry(entry, index);
    } catch (error) {
      // A line whose fields do not read (a damaged journal): say which, not only what broke.
      throw new Error(
        `journal line ${index + 1} (${entry.k}) cannot be replayed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  clock.release();
  return { lines, recalled, replayed, mismatches };
}

/** Applies one journal line to the chain; returns what went differently, or null. */
function replayLine(devnet: Devnet, entry: Exclude<JournalEntry, { k: "meta" }>): string | null {
  switch (entry.k) {
    case "tx": {
      const result = devnet.executeAt(transactionOf(entry), { slot: BigInt(entry.slot), seq: entry.seq });
      const same = result.landed && result.transaction.ok === entry.ok && result.transaction.logs.length === entry.logs.length;
      return same ? null : entry.sig;
    }
    case "queued":
      // Accepted before a clean stop: waits again, to land (or expire) as time moves after the restart.
      devnet.warpToSlot(BigInt(entry.slot));
      devnet.submit(transactionOf(entry));
      return null;
    case "airdrop":
      devnet.warpToSlot(BigInt(entry.slot));
      devnet.airdrop(entry.to as Address, BigInt(entry.lamports));
      return null;
    case "account":
      devnet.warpToSlot(BigInt(entry.slot));
      devnet.setAccount(accountOf(entry));
      return null;
    case "restore":
      // A restore's state is only in the checkpoint written right after it: a journal
      // that still needs replaying past one lost that checkpoint.
      return `restore at slot ${entry.slot}`;
    default:
      // metadata, prices, populated: no chain state, but time had reached their slot.
      devnet.warpToSlot(BigInt(entry.slot));
      return null;
  }
}
