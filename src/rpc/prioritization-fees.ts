import type { Address } from "@solana/kit";
import type { SupportedMessage } from "../chain/check-transaction.ts";
import { computeBudgetOf } from "./transaction-fee.ts";
import { isWritableKey } from "../chain/check-transaction.ts";

/** Slots the validator's prioritization-fee cache remembers (its MAX_NUM_RECENT_BLOCKS). */
export const RECENT_FEE_SLOTS = 150;

/** One slot's fees: the lowest compute-unit price landed in it, and the lowest per account it write-locked. */
interface SlotFees {
  min: bigint;
  readonly byWritable: Map<Address, bigint>;
}

/**
 * The validator's prioritization-fee cache: for each of the last {@link RECENT_FEE_SLOTS}
 * slots, the minimum compute-unit price (micro-lamports) among the transactions that landed
 * in it (failed ones too: they were committed and paid), overall and per writable account.
 */
export class RecentPrioritizationFees {
  readonly #slots = new Map<bigint, SlotFees>();

  /** Counts a landed transaction's price in its slot. */
  record(slot: bigint, message: SupportedMessage): void {
    const { price } = computeBudgetOf(message);
    let fees = this.#slots.get(slot);
    if (!fees) {
      this.#slots.set(slot, (fees = { min: price, byWritable: new Map() }));
      this.#prune(slot);
    } else if (price < fees.min) fees.min = price;
    message.staticAccounts.forEach((key, index) => {
      if (!isWritableKey(message, index)) return;
      const known = fees.byWritable.get(key);
      if (known === undefined || price < known) fees.byWritable.set(key, price);
    });
  }

  /**
   * What `getRecentPrioritizationFees` answers at `head`: every one of the last 150 slots up
   * to it, oldest first, each with the fee a transaction write-locking all of `accounts`
   * would have had to beat — as the validator computes it, the slot's minimum price raised to
   * the highest of those accounts' own minimums (0 in a slot where nothing landed).
   */
  feesAt(head: bigint, accounts: readonly Address[]): { slot: bigint; prioritizationFee: bigint }[] {
    const first = head >= BigInt(RECENT_FEE_SLOTS) ? head - BigInt(RECENT_FEE_SLOTS) + 1n : 0n;
    const answer: { slot: bigint; prioritizationFee: bigint }[] = [];
    for (let slot = first; slot <= head; slot++) {
      const fees = this.#slots.get(slot);
      let fee = fees?.min ?? 0n;
      for (const account of accounts) {
        const own = fees?.byWritable.get(account);
        if (own !== undefined && own > fee) fee = own;
      }
      answer.push({ slot, prioritizationFee: fee });
    }
    return answer;
  }

  clear(): void {
    this.#slots.clear();
  }

  // Slots only grow, so a new slot is the moment older ones may fall out of the window.
  #prune(newest: bigint): void {
    for (const slot of this.#slots.keys()) if (slot <= newest - BigInt(RECENT_FEE_SLOTS)) this.#slots.delete(slot);
  }
}
