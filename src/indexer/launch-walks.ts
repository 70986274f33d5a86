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
  /** By walk id: the query it was served for and its frozen order. */
  readonly #walks = new Map<string, { readonly query: string; readonly addresses: readonly string[] }>();

  /** Remembers `addresses`, in order, as a walk of the query keyed `query`; returns the walk's id. */
  remember(query: string, addresses: readonly string[]): string {
    const id = createHash("sha256").update(query).update("\n").update(addresses.join(",")).digest("base64url").slice(0, 16);
    this.#walks.delete(id);
    if (this.#walks.size >= WALK_CAPACITY) this.#walks.delete(this.#walks.keys().next().value!);
    this.#walks.set(id, { query, addresses });
    return id;
  }

  /** The addresses of walk `id` of the query keyed `query`, or null when it is not remembered (or is another query's). */
  recall(query: string, id: string): readonly string[] | null {
    const walk = this.#walks.get(id);
    if (walk === undefined || walk.query !== query) return null;
    this.#walks.delete(id);
    this.#walks.set(id, walk);
    return walk.addresses;
  }

  /** The key of the query walk `id` was served for, or null when it is not remembered. */
  queryOf(id: string): string | null {
    return this.#walks.get(id)?.query ?? null;
  }

  /** Forgets every walk (the launches they name were folded again). */
  clear(): void {
    this.#walks.clear();
  }
}
