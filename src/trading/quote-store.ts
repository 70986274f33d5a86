import { randomFillSync } from "node:crypto";

/** How long a stored quote can be built, in virtual milliseconds (the specification's 30 s). */
export const QUOTE_TTL_MILLIS = 30_000n;
/** How long past its expiry a quote is remembered: long enough to tell "expired" from "never existed". */
const REMEMBERED_TTLS = 10n;
/**
 * Quotes held at most (about 2.4 KB each): past it the oldest is forgotten, whether it still
 * lives or not. Clients quote far below this (about 60 a second would reach it within a
 * quote's remembered life); one client's flood of 3,000 a second grew the store by 470 MB a
 * minute, and under a manual clock nothing ever expired.
 */
export const MAX_STORED_QUOTES = 20_000;
/** Random bits in an id: unguessable, and unique across restarts without any state. */
const ID_BYTES = 16;
/** Random bytes drawn from the system at once (256 ids): one call per id cost a quote 30 µs. */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let pooled = 0;

export type QuoteLookup<T> =
  | { readonly state: "live"; readonly entry: StoredQuote<T> }
  | { readonly state: "expired"; readonly entry: StoredQuote<T> }
  | { readonly state: "unknown" }
  /** A preview quote's id: priced, never stored, so never built or submitted against. */
  | { readonly state: "preview" };

export interface StoredQuote<T> {
  readonly id: string;
  readonly value: T;
  readonly expiresAtMillis: bigint;
  /** Message bytes (base64) of every transaction built for this quote: submit checks against them, until the quote is swept. */
  readonly builtMessages: Set<string>;
}

/** How a stored quote's id begins, and a preview's. */
const STORED_PREFIX = "q_";
export const PREVIEW_PREFIX = "p_";

/**
 * A fresh id: `prefix` and 128 random bits in hex. Ids used to derive from the seed and a
 * counter, so a restarted server handed out an old id again and an old build request built
 * someone else's trade; random ids never repeat and cannot be guessed.
 */
export function randomQuoteId(prefix: typeof STORED_PREFIX | typeof PREVIEW_PREFIX): string {
  // As node's randomUUID does: each id takes the next unused bytes of a pool filled by the
  // system's generator, and the pool is refilled once every id of it is taken.
  if (pooled === 0) randomFillSync(pool);
  const id = `${prefix}${pool.toString("hex", pooled, pooled + ID_BYTES)}`;
  pooled = (pooled + ID_BYTES) % POOL_BYTES;
  return id;
}

/**
 * Quotes kept for building, keyed by a random id, expiring on the virtual clock. An expired
 * quote is remembered (with the messages built for it) for ten lifetimes, so build and
 * submit can say "expired" rather than "unknown" or "tampered".
 */
export class QuoteStore<T> {
  readonly #quotes = new Map<string, StoredQuote<T>>();

  constructor(
    readonly nowMillis: () => bigint,
    readonly ttlMillis: bigint = QUOTE_TTL_MILLIS,
    readonly capacity: number = MAX_STORED_QUOTES,
  ) {}

  /** Stores `value` and returns its entry; quotes long expired, and the oldest past the capacity, are swept on the way. */
  put(value: T): StoredQuote<T> {
    this.#sweep();
    // The first in the map is the oldest put.
    for (const id of this.#quotes.keys()) {
      if (this.#quotes.size < this.capacity) break;
      this.#quotes.delete(id);
    }
    const entry = {
      id: randomQuoteId(STORED_PREFIX),
      value,
      expiresAtMillis: this.nowMillis() + this.ttlMillis,
      builtMessages: new Set<string>(),
    };
    this.#quotes.set(entry.id, entry);
    return entry;
  }

  /**
   * Forgets the quotes issued after now: the clock went back to a snapshot, and what they
   * priced is a future that did not happen (their ids are then unknown, as a transaction
   * landed after the snapshot is).
   */
  forgetIssuedAfterNow(): void {
    const now = this.nowMillis();
    for (const [id, entry] of this.#quotes) if (entry.expiresAtMillis - this.ttlMillis > now) this.#quotes.delete(id);
  }

  get(id: string): QuoteLookup<T> {
    const entry = this.#quotes.get(id);
    if (!entry) return id.startsWith(PREVIEW_PREFIX) ? { state: "preview" } : { state: "unknown" };
    return this.nowMillis() >= entry.expiresAtMillis ? { state: "expired", entry } : { state: "live", entry };
  }

  /**
   * Forgets the quotes past their remembering, oldest first, stopping at the first one still
   * remembered: quotes are kept in the order they were put, which is the order they expire in
   * while the clock runs forward, so a put costs O(1) however many quotes are held (a scan of
   * every quote made each put O(n)). After a snapshot moved the clock back, quotes put since
   * may wait behind older ones: kept longer than ten lifetimes, never shorter.
   */
  #sweep(): void {
    const horizon = this.nowMillis() - REMEMBERED_TTLS * this.ttlMillis;
    for (const [id, entry] of this.#quotes) {
      if (entry.expiresAtMillis >= horizon) return;
      this.#quotes.delete(id);
    }
  }
}
