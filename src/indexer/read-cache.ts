/**
 * Answers of the read model, kept until anything they could depend on moves: every folded
 * transaction, price sample, metadata write or rebuild starts a new version, and every
 * second of (virtual) time is part of the key, since ages and 24-hour windows slide with
 * it. A cached answer is therefore always exactly what computing it again would give.
 *
 * Callers must treat answers as read-only: the same object goes to every caller.
 */
export class ReadCache {
  readonly #entries = new Map<string, unknown>();

  constructor(
    /** Answers kept at once; the oldest goes first. A list page is ~200 KB, so this bounds memory. */
    readonly capacity = 128,
  ) {}

  /** Everything cached so far may be stale from here on. */
  invalidate(): void {
    this.#entries.clear();
  }

  /** The answer for `key` at `second`, computed by `compute` on a miss. */
  get<T>(key: string, second: bigint, compute: () => T): T {
    const full = `${second}|${key}`;
    if (this.#entries.has(full)) return this.#entries.get(full) as T;
    const value = compute();
    if (this.#entries.size >= this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(full, value);
    return value;
  }
}
