import type { Address, KeyPairSigner } from "@solana/kit";

/** What a crank keeper (migration or collectibles) is given: one shape for both, since they run side by side. */
export interface KeeperOptions {
  /** The keeper's own key (derived from the seed; it pays for the pools its cranks open). */
  readonly keeper: KeyPairSigner;
  /** Launches to leave at their status or stage: the world's exhibits. */
  readonly parked?: ReadonlySet<Address>;
  /** Slots between sweeps for launches whose next crank is due and not under way; default 50. */
  readonly sweepEverySlots?: number;
  /** Where a failure to crank is reported; default console.warn. */
  readonly onError?: (error: unknown) => void;
}

/** Slots after which a crank that never landed (dropped by a fault, expired, refused by a moved venue) may be tried again. */
export const RETRY_AFTER_SLOTS = 160n;
