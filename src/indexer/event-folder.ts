import type { LandedTransaction } from "../chain/devnet.ts";
import {
  type LaunchCreatedEvent,
  type MigrationStepEvent,
  NATIVE_MINT_ADDRESS,
  type StatusChangedEvent,
  type SwapEvent,
  type TradeEvent,
  decodeProgramEvents,
} from "../programs/index.ts";
import { base58ToBytes } from "../wire/base58-bytes.ts";
import { CollectibleBook } from "./collectible-book.ts";
import { componentDnaValue, pairReserves } from "./launch-figures.ts";
import type { Change } from "./change.ts";
import { LaunchDirectory } from "./launch-directory.ts";
import { launchPricing, priceRecipe } from "./launch-pricing.ts";
import { LaunchState } from "./launch-state.ts";
import { PriceBook } from "./price-book.ts";
import type { TapeEntry } from "./trade-tape.ts";
import { TraderTable } from "./trader-table.ts";

/** How many trades `GET /v1/trades/live` shows. */
export const LIVE_TRADES = 12;

/**
 * Folds landed transactions' program events into the read model's state: launches and
 * their tapes, venues and pair pools, the newest trades. Transactions arrive in landing
 * order (slot, then position in slot); a failed one changes nothing, and one delivered
 * twice is folded once.
 */
export class EventFolder {
  readonly directory = new LaunchDirectory();
  readonly traders = new TraderTable();
  readonly book: PriceBook;
  readonly collectibles: CollectibleBook;
  /** The 12 newest trades, oldest first: a launch and its tape index. */
  readonly live: { launch: LaunchState; index: number }[] = [];
  readonly #pairPools = new Map<string, { launch: LaunchState; index: number }>();
  readonly #venueAuthority: string;
  #tradeSlot = -1n;
  #tradeSeq = 0;
  /** The last transaction folded, by (slot, position in slot). */
  #lastSlot = -1n;
  #lastSeq = 0;
  /**
   * Counts the folds that changed any launch (a new one, or a launch's revision): answers
   * over many launches (list pages) are cached against it, so a transaction that only moved
   * a venue's live reserves (not sampled yet) keeps them.
   */
  revision = 0;

  /** `usdcMint`: the component whose SOL venue values a collectible listing's buffer (null when the world has none). */
  constructor(venueAuthority: string, sampledAt: bigint, usdcMint: string | null = null) {
    this.#venueAuthority = venueAuthority;
    this.book = new PriceBook(sampledAt);
    this.collectibles = new CollectibleBook(usdcMint);
  }

  /** The last landing folded: where a price sample taken now falls among the landings (slot -1 before any). */
  get lastFolded(): { readonly afterSlot: bigint; readonly afterSeq: number } {
    return { afterSlot: this.#lastSlot, afterSeq: this.#lastSeq };
  }

  /** Folds `transaction`; one at or before the last folded (a duplicate delivery) is ignored. */
  fold(transaction: LandedTransaction): Change[] {
    const { slot, seq } = transaction;
    if (slot < this.#lastSlot || (slot === this.#lastSlot && seq <= this.#lastSeq)) return [];
    this.#lastSlot = slot;
    this.#lastSeq = seq;
    if (!transaction.ok) return [];
    const changes: Change[] = [];
    for (const event of decodeProgramEvents(transaction.logs)) {
      switch (event.kind) {
        case "launchCreated":
          this.#created(event, changes);
          break;
        case "trade":
          this.#traded(event, transaction, changes);
          break;
        case "statusChanged":
          this.#statusChanged(event, changes);
          break;
        case "migrationStep":
          this.#migrated(event, transaction, changes);
          break;
        case "poolCreated":
          if (event.authority === this.#venueAuthority && event.mintA === NATIVE_MINT_ADDRESS) this.book.addVenue(event.pool, event.mintB);
          break;
        case "liquidityAdded":
          this.#reserves(event.pool, event.reserveA, event.reserveB);
          break;
        case "swap":
          this.#reserves(event.pool, event.reserveA, event.reserveB);
          this.#pairTraded(event, transaction, changes);
          break;
        case "collectibleListed":
          this.collectibles.listed(event, this.directory.byAddress(event.launch), this.book, changes);
          break;
        case "collectibleStage": {
          this.collectibles.staged(event, transaction.signature, changes);
          // Its row shows what the stage changes (the curve's reserve leaves when it is funded).
          const launch = this.directory.byAddress(event.launch);
          if (launch) this.touch(launch);
          break;
        }
        case "cardReleased":
          this.collectibles.cardReleased(event, changes);
          break;
      }
    }
    return changes;
  }

  #created(event: LaunchCreatedEvent, changes: Change[]): void {
    if (this.directory.byAddress(event.launch)) return;
    const atCreation = priceRecipe(
      event.components.map((component) => component.quantity),
      event.components.map((component) => this.book.livePrice(component.mint)),
    );
    const launchBps = atCreation.realisedBps ?? event.components.map((component) => component.targetBps);
    this.directory.add(new LaunchState(event, this.directory.size, launchBps));
    this.revision += 1;
    changes.push({ kind: "launch", launch: event.launch });
  }

  #traded(event: TradeEvent, transaction: LandedTransaction, changes: Change[]): void {
    const launch = this.directory.byAddress(event.launch);
    if (!launch) return;
    this.#record(launch, transaction, changes, {
      unixTimestamp: event.unixTimestamp,
      direction: event.direction,
      pairPool: false,
      primaryAmount: event.primaryAmount,
      dnaUnits: event.dnaAmount,
      trader: event.trader,
      virtualPrimary: event.virtualPrimary,
      virtualDna: event.virtualDna,
    });
    launch.virtualPrimary = event.virtualPrimary;
    launch.virtualDna = event.virtualDna;
    launch.creatorFeeDna += event.creatorFeeDna;
    this.collectibles.traded(event, launch);
  }

  /**
   * A swap on a graduated launch's pair pool is a market trade of that launch: it joins the
   * tape like a curve trade, its DNA value is the component's at its recipe weight
   * (C·10^9·targetBps/(quantity·10^4)), and its price columns hold the pools' totals so
   * the price it records is the launch's spot price after it (spotPriceE12's formula).
   */
  #pairTraded(event: SwapEvent, transaction: LandedTransaction, changes: Change[]): void {
    const pair = this.#pairPools.get(event.pool);
    if (!pair) return;
    const { launch, index } = pair;
    const pools = pairReserves(launch);
    // Mint A is the launch token: A in is a sell of the launch, B in a buy.
    const sold = event.aToB;
    this.#record(launch, transaction, changes, {
      unixTimestamp: transaction.unixTimestamp,
      direction: sold ? "sell" : "buy",
      pairPool: true,
      primaryAmount: sold ? event.amountIn : event.amountOut,
      dnaUnits: componentDnaValue(launch, index, sold ? event.amountOut : event.amountIn),
      trader: event.trader,
      virtualPrimary: pools.primary,
      virtualDna: pools.dna,
    });
  }

  /** Appends one trade to its launch's tape, windows, holders and the live feed, and announces it. */
  #record(
    launch: LaunchState,
    transaction: LandedTransaction,
    changes: Change[],
    trade: Omit<TapeEntry, "slot" | "seq" | "dnaUnitLamportsE9" | "trader" | "signature"> & { trader: string },
  ): void {
    if (transaction.slot !== this.#tradeSlot) {
      this.#tradeSlot = transaction.slot;
      this.#tradeSeq = 0;
    }
    const seq = this.#tradeSeq++;
    this.touch(launch);
    const trader = this.traders.intern(trade.trader);
    const index = launch.tape.append({
      ...trade,
      slot: transaction.slot,
      seq,
      dnaUnitLamportsE9: launchPricing(launch, this.book).dnaUnitLamportsE9 ?? 0n,
      trader,
      signature: base58ToBytes(transaction.signature, 64) ?? new Uint8Array(64),
    });
    launch.window.add(launch.tape, index);
    launch.holders.apply(trader, trade.direction === "buy", trade.primaryAmount, trade.dnaUnits);
    this.live.push({ launch, index });
    if (this.live.length > LIVE_TRADES) this.live.shift();
    changes.push({ kind: "trade", launch: launch.address, signature: transaction.signature, slot: transaction.slot, seq });
  }

  #statusChanged(event: StatusChangedEvent, changes: Change[]): void {
    const launch = this.directory.byAddress(event.launch);
    if (!launch) return;
    this.touch(launch);
    launch.status = event.newStatus;
    if (event.newStatus === "migrating" && launch.migrationStartedAt === null) launch.migrationStartedAt = event.unixTimestamp;
    if (event.newStatus === "graduated") launch.migrationFinalizedAt = event.unixTimestamp;
    changes.push({ kind: "status", launch: launch.address, status: event.newStatus });
    this.collectibles.statusChanged(launch, event.newStatus, event.unixTimestamp, changes);
  }

  #migrated(event: MigrationStepEvent, transaction: LandedTransaction, changes: Change[]): void {
    const launch = this.directory.byAddress(event.launch);
    const component = launch?.components[event.index];
    if (!launch || !component) return;
    this.touch(launch);
    launch.pairPools[event.index] = {
      pool: event.pool,
      mint: component.mint,
      migratedPrimary: event.primaryAmount,
      primaryReserve: event.primaryAmount,
      componentReserve: event.componentAmount,
    };
    launch.poolCreatedBits = event.poolCreatedBits;
    launch.migrationStartedAt ??= transaction.unixTimestamp;
    this.#pairPools.set(event.pool, { launch, index: event.index });
    changes.push({ kind: "migration", launch: launch.address });
  }

  /** `launch` changed: answers cached against its revision, or the folder's, are stale. */
  touch(launch: LaunchState): void {
    launch.revision += 1;
    this.revision += 1;
  }

  #reserves(pool: string, reserveA: bigint, reserveB: bigint): void {
    if (this.book.updateReserves(pool, reserveA, reserveB)) return;
    const pair = this.#pairPools.get(pool);
    const target = pair?.launch.pairPools[pair.index];
    if (!target) return;
    this.touch(pair.launch);
    target.primaryReserve = reserveA;
    target.componentReserve = reserveB;
  }
}
