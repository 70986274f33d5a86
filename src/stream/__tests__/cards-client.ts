import { expect } from "vitest";
import type { Card } from "../frames/card-schema.ts";
import type { StreamClient } from "./stream-client.ts";

/**
 * A client's cards state, kept by the rules of the specification: a snapshot replaces it,
 * a delta applies only when its `prev` is the `seq` held; otherwise a frame was missed and
 * the client must subscribe again.
 */
export class CardsState {
  readonly cards = new Map<string, Card>();
  held = 0;
  gap = false;
  #read = 0;

  constructor(readonly client: StreamClient) {}

  /** Folds the cards frames received since the last call; returns how many snapshots there were. */
  fold(): number {
    let snapshots = 0;
    const frames = this.client.frames.slice(this.#read).filter((frame) => frame.kind === "cards");
    this.#read = this.client.frames.length;
    for (const frame of frames) {
      const { full, seq, prev, data } = frame as unknown as {
        full: boolean;
        seq: number;
        prev: number;
        data: { cards: Card[]; removed: string[] };
      };
      expect(seq, "seq is monotonic: +1 per cards frame").toBe(prev + 1);
      if (full) {
        this.cards.clear();
        for (const card of data.cards) this.cards.set(card.address, card);
        this.held = seq;
        this.gap = false;
        snapshots += 1;
        continue;
      }
      if (this.gap || prev !== this.held) {
        this.gap = true; // wait for a snapshot
        continue;
      }
      for (const card of data.cards) this.cards.set(card.address, card);
      for (const launch of data.removed) this.cards.delete(launch);
      this.held = seq;
    }
    return snapshots;
  }
}
