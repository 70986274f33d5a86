import type { ComponentPrice } from "../economics/index.ts";
import { NATIVE_MINT_ADDRESS } from "../programs/index.ts";

/**
 * Wrapped SOL is SOL: one lamport per base unit, exactly, with no venue to sample (a
 * collectible's only component). Every price of it is this one.
 */
export const WRAPPED_SOL_PRICE: ComponentPrice = { lamportsReserve: 1n, componentReserve: 1n };

/** A SOL venue's reserves: wrapped-SOL lamports against component base units. */
export interface VenueQuote {
  readonly pool: string;
  readonly lamportsReserve: bigint;
  readonly componentReserve: bigint;
}

/**
 * The venues (wrapped SOL ↔ component pools) and the price book sampled from them. Pool
 * events keep each venue's live reserves; only `sample` copies them into the book, so
 * every price a record shows changes at a sample and nowhere else. `epoch` counts the
 * samples that changed something: derived figures cache against it.
 */
export class PriceBook {
  readonly #live = new Map<string, VenueQuote>();
  readonly #mintOfPool = new Map<string, string>();
  #sampled = new Map<string, VenueQuote>();
  #sampledAt: bigint;
  #epoch = 0;

  constructor(sampledAt: bigint) {
    this.#sampledAt = sampledAt;
  }

  get epoch(): number {
    return this.#epoch;
  }

  /** Unix seconds of the last sample (of construction before the first). */
  get sampledAt(): bigint {
    return this.#sampledAt;
  }

  /** Registers `pool` as the venue of `mint` (a later venue of the same mint replaces it). */
  addVenue(pool: string, mint: string): void {
    this.#mintOfPool.set(pool, mint);
    this.#live.set(mint, { pool, lamportsReserve: 0n, componentReserve: 0n });
  }

  /** Records a venue's reserves after a deposit or a swap; false when `pool` is no venue. */
  updateReserves(pool: string, lamportsReserve: bigint, componentReserve: bigint): boolean {
    const mint = this.#mintOfPool.get(pool);
    if (mint === undefined) return false;
    this.#live.set(mint, { pool, lamportsReserve, componentReserve });
    return true;
  }

  /** Copies the live reserves into the book at `nowUnix`; true when any price moved. */
  sample(nowUnix: bigint): boolean {
    this.#sampledAt = nowUnix;
    let changed = this.#live.size !== this.#sampled.size;
    for (const [mint, quote] of this.#live) {
      const old = this.#sampled.get(mint);
      if (
        !old ||
        old.pool !== quote.pool ||
        old.lamportsReserve !== quote.lamportsReserve ||
        old.componentReserve !== quote.componentReserve
      ) {
        changed = true;
      }
    }
    if (changed) {
      this.#sampled = new Map(this.#live);
      this.#epoch += 1;
    }
    return changed;
  }

  /** The sampled venue of `mint`, or null when it has none. */
  quote(mint: string): VenueQuote | null {
    return this.#sampled.get(mint) ?? null;
  }

  /** The sampled spot price of `mint`, or null when unpriced (no venue or an empty side); wrapped SOL's is exactly 1. */
  price(mint: string): ComponentPrice | null {
    if (mint === NATIVE_MINT_ADDRESS) return WRAPPED_SOL_PRICE;
    const quote = this.#sampled.get(mint);
    if (!quote || quote.lamportsReserve === 0n || quote.componentReserve === 0n) return null;
    return quote;
  }

  /** The live (not yet sampled) spot price of `mint`: what a launch created now is sized on. */
  livePrice(mint: string): ComponentPrice | null {
    if (mint === NATIVE_MINT_ADDRESS) return WRAPPED_SOL_PRICE;
    const quote = this.#live.get(mint);
    if (!quote || quote.lamportsReserve === 0n || quote.componentReserve === 0n) return null;
    return quote;
  }
}
