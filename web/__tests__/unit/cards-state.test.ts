import { describe, expect, it } from "vitest";
import type { Card } from "../../../src/client/stream-card.ts";
import { CardsState } from "../../src/cards-state.ts";

const card = (address: string, trades24: number) => ({ address, trades24 }) as unknown as Card;

describe("CardsState (snapshot, deltas, gaps)", () => {
  it("a snapshot replaces the cards; a delta continuing from it upserts and removes", () => {
    const state = new CardsState();
    expect(
      state.apply({ kind: "cards", full: true, seq: 1, prev: 0, data: { cards: [card("A", 1), card("B", 2)], removed: [] } } as never),
    ).toEqual({
      kind: "snapshot",
      changed: ["A", "B"],
    });
    const delta = state.apply({ full: false, seq: 2, prev: 1, data: { cards: [card("A", 5)], removed: ["B"] } });
    expect(delta).toEqual({ kind: "delta", changed: ["A"], removed: ["B"] });
    expect(state.cards.get("A")?.trades24).toBe(5);
    expect(state.cards.has("B")).toBe(false);
    expect(state.seq).toBe(2);
  });

  it("a delta whose prev is not the seq held is a gap and is not applied", () => {
    const state = new CardsState();
    state.apply({ full: true, seq: 3, prev: 2, data: { cards: [card("A", 1)] } });
    expect(state.apply({ full: false, seq: 5, prev: 4, data: { cards: [card("A", 9)] } })).toEqual({ kind: "gap", held: 3, prev: 4 });
    expect(state.cards.get("A")?.trades24).toBe(1);
    // The snapshot that answers the re-sub restores the sequence.
    state.apply({ full: true, seq: 6, prev: 5, data: { cards: [card("A", 9)] } });
    expect(state.apply({ full: false, seq: 7, prev: 6, data: { cards: [card("A", 10)] } }).kind).toBe("delta");
  });

  it("a delta before any snapshot (or after a reset) is a gap", () => {
    const state = new CardsState();
    expect(state.apply({ full: false, seq: 1, prev: 0, data: { cards: [] } }).kind).toBe("gap");
    state.apply({ full: true, seq: 1, prev: 0, data: { cards: [] } });
    state.reset();
    expect(state.apply({ full: false, seq: 2, prev: 1, data: { cards: [] } }).kind).toBe("gap");
  });
});
