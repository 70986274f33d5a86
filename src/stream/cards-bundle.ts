import type { CardCache } from "./card-cache.ts";

/**
 * One socket's cards subscription: the ids it subscribed (launch address or primary mint,
 * as sent), the launches they resolve to, the card version each launch was last sent at,
 * and the frame counter. Frames are assembled from the cache's card JSON, so a card is
 * serialised once per change whatever the number of sockets.
 *
 * Frame shape: `{kind:"cards", full, seq, prev, data:{cards, removed}}`. Every cards frame
 * advances `seq` by one and names the `seq` before it in `prev` (0 before the first); a
 * snapshot (`full: true`) replaces the client's cards, a delta upserts `cards` and deletes
 * `removed`.
 */
export class CardsBundle {
  /** Subscribed id → launch address; null until a launch with that address or mint exists. */
  readonly #ids = new Map<string, string | null>();
  /** Launch in the set → card version last sent on this socket (0: never sent) and how many ids name it. */
  readonly #launches = new Map<string, { version: number; ids: number }>();
  #seq = 0;

  /**
   * What the 100 cap counts: the launches in the set, and the ids that name no launch yet. A
   * launch named by both its address and its mint counts once.
   */
  get size(): number {
    let unresolved = 0;
    for (const launch of this.#ids.values()) if (launch === null) unresolved += 1;
    return this.#launches.size + unresolved;
  }

  /** True when `launch` is in the set (under any of its ids). */
  holds(launch: string): boolean {
    return this.#launches.has(launch);
  }

  get seq(): number {
    return this.#seq;
  }

  hasId(id: string): boolean {
    return this.#ids.has(id);
  }

  /** The launch `id` resolved to, null while unresolved, undefined when not subscribed. */
  launchOf(id: string): string | null | undefined {
    return this.#ids.get(id);
  }

  launches(): IterableIterator<string> {
    return this.#launches.keys();
  }

  ids(): IterableIterator<string> {
    return this.#ids.keys();
  }

  /** Adds `id` (resolved to `launch`, or null). Returns the launch when it newly entered the set. */
  add(id: string, launch: string | null): string | null {
    if (this.#ids.has(id)) return null;
    this.#ids.set(id, launch);
    return launch === null ? null : this.#hold(launch);
  }

  /** `id` now names `launch` (a launch with that address or mint was created). */
  resolve(id: string, launch: string): string | null {
    if (this.#ids.get(id) !== null) return null;
    this.#ids.set(id, launch);
    return this.#hold(launch);
  }

  /** Removes `id`; returns the launch that left the set (no other id names it), if any. */
  remove(id: string): string | null {
    const launch = this.#ids.get(id);
    if (launch === undefined) return null;
    this.#ids.delete(id);
    if (launch === null) return null;
    const held = this.#launches.get(launch)!;
    held.ids -= 1;
    if (held.ids > 0) return null;
    this.#launches.delete(launch);
    return launch;
  }

  /** A snapshot of every launch in the set, each marked sent at its current version. */
  snapshot(cache: CardCache): Buffer {
    const cards: string[] = [];
    for (const [launch, held] of this.#launches) {
      const cached = cache.get(launch);
      if (cached === undefined) continue;
      held.version = cached.version;
      cards.push(cached.json);
    }
    return this.#frame(true, cards, []);
  }

  /**
   * A delta of the `candidates` (launches whose card may have moved) this socket holds at an
   * older version, plus `removed`; null when there is nothing to say.
   */
  delta(cache: CardCache, candidates: Iterable<string>, removed: readonly string[] = []): Buffer | null {
    const cards: string[] = [];
    for (const launch of candidates) {
      const held = this.#launches.get(launch);
      const cached = cache.get(launch);
      if (held === undefined || cached === undefined || held.version === cached.version) continue;
      held.version = cached.version;
      cards.push(cached.json);
    }
    if (cards.length === 0 && removed.length === 0) return null;
    return this.#frame(false, cards, removed);
  }

  #hold(launch: string): string | null {
    const held = this.#launches.get(launch);
    if (held) {
      held.ids += 1;
      return null;
    }
    this.#launches.set(launch, { version: 0, ids: 1 });
    return launch;
  }

  #frame(full: boolean, cards: readonly string[], removed: readonly string[]): Buffer {
    const prev = this.#seq;
    this.#seq += 1;
    return Buffer.from(
      `{"kind":"cards","full":${full},"seq":${this.#seq},"prev":${prev},"data":{"cards":[${cards.join(",")}],"removed":${JSON.stringify(removed)}}}`,
    );
  }
}
