import { type Address, type KeyPairSigner, type Signature, type Transaction, getSignatureFromTransaction } from "@solana/kit";
import type { Devnet, LandedTransaction } from "../chain/devnet.ts";
import { signInstructions } from "../chain/sign-instructions.ts";
import { spanCrosses } from "../chain/slot-span.ts";
import {
  type CollectibleCrank,
  decodeProgramEvents,
  findCollectiblePda,
  getNextCollectibleCrankInstruction,
  nextCollectibleCrank,
} from "../programs/index.ts";
import { type ChainCollectible, readChainCollectible, readChainCollectibles } from "./chain-launches.ts";
import { type KeeperOptions, RETRY_AFTER_SLOTS } from "./keeper-options.ts";

/**
 * The compute budget of a crank step: migrate opens a pool and its two vaults by CPI and
 * swap crosses into the pool program; twice the default keeps every step clear of the limit.
 */
export const COLLECTIBLE_CRANK_COMPUTE_UNITS = 400_000;

/**
 * The next crank step of `collectible` (fund, swap, acquire or migrate), signed by `payer`,
 * or null when none applies (still raising, or tradable).
 */
export async function signCollectibleCrank(
  devnet: Devnet,
  payer: KeyPairSigner,
  collectible: ChainCollectible,
): Promise<{ crank: CollectibleCrank; transaction: Transaction } | null> {
  const crank = nextCollectibleCrank(collectible.launch.status, collectible.record);
  if (crank === null) return null;
  const instruction = await getNextCollectibleCrankInstruction(payer.address, collectible.launch.status, collectible.record);
  if (instruction === null) return null;
  const transaction = await signInstructions({
    feePayer: payer,
    instructions: [instruction],
    lifetime: devnet.latestBlockhash(),
    computeUnitLimit: COLLECTIBLE_CRANK_COMPUTE_UNITS,
  });
  return { crank, transaction };
}

/** The collectibles keeper's options: see {@link KeeperOptions}. */
export type CollectibleKeeperOptions = KeeperOptions;

/**
 * Cranks every collectible whose curve sold out through funding → swapping → acquiring →
 * pooling → tradable: each step's `collectibleStage` event (and the curve's completion,
 * statusChanged → graduationPending) sends the next step, one at a time since each needs the
 * last one's state; a periodic sweep catches what an event could not (a restart, a dropped
 * submission, a swap the venue refused while its price had moved). Submits with
 * `devnet.submit`, like any client.
 */
export class CollectibleKeeper {
  readonly #devnet: Devnet;
  readonly #options: CollectibleKeeperOptions;
  /** Launch → the signature of its step not yet landed, and the slot it was sent at. */
  readonly #inFlight = new Map<Address, { signature: Signature | null; sentAt: bigint }>();
  readonly #work = new Set<Promise<void>>();
  readonly #stops: (() => void)[] = [];
  /** Steps submitted since start: tests and logs read it. */
  submitted = 0;

  constructor(devnet: Devnet, options: CollectibleKeeperOptions) {
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
  }

  /** Resolves once every step decided so far has been signed and submitted. */
  async whenIdle(): Promise<void> {
    while (this.#work.size > 0) await Promise.all([...this.#work]);
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  /** Cranks every collectible on the chain whose next step is due and not under way. */
  sweep(): void {
    const now = this.#devnet.now().slot;
    for (const [launch, flight] of this.#inFlight) if (now - flight.sentAt > RETRY_AFTER_SLOTS) this.#inFlight.delete(launch);
    for (const collectible of readChainCollectibles(this.#devnet)) this.#crank(collectible);
  }

  #heard(landed: LandedTransaction): void {
    for (const [launch, flight] of this.#inFlight) if (flight.signature === landed.signature) this.#inFlight.delete(launch);
    if (!landed.ok) return;
    for (const event of decodeProgramEvents(landed.logs)) {
      const moved =
        (event.kind === "collectibleStage" && event.stage !== "tradable") ||
        (event.kind === "statusChanged" && event.newStatus === "graduationPending");
      if (moved) this.#crankLaunch(event.launch);
    }
  }

  #crankLaunch(launch: Address): void {
    if (this.#options.parked?.has(launch) || this.#inFlight.has(launch)) return;
    this.#track(
      (async () => {
        const [address] = await findCollectiblePda({ launch });
        const collectible = readChainCollectible(this.#devnet, address);
        if (collectible) this.#crank(collectible);
      })(),
    );
  }

  #crank(collectible: ChainCollectible): void {
    const launch = collectible.launch.address;
    if (this.#options.parked?.has(launch) || this.#inFlight.has(launch)) return;
    if (nextCollectibleCrank(collectible.launch.status, collectible.record) === null) return;
    const flight: { signature: Signature | null; sentAt: bigint } = { signature: null, sentAt: this.#devnet.now().slot };
    this.#inFlight.set(launch, flight);
    this.#track(
      (async () => {
        const signed = await signCollectibleCrank(this.#devnet, this.#options.keeper, collectible);
        if (!signed) return void this.#inFlight.delete(launch);
        // Recorded before submitting: in per-transaction mode it lands inside submit.
        flight.signature = getSignatureFromTransaction(signed.transaction);
        if (this.#devnet.submit(signed.transaction).accepted) this.submitted += 1;
        else this.#inFlight.delete(launch);
      })().catch((error: unknown) => {
        this.#inFlight.delete(launch);
        throw error;
      }),
    );
  }

  #track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => (this.#options.onError ?? console.warn)(error))
      .finally(() => this.#work.delete(tracked));
    this.#work.add(tracked);
  }
}
