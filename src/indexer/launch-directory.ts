import type { LaunchState } from "./launch-state.ts";

/**
 * Every launch, in creation order, with the lookups the routes need: by launch address, by
 * primary mint, by ticker (not unique: the newest launch holding it answers) and by
 * creator. Tickers match case-insensitively.
 */
export class LaunchDirectory {
  readonly #all: LaunchState[] = [];
  readonly #byAddress = new Map<string, LaunchState>();
  readonly #byMint = new Map<string, LaunchState>();
  readonly #byTicker = new Map<string, LaunchState[]>();
  readonly #byCreator = new Map<string, LaunchState[]>();

  get size(): number {
    return this.#all.length;
  }

  /** Every launch, oldest first. */
  get all(): readonly LaunchState[] {
    return this.#all;
  }

  add(launch: LaunchState): void {
    this.#all.push(launch);
    this.#byAddress.set(launch.address, launch);
    this.#byMint.set(launch.mint, launch);
    pushTo(this.#byTicker, launch.symbol.toUpperCase(), launch);
    pushTo(this.#byCreator, launch.creator, launch);
  }

  byAddress(address: string): LaunchState | null {
    return this.#byAddress.get(address) ?? null;
  }

  byMint(mint: string): LaunchState | null {
    return this.#byMint.get(mint) ?? null;
  }

  /** Every launch with `ticker`, oldest first. */
  byTicker(ticker: string): readonly LaunchState[] {
    return this.#byTicker.get(ticker.toUpperCase()) ?? [];
  }

  /** The launches `creator` created, oldest first. */
  byCreator(creator: string): readonly LaunchState[] {
    return this.#byCreator.get(creator) ?? [];
  }

  /** A launch address, a primary mint, or a ticker (the newest launch with it). */
  resolve(id: string): LaunchState | null {
    const found = this.byAddress(id) ?? this.byMint(id);
    if (found) return found;
    const sharing = this.byTicker(id);
    return sharing[sharing.length - 1] ?? null;
  }

  /**
   * Launches matching `query`: an exact launch address or mint gives that launch alone;
   * otherwise a case-insensitive substring of the ticker or the name, ranked exact ticker,
   * ticker prefix, name prefix, then any other match, newest first within a rank.
   */
  search(query: string, accept: (launch: LaunchState) => boolean, limit: number): LaunchState[] {
    const q = query.trim();
    if (q === "") return [];
    const exact = this.byAddress(q) ?? this.byMint(q);
    if (exact) return accept(exact) ? [exact] : [];
    const upper = q.toUpperCase();
    const lower = q.toLowerCase();
    const ranked: { launch: LaunchState; rank: number }[] = [];
    for (const launch of this.#all) {
      if (!accept(launch)) continue;
      const symbol = launch.symbol.toUpperCase();
      const name = launch.name.toLowerCase();
      const rank =
        symbol === upper
          ? 0
          : symbol.startsWith(upper)
            ? 1
            : name.startsWith(lower)
              ? 2
              : symbol.includes(upper) || name.includes(lower)
                ? 3
                : -1;
      if (rank >= 0) ranked.push({ launch, rank });
    }
    ranked.sort((a, b) => a.rank - b.rank || b.launch.ordinal - a.launch.ordinal);
    return ranked.slice(0, limit).map((entry) => entry.launch);
  }
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
