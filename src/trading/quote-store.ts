import { createHash } from "node:crypto";

/** How long a stored quote can be built, in virtual milliseconds (the specification's 30 s). */
export const QUOTE_TTL_MILLIS = 30_000n;

export type QuoteLookup<T> =
  { readonly found: true; readonly entry: StoredQuote<T> } | { readonly found: false; readonly reason: "unknown" | "expired" };

export interface StoredQuote<T> {
  readonly id: string;
  readonly value: T;
  readonly expiresAtMillis: bigint;
  /** Message bytes (base64) of every transaction built for this quote: submit checks against them. */
  readonly builtMessages: Set<string>;
}

/**
 * Quotes kept for building, keyed by id, expiring on the virtual clock. Ids derive from the
 * seed and a counter, so a seeded run hands out the same ids every time.
 */
export class QuoteStore<T> {
  readonly #quotes = new Map<string, StoredQuote<T>>();
  #counter = 0;

  constructor(
    readonly seed: string,
    readonly nowMillis: () => bigint,
    readonly ttlMillis: bigint = QUOTE_TTL_MILLIS,
  ) {}

  /** Stores `value` and returns its entry; expired quotes are swept on the way. */
  put(value: T): StoredQuote<T> {
    this.#sweep();
    const id = `q_${createHash("sha256").update(`${this.seed}:quote:${++this.#counter}`).digest("hex").slice(0, 24)}`;
    const entry = { id, value, expiresAtMillis: this.nowMillis() + this.ttlMillis, builtMessages: new Set<string>() };
    this.#quotes.set(id, entry);
    return entry;
  }

  get(id: string): QuoteLookup<T> {
    const entry = this.#quotes.get(id);
    if (!entry) return { found: false, reason: "unknown" };
    if (this.nowMillis() >= entry.expiresAtMillis) return { found: false, reason: "expired" };
    return { found: true, entry };
  }

  /** Forgets quotes long past expiry; an expired id still answers "expired" for a while. */
  #sweep(): void {
    const horizon = this.nowMillis() - 10n * this.ttlMillis;
    for (const [id, entry] of this.#quotes) if (entry.expiresAtMillis < horizon) this.#quotes.delete(id);
  }
}
