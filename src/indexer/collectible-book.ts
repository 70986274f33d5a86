import {
  type CardReleasedEvent,
  type CollectibleListedEvent,
  type CollectibleStageEvent,
  type LaunchStatus,
  SYSTEM_PROGRAM_ADDRESS,
  type TradeEvent,
} from "../programs/index.ts";
import { COLLECTIBLE_STAGES, type CollectibleStage } from "../programs/collectible-stage.ts";
import type { Change } from "./change.ts";
import type { LaunchState } from "./launch-state.ts";
import type { PriceBook } from "./price-book.ts";

const BPS = 10_000n;
/** bufferBps's bounds (the record schema's): a listing worth nothing to 100× its price. */
const MIN_BUFFER_BPS = -10_000n;
const MAX_BUFFER_BPS = 1_000_000n;

/** What a collectible's curve vault holds, kept from its trades (wrapped SOL is its only component). */
interface CurveVault {
  /** wSOL lamports in the curve vault: buys' deposits (fee included) less sells' withdrawals. */
  lamports: bigint;
  /** Σ of every trade's fee part (kept in the vault). */
  fees: bigint;
}

/** The collectible side of a launch whose card was listed: the listing's terms and every step since. */
export interface CollectibleState {
  readonly launch: LaunchState;
  readonly listing: CollectibleListedEvent;
  readonly vault: CurveVault;
  /** At the USDC venue's live price when the listing landed; null when it was unpriced. */
  readonly bufferBps: number | null;
  stage: CollectibleStage;
  /** Unix seconds each stage was reached (by stage index); null until then. */
  readonly reachedAt: (bigint | null)[];
  /** The last stage event's accounting (zeros before the fund step). */
  accounting: Omit<CollectibleStageEvent, "kind" | "launch" | "stage" | "unixTimestamp">;
  /** DNA units the curve held when the fund crank emptied it; null before. */
  fundedDna: bigint | null;
  /** The acquire crank's transaction. */
  acquiredSignature: string | null;
  released: { readonly at: bigint; readonly destination: string } | null;
}

export function stageIndex(stage: CollectibleStage): number {
  return COLLECTIBLE_STAGES.indexOf(stage);
}

/**
 * Folds the collectible events (listed, stage, card released) and the trades of collectible
 * launches into one state per listed collectible. Figures are copied from the events, never
 * computed; the one inference is the contract's: a collectible whose launch became
 * `graduationPending` (its curve sold out) is at stage `funding` even before a stage event
 * says so. Each visible move (listing, stage change, release) adds a `collectible` change.
 */
export class CollectibleBook {
  readonly #byLaunch = new Map<string, CollectibleState>();
  readonly #all: CollectibleState[] = [];
  /** Curve vaults of collectible launches, from their first trade (a trade may land before the listing). */
  readonly #vaults = new Map<string, CurveVault>();
  readonly #usdcMint: string | null;

  /** `usdcMint`: the mint whose SOL venue values a listing's buffer (null: buffers unknown). */
  constructor(usdcMint: string | null) {
    this.#usdcMint = usdcMint;
  }

  /** Every listed collectible, in listing order. */
  get all(): readonly CollectibleState[] {
    return this.#all;
  }

  get(launch: string): CollectibleState | null {
    return this.#byLaunch.get(launch) ?? null;
  }

  listed(event: CollectibleListedEvent, launch: LaunchState | null, book: PriceBook, changes: Change[]): void {
    if (!launch || launch.kind !== "collectibles" || this.#byLaunch.has(launch.address)) return;
    const reachedAt: (bigint | null)[] = COLLECTIBLE_STAGES.map(() => null);
    reachedAt[0] = event.unixTimestamp;
    const state: CollectibleState = {
      launch,
      listing: event,
      vault: this.#vaultOf(launch.address),
      bufferBps: this.#bufferBps(event, book),
      stage: "raising",
      reachedAt,
      accounting: { fundedLamports: 0n, wsolIn: 0n, usdcOut: 0n, spentUsdc: 0n, surplusUsdc: 0n, swapPool: SYSTEM_PROGRAM_ADDRESS },
      fundedDna: null,
      acquiredSignature: null,
      released: null,
    };
    this.#byLaunch.set(launch.address, state);
    this.#all.push(state);
    // A listing after the curve already completed (not done by the program, but folded as told).
    if (launch.status !== "activeBonding") this.#moveTo(state, "funding", event.unixTimestamp);
    changes.push({ kind: "collectible", launch: launch.address, stage: state.stage, event: "listed" });
  }

  traded(event: TradeEvent, launch: LaunchState): void {
    if (launch.kind !== "collectibles") return;
    const vault = this.#vaultOf(launch.address);
    const amount = event.componentAmounts[0] ?? 0n;
    vault.lamports += event.direction === "buy" ? amount : -amount;
    vault.fees += event.componentFees[0] ?? 0n;
  }

  /** A stage event: its accounting is copied whatever it says; the stage only moves forward. */
  staged(event: CollectibleStageEvent, signature: string, changes: Change[]): void {
    const state = this.#byLaunch.get(event.launch);
    if (!state) return;
    const { fundedLamports, wsolIn, usdcOut, spentUsdc, surplusUsdc, swapPool } = event;
    state.accounting = { fundedLamports, wsolIn, usdcOut, spentUsdc, surplusUsdc, swapPool };
    // A step's facts belong to the event that reached it (or to a later one that skipped it).
    const index = stageIndex(event.stage);
    if (index >= stageIndex("swapping") && state.fundedDna === null) state.fundedDna = state.launch.realDna;
    // Funded: the curve's whole wSOL vault went to the acquisition, so the curve holds no reserve.
    if (index >= stageIndex("swapping")) state.launch.curveReserveReleased = true;
    if (index >= stageIndex("pooling") && state.acquiredSignature === null) state.acquiredSignature = signature;
    if (this.#moveTo(state, event.stage, event.unixTimestamp)) {
      changes.push({ kind: "collectible", launch: event.launch, stage: state.stage, event: "stage" });
    }
  }

  /** The launch's status changed: a collectible whose curve completed is `funding`. */
  statusChanged(launch: LaunchState, status: LaunchStatus, at: bigint, changes: Change[]): void {
    const state = this.#byLaunch.get(launch.address);
    if (!state || status !== "graduationPending") return;
    if (this.#moveTo(state, "funding", at)) {
      changes.push({ kind: "collectible", launch: launch.address, stage: state.stage, event: "stage" });
    }
  }

  cardReleased(event: CardReleasedEvent, changes: Change[]): void {
    const state = this.#byLaunch.get(event.launch);
    if (!state || state.released || event.cardMint !== state.listing.cardMint) return;
    state.released = { at: event.unixTimestamp, destination: event.destination };
    changes.push({ kind: "collectible", launch: event.launch, stage: state.stage, event: "cardReleased" });
  }

  /** Moves `state` forward to `stage` (every stage passed on the way is reached at `at`); false when not forward. */
  #moveTo(state: CollectibleState, stage: CollectibleStage, at: bigint): boolean {
    const target = stageIndex(stage);
    if (target <= stageIndex(state.stage)) return false;
    for (let i = stageIndex(state.stage) + 1; i <= target; i++) state.reachedAt[i] ??= at;
    state.stage = stage;
    return true;
  }

  #vaultOf(launch: string): CurveVault {
    let vault = this.#vaults.get(launch);
    if (!vault) {
      vault = { lamports: 0n, fees: 0n };
      this.#vaults.set(launch, vault);
    }
    return vault;
  }

  /** (cardLamports' worth in USDC at the venue's live price − listed price)·10^4 / listed price, toward zero. */
  #bufferBps(event: CollectibleListedEvent, book: PriceBook): number | null {
    const price = this.#usdcMint === null ? null : book.livePrice(this.#usdcMint);
    if (!price || event.listedPriceUsdc === 0n) return null;
    const cardLamports = event.targetLamports - event.poolLamports;
    const worth = (cardLamports * price.componentReserve) / price.lamportsReserve;
    const bps = ((worth - event.listedPriceUsdc) * BPS) / event.listedPriceUsdc;
    return Number(bps < MIN_BUFFER_BPS ? MIN_BUFFER_BPS : bps > MAX_BUFFER_BPS ? MAX_BUFFER_BPS : bps);
  }
}
