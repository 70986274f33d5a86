/** How long the legacy list's newest result is served again (the specification's 3 s). */
export const LEGACY_CACHE_MILLIS = 3_000;

/**
 * The legacy `GET /v1/launches` cache: the newest result per query (limit, status, kind) is
 * answered again for 3 seconds of wall-clock time, then computed afresh. Expired entries are
 * swept on each store, so the map holds at most the queries of the last 3 seconds.
 */
export class LegacyLaunchCache<T> {
  readonly #entries = new Map<string, { at: number; value: T }>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly ttlMillis: number = LEGACY_CACHE_MILLIS,
  ) {}

  /** The cached value of `key` if younger than the TTL, else `compute()` stored as the newest. */
  get(key: string, compute: () => T): T {
    const now = this.clock();
    const hit = this.#entries.get(key);
    if (hit && now - hit.at < this.ttlMillis && now >= hit.at) return hit.value;
    for (const [other, entry] of this.#entries) if (now - entry.at >= this.ttlMillis || now < entry.at) this.#entries.delete(other);
    const value = compute();
    this.#entries.set(key, { at: now, value });
    return value;
  }
}
