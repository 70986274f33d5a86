import type { Card } from "../../src/client/stream-card.ts";

/**
 * The home grid's cards as the stream's cards tier delivers them: a snapshot (`full: true`)
 * replaces everything, a delta upserts `cards` and deletes `removed`, and continues from the
 * `seq` held (`prev`). A delta that does not continue from it means one was missed: it is
 * not applied, and the caller subscribes again for a new snapshot.
 */

export type CardsOutcome =
  | { readonly kind: "snapshot"; readonly changed: readonly string[] }
  | { readonly kind: "delta"; readonly changed: readonly string[]; readonly removed: readonly string[] }
  | { readonly kind: "gap"; readonly held: number | null; readonly prev: number }
  | { readonly kind: "ignored" };

interface CardsFrame {
  readonly full?: unknown;
  readonly seq?: unknown;
  readonly prev?: unknown;
  readonly data?: { readonly cards?: unknown; readonly removed?: unknown };
}

export class CardsState {
  readonly cards = new Map<string, Card>();
  #seq: number | null = null;

  get seq(): number | null {
    return this.#seq;
  }

  /** Forget the sequence (a new socket numbers its frames from 1 again). */
  reset(): void {
    this.#seq = null;
  }

  apply(frame: CardsFrame): CardsOutcome {
    const seq = typeof frame.seq === "number" ? frame.seq : null;
    const cards = Array.isArray(frame.data?.cards) ? (frame.data.cards as Card[]) : [];
    const removed = Array.isArray(frame.data?.removed) ? (frame.data.removed as string[]) : [];
    if (seq === null) return { kind: "ignored" };
    if (frame.full === true) {
      this.cards.clear();
      for (const card of cards) this.cards.set(card.address, card);
      this.#seq = seq;
      return { kind: "snapshot", changed: cards.map((card) => card.address) };
    }
    const prev = typeof frame.prev === "number" ? frame.prev : -1;
    if (this.#seq === null || prev !== this.#seq) return { kind: "gap", held: this.#seq, prev };
    for (const card of cards) this.cards.set(card.address, card);
    for (const address of removed) this.cards.delete(address);
    this.#seq = seq;
    return { kind: "delta", changed: cards.map((card) => card.address), removed };
  }
}
