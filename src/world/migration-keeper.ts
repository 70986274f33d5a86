import { type Address, type Signature, getSignatureFromTransaction } from "@solana/kit";
import type { Devnet, LandedTransaction } from "../chain/devnet.ts";
import { spanCrosses } from "../chain/slot-span.ts";
import { decodeProgramEvents } from "../programs/index.ts";
import { type ChainLaunch, readChainLaunch, readChainLaunches } from "./chain-launches.ts";
import { CollectibleKeeper } from "./collectible-keeper.ts";
import { type KeeperOptions, RETRY_AFTER_SLOTS } from "./keeper-options.ts";
import { signMigrateStep } from "./world-transactions.ts";

/** The migration keeper's options: see {@link KeeperOptions}. */
export type MigrationKeeperOptions = KeeperOptions;

/**
 * Cranks `migrate` for every launch whose curve completed: on the statusChanged →
 * graduationPending event it submits one migration step per component (in recipe order,
 * landing together at the next slot), and a periodic sweep catches what an event could
 * not (a restart, a dropped submission). Submits through `devnet.submit`, like any client.
 * A collectible's way to its pool is a crank of its own: the keeper runs a
 * {@link CollectibleKeeper} beside, with the same key and exhibits.
 */
export class MigrationKeeper {
  readonly #devnet: Devnet;
  readonly #options: MigrationKeeperOptions;
  /** Launch → the signatures of its cranks not yet landed, and the slot they were sent at. */
  readonly #inFlight = new Map<Address, { pending: Set<Signature>; sentAt: bigint }>();
  readonly #work = new Set<Promise<void>>();
  readonly #stops: (() => void)[] = [];
  /** The collectibles' crank, run by the same keeper. */
  readonly collectibles: CollectibleKeeper;

  constructor(devnet: Devnet, options: MigrationKeeperOptions) {
    const sweepEvery = BigInt(options.sweepEverySlots ?? 50);
    if (sweepEvery <= 0n) throw new RangeError("sweepEverySlots must be positive");
    this.#devnet = devnet;
    this.#options = options;
    this.#stops.push(
      devnet.onLanded((landed) => this.#heard(landed)),
      devnet.onSlot((_now, span) => {
        if (spanCrosses(span, sweepEvery)) this.sweep();
      }),
    );
    this.collectibles = new CollectibleKeeper(devnet, options);
  }

  /** Resolves once every crank decided so far has been signed and submitted. */
  async whenIdle(): Promise<void> {
    while (this.#work.size > 0) await Promise.all([...this.#work]);
    await this.collectibles.whenIdle();
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
    this.collectibles.stop();
  }

  /** Cranks every launch on the chain whose migration is due and not under way. */
  sweep(): void {
    const now = this.#devnet.now().slot;
    for (const [launch, flight] of this.#inFlight) if (now - flight.sentAt > RETRY_AFTER_SLOTS) this.#inFlight.delete(launch);
    for (const launch of readChainLaunches(this.#devnet)) this.#crank(launch);
  }

  #heard(landed: LandedTransaction): void {
    for (const flight of this.#inFlight.values()) flight.pending.delete(landed.signature);
    for (const [launch, flight] of this.#inFlight) if (flight.pending.size === 0) this.#inFlight.delete(launch);
    if (!landed.ok) return;
    for (const event of decodeProgramEvents(landed.logs)) {
      if (event.kind !== "statusChanged" || event.newStatus !== "graduationPending") continue;
      const launch = readChainLaunch(this.#devnet, event.launch);
      if (launch) this.#crank(launch);
    }
  }

  #crank(launch: ChainLaunch): void {
    if (launch.status !== "graduationPending" && launch.status !== "migrating") return;
    if (launch.kind !== "pairs" || this.#options.parked?.has(launch.address) || this.#inFlight.has(launch.address)) return;
    const steps = launch.componentMints.map((_, i) => i).filter((i) => (launch.poolCreatedBits & (1 << i)) === 0);
    if (steps.length === 0) return;
    const flight = { pending: new Set<Signature>(), sentAt: this.#devnet.now().slot };
    this.#inFlight.set(launch.address, flight);
    const work = (async () => {
      // Signed first, submitted together: the steps land in recipe order in one slot.
      const transactions = await Promise.all(steps.map((i) => signMigrateStep(this.#devnet, this.#options.keeper, launch, i)));
      for (const transaction of transactions) {
        // Counted before submitting: in per-transaction mode it lands inside submit.
        const signature = getSignatureFromTransaction(transaction);
        flight.pending.add(signature);
        if (!this.#devnet.submit(transaction).accepted) flight.pending.delete(signature);
      }
    })()
      .catch((error: unknown) => {
        this.#inFlight.delete(launch.address);
        (this.#options.onError ?? console.warn)(error);
      })
      .finally(() => this.#work.delete(work));
    this.#work.add(work);
  }
}
