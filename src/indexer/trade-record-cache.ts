import type { LaunchState } from "./launch-state.ts";
import type { TradeRecord } from "./records/index.ts";
import { renderTradeRecord, tapeCursorAt, tradePageIndices } from "./trade-record-renderer.ts";
import type { TraderTable } from "./trader-table.ts";

/** Records kept per launch; past it the launch's records are rendered afresh (a deep read of an old tape). */
const MAX_PER_LAUNCH = 4_096;
/** First pages kept at once (one per launch and limit); the oldest goes first. */
const MAX_HEADS = 256;
const COMMA = Buffer.from(",");

/** A tape's first page: its newest records, their JSON joined with commas, and where each one's JSON ends. */
export interface TapeHead {
  readonly launch: LaunchState;
  /** The tape's length when the page was made. */
  readonly length: number;
  /** The DNA unit's value (lamports per 10^9 units) its records' prices are in. */
  readonly unit: bigint | null;
  readonly records: readonly TradeRecord[];
  readonly joined: Buffer;
  readonly ends: readonly number[];
  /** The next page's `before`, as tradePageIndices gives it. */
  readonly nextCursor: string | null;
}

/**
 * Trade records and their JSON bytes, rendered once per tape entry and DNA unit: a tape only
 * grows, and a record reads nothing but its own entry, the launch's fixed fields, the unit its
 * price is in and the world's constant solUsd, so a page after a new trade renders that trade
 * alone, and a page after the unit moved (a price sample) renders its records again.
 */
export class TradeRecordCache {
  readonly #launches = new WeakMap<LaunchState, { unit: bigint | null; records: Map<number, { record: TradeRecord; bytes: Buffer }> }>();
  readonly #heads = new Map<string, TapeHead>();
  readonly #traders: TraderTable;
  readonly #solUsd: number;

  constructor(traders: TraderTable, solUsd: number) {
    this.#traders = traders;
    this.#solUsd = solUsd;
  }

  entry(launch: LaunchState, i: number, unit: bigint | null): { record: TradeRecord; bytes: Buffer } {
    let kept = this.#launches.get(launch);
    if (!kept || kept.unit !== unit) this.#launches.set(launch, (kept = { unit, records: new Map() }));
    const records = kept.records;
    const cached = records.get(i);
    if (cached) return cached;
    if (records.size >= MAX_PER_LAUNCH) records.clear();
    const record = renderTradeRecord(launch, i, this.#traders, this.#solUsd, unit);
    const entry = { record, bytes: Buffer.from(JSON.stringify(record)) };
    records.set(i, entry);
    return entry;
  }

  /** A page of the tape strictly older than `before`, newest first, priced in `unit`, gathered from the records' bytes. */
  olderPage(
    launch: LaunchState,
    page: { limit: number; before: { slot: bigint; seq: number } },
    unit: bigint | null,
  ): { records: readonly TradeRecord[]; joined: Buffer; nextCursor: string | null } {
    const { indices, nextCursor } = tradePageIndices(launch, page);
    const entries = indices.map((i) => this.entry(launch, i, unit));
    const parts: Buffer[] = [];
    entries.forEach((entry, k) => {
      if (k > 0) parts.push(COMMA);
      parts.push(entry.bytes);
    });
    return { records: entries.map((entry) => entry.record), joined: Buffer.concat(parts), nextCursor };
  }

  /**
   * The newest `limit` trades of the launch, newest first (the page tradePageIndices gives
   * with no `before`), extended as the tape grows: the new trades' bytes go in front of the
   * kept part of the previous page's joined bytes, so a page after a trade copies its body
   * once instead of gathering every record again.
   */
  firstPage(launch: LaunchState, limit: number, unit: bigint | null): TapeHead {
    const size = Math.max(0, Math.floor(limit));
    const key = `${launch.address}:${size}`;
    const length = launch.tape.length;
    const found = this.#heads.get(key);
    // A page priced in another unit keeps nothing.
    const previous = found && found.launch === launch && found.unit === unit ? found : undefined;
    if (previous && previous.length === length) return previous;
    const added = previous ? length - previous.length : -1;
    // Kept from the previous page: its newest records, as many as the new trades leave room for.
    const kept = added > 0 ? Math.max(0, Math.min(previous!.records.length, size - added)) : 0;
    const fresh = Math.min(size, length) - kept;
    const records: TradeRecord[] = [];
    const parts: Buffer[] = [];
    const ends: number[] = [];
    let offset = 0;
    for (let k = 0; k < fresh; k++) {
      const { record, bytes } = this.entry(launch, length - 1 - k, unit);
      if (k > 0) parts.push(COMMA);
      parts.push(bytes);
      offset += (k > 0 ? 1 : 0) + bytes.byteLength;
      records.push(record);
      ends.push(offset);
    }
    if (kept > 0) {
      const base = fresh > 0 ? offset + 1 : 0;
      if (fresh > 0) parts.push(COMMA);
      parts.push(previous!.joined.subarray(0, previous!.ends[kept - 1]));
      for (let j = 0; j < kept; j++) {
        records.push(previous!.records[j]!);
        ends.push(base + previous!.ends[j]!);
      }
    }
    const head: TapeHead = {
      launch,
      length,
      unit,
      records,
      joined: Buffer.concat(parts),
      ends,
      nextCursor: size > 0 && records.length === size ? tapeCursorAt(launch.tape, length - size) : null,
    };
    this.#heads.delete(key);
    if (this.#heads.size >= MAX_HEADS) this.#heads.delete(this.#heads.keys().next().value!);
    this.#heads.set(key, head);
    return head;
  }
}
