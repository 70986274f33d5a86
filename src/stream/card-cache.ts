import { cardOf } from "./card-of.ts";
import type { Card } from "./frames/card-schema.ts";
import type { StreamReadModel } from "./stream-read-model.ts";

interface CachedCard {
  readonly card: Card;
  /** The card's JSON: compared to detect a change, and spliced into every frame that carries it. */
  readonly json: string;
  /** Unique across the cache and increasing: a socket holds the version it was last sent. */
  readonly version: number;
  /** The cache generation it was derived in; older generations are stale. */
  readonly generation: number;
}

/**
 * The server-wide cards, one per launch, each derived once per change however many sockets
 * hold it. A socket's delta is the launches whose cached version moved past the version it
 * was sent, so a thousand sockets holding one launch cost one read-model lookup and one
 * `JSON.stringify` per change.
 *
 * A card is stale once the feed names its launch (`invalidate`) or once time or prices may
 * have moved every card (`invalidateAll`); `ensure` re-derives only stale cards, so many
 * snapshots in a row read the read model once per launch.
 */
export class CardCache {
  readonly #readModel: StreamReadModel;
  readonly #cards = new Map<string, CachedCard>();
  readonly #stale = new Set<string>();
  #generation = 0;
  #nextVersion = 1;

  constructor(readModel: StreamReadModel) {
    this.#readModel = readModel;
  }

  get(launch: string): CachedCard | undefined {
    return this.#cards.get(launch);
  }

  invalidate(launch: string): void {
    this.#stale.add(launch);
  }

  invalidateAll(): void {
    this.#generation += 1;
    this.#stale.clear();
  }

  /** Re-derives the card of `launch` if stale; true when its version moved. */
  ensure(launch: string): boolean {
    const cached = this.#cards.get(launch);
    if (cached && cached.generation === this.#generation && !this.#stale.has(launch)) return false;
    return this.refresh(launch);
  }

  /**
   * Re-derives the card of `launch` from the read model. Returns true when the card
   * changed, appeared or went away: an unknown launch has no card, and one the read model
   * no longer knows (a restore to before it was created) loses the card it had.
   */
  refresh(launch: string): boolean {
    this.#stale.delete(launch);
    const row = this.#readModel.getLaunch(launch);
    if (row === null || row.address !== launch) return this.#cards.delete(launch);
    const card = cardOf(row);
    const json = JSON.stringify(card);
    const cached = this.#cards.get(launch);
    if (cached?.json === json) {
      if (cached.generation !== this.#generation) this.#cards.set(launch, { ...cached, generation: this.#generation });
      return false;
    }
    this.#cards.set(launch, { card, json, version: this.#nextVersion++, generation: this.#generation });
    return true;
  }
}
