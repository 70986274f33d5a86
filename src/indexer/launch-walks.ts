import { createHash } from "node:crypto";

/** Walks remembered at once; the least recently used goes first. A walk is at most one address per launch. */
const WALK_CAPACITY = 512;

/**
 * The orders of paged launch walks, frozen when a page with more behind it is served, so a
 * client following `nextCursor` while trades land sees every launch once: a keyset cursor
 * alone skips a launch whose trades lift it above the cursor mid-walk and repeats one that
 * falls below it. A walk is named by a hash of its query and order, so serving the same
 * order again gives the same cursor. A cursor whose walk is forgotten (evicted, or issued
 * before a restart) falls back to its keyset position.
 */
export class LaunchWalks {
  readonly #walks = new Map<string, readonly string[]>();

  /** Remembers `addresses`, in order, as a walk of the query keyed `query`; returns the walk's id. */
  remember(query: string, addresses: readonly string[]): string {
    const id = createHash("sha256").update(query).update("\n").update(addresses.join(",")).digest("base64url").slice(0, 16);
    const key = `${query}|${id}`;
    this.#walks.delete(key);
    if (this.#walks.size >= WALK_CAPACITY) this.#walks.delete(this.#walks.keys().next().value!);
    this.#walks.set(key, addresses);
    return id;
  }

  /** The addresses of walk `id` of the query keyed `query`, or null when it is not remembered. */
  recall(query: string, id: string): readonly string[] | null {
    const key = `${query}|${id}`;
    const addresses = this.#walks.get(key);
    if (addresses === undefined) return null;
    this.#walks.delete(key);
    this.#walks.set(key, addresses);
    return addresses;
  }

  /** Forgets every walk (the launches they name were folded again). */
  clear(): void {
    this.#walks.clear();
  }
}
