import type { LaunchState } from "./launch-state.ts";
import type { TradeRecord } from "./records/index.ts";
import { renderTradeRecord } from "./trade-record-renderer.ts";
import type { TraderTable } from "./trader-table.ts";

/** Records kept per launch; past it the launch's records are rendered afresh (a deep read of an old tape). */
const MAX_PER_LAUNCH = 4_096;

/**
 * Trade records and their JSON bytes, rendered once per tape entry: a tape only grows, and
 * a record reads nothing but its own entry and the launch's fixed fields (its price in USD
 * uses the world's constant solUsd), so a page after a new trade renders that trade alone.
 */
export class TradeRecordCache {
  readonly #launches = new WeakMap<LaunchState, Map<number, { record: TradeRecord; bytes: Buffer }>>();
  readonly #traders: TraderTable;
  readonly #solUsd: number;

  constructor(traders: TraderTable, solUsd: number) {
    this.#traders = traders;
    this.#solUsd = solUsd;
  }

  entry(launch: LaunchState, i: number): { record: TradeRecord; bytes: Buffer } {
    let records = this.#launches.get(launch);
    if (!records) this.#launches.set(launch, (records = new Map()));
    const cached = records.get(i);
    if (cached) return cached;
    if (records.size >= MAX_PER_LAUNCH) records.clear();
    const record = renderTradeRecord(launch, i, this.#traders, this.#solUsd);
    const entry = { record, bytes: Buffer.from(JSON.stringify(record)) };
    records.set(i, entry);
    return entry;
  }
}
