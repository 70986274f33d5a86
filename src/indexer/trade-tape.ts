/** One trade as the tape stores it: numbers and bigints only, no strings. */
export interface TapeEntry {
  readonly slot: bigint;
  /** Position among the trade events of its slot. */
  readonly seq: number;
  readonly unixTimestamp: bigint;
  readonly direction: "buy" | "sell";
  /** A swap on a graduated launch's pair pool rather than a curve trade. */
  readonly pairPool: boolean;
  readonly primaryAmount: bigint;
  /** The curve amount: cost of a buy, gross output of a sell, fee excluded. */
  readonly dnaUnits: bigint;
  /** The recipe's realised lamports per 10^9 DNA units when the trade was indexed; 0 = unpriced. */
  readonly dnaUnitLamportsE9: bigint;
  /** Index into the read model's trader table. */
  readonly trader: number;
  /** The 64 raw bytes of the transaction signature. */
  readonly signature: Uint8Array;
  /** The curve's reserves just after the trade: price and progress derive from them. */
  readonly virtualPrimary: bigint;
  readonly virtualDna: bigint;
}

const SIGNATURE_BYTES = 64;
/** Bytes of one trade across the columns. */
const TRADE_BYTES = 8 * 7 + 4 * 2 + 1 + SIGNATURE_BYTES;
/** Chunk sizes double from 16 up to 128 trades, then stay there. */
const FIRST_CHUNK = 16;
const LAST_CHUNK = 128;
const GROWING_CHUNKS = 4; // 16, 32, 64, 128
const GROWING_TRADES = FIRST_CHUNK * (2 ** GROWING_CHUNKS - 1); // 240
const U64_MASK = (1n << 64n) - 1n;
// Columns within a chunk's typed arrays (column c of trade j is at c·capacity + j).
const PRIMARY = 0,
  DNA = 1,
  LAMPORTS_E9 = 2,
  VIRTUAL_PRIMARY = 3,
  VIRTUAL_DNA = 4; // u64
const SLOT = 0,
  UNIX = 1; // f64
const SEQ = 0,
  TRADER = 1; // u32

/**
 * One chunk of the tape: every column for `capacity` trades in one ArrayBuffer, seen
 * through four views (u64, f64, u32, u8 columns; the u8 view holds the direction, then
 * the signatures), so a chunk costs four small objects whatever its size.
 */
class Chunk {
  readonly u64: BigUint64Array;
  readonly f64: Float64Array;
  readonly u32: Uint32Array;
  readonly u8: Uint8Array;

  constructor(readonly capacity: number) {
    const buffer = new ArrayBuffer(capacity * TRADE_BYTES);
    this.u64 = new BigUint64Array(buffer, 0, 5 * capacity);
    this.f64 = new Float64Array(buffer, 40 * capacity, 2 * capacity);
    this.u32 = new Uint32Array(buffer, 56 * capacity, 2 * capacity);
    this.u8 = new Uint8Array(buffer, 64 * capacity, (1 + SIGNATURE_BYTES) * capacity);
  }
}

/**
 * One launch's trades in (slot, seq) order, stored column-wise in typed arrays — 129 bytes
 * a trade, no object per trade. The columns live in chunks (16, 32, 64, 128 trades, then
 * 128 at a time) that are never copied or freed, so a long tape wastes at most one chunk and
 * growing it leaves no garbage behind. Appends are O(1); lookups by (slot, seq) or by time
 * are binary searches (the tape is ordered by both, as block time never decreases with
 * the slot).
 */
export class TradeTape {
  #length = 0;
  readonly #chunks: Chunk[] = [];

  get length(): number {
    return this.#length;
  }

  /** Bytes held by the columns (capacity, not length): what the tape costs in memory. */
  get byteLength(): number {
    let trades = 0;
    for (const chunk of this.#chunks) trades += chunk.capacity;
    return trades * TRADE_BYTES;
  }

  /** Appends `entry`, which must be newer than the last one; returns its index. */
  append(entry: TapeEntry): number {
    const i = this.#length;
    if (i > 0 && compareKey(Number(entry.slot), entry.seq, this.#f64(i - 1, SLOT), this.seqAt(i - 1)) <= 0) {
      throw new RangeError(`trade ${entry.slot}:${entry.seq} is not newer than the tape's last trade`);
    }
    const [chunkIndex, j] = locate(i);
    if (chunkIndex === this.#chunks.length) {
      this.#chunks.push(new Chunk(chunkIndex < GROWING_CHUNKS ? FIRST_CHUNK << chunkIndex : LAST_CHUNK));
    }
    const { u64, f64, u32, u8, capacity } = this.#chunks[chunkIndex]!;
    u64[PRIMARY * capacity + j] = entry.primaryAmount & U64_MASK;
    u64[DNA * capacity + j] = entry.dnaUnits & U64_MASK;
    u64[LAMPORTS_E9 * capacity + j] = entry.dnaUnitLamportsE9 > U64_MASK ? U64_MASK : entry.dnaUnitLamportsE9;
    u64[VIRTUAL_PRIMARY * capacity + j] = entry.virtualPrimary & U64_MASK;
    u64[VIRTUAL_DNA * capacity + j] = entry.virtualDna & U64_MASK;
    f64[SLOT * capacity + j] = Number(entry.slot);
    f64[UNIX * capacity + j] = Number(entry.unixTimestamp);
    u32[SEQ * capacity + j] = entry.seq;
    u32[TRADER * capacity + j] = entry.trader;
    // Bit 0: sell; bit 1: a pair-pool swap (the reserves columns then hold the pools' totals).
    u8[j] = (entry.direction === "buy" ? 0 : 1) | (entry.pairPool ? 2 : 0);
    u8.set(entry.signature.subarray(0, SIGNATURE_BYTES), capacity + j * SIGNATURE_BYTES);
    this.#length = i + 1;
    return i;
  }

  #at(i: number): [Chunk, number] {
    const [chunkIndex, j] = locate(i);
    const chunk = this.#chunks[chunkIndex];
    if (chunk === undefined || i >= this.#length || i < 0) throw new RangeError(`no trade ${i} on a tape of ${this.#length}`);
    return [chunk, j];
  }

  #u64(i: number, column: number): bigint {
    const [chunk, j] = this.#at(i);
    return chunk.u64[column * chunk.capacity + j]!;
  }

  #f64(i: number, column: number): number {
    const [chunk, j] = this.#at(i);
    return chunk.f64[column * chunk.capacity + j]!;
  }

  #u32(i: number, column: number): number {
    const [chunk, j] = this.#at(i);
    return chunk.u32[column * chunk.capacity + j]!;
  }

  slotAt(i: number): bigint {
    return BigInt(this.#f64(i, SLOT));
  }
  seqAt(i: number): number {
    return this.#u32(i, SEQ);
  }
  unixAt(i: number): number {
    return this.#f64(i, UNIX);
  }
  directionAt(i: number): "buy" | "sell" {
    return this.isBuyAt(i) ? "buy" : "sell";
  }
  isBuyAt(i: number): boolean {
    const [chunk, j] = this.#at(i);
    return (chunk.u8[j]! & 1) === 0;
  }
  /** Whether trade `i` was a swap on a pair pool (past the curve). */
  isPairPoolAt(i: number): boolean {
    const [chunk, j] = this.#at(i);
    return (chunk.u8[j]! & 2) !== 0;
  }
  primaryAt(i: number): bigint {
    return this.#u64(i, PRIMARY);
  }
  dnaAt(i: number): bigint {
    return this.#u64(i, DNA);
  }
  lamportsE9At(i: number): bigint {
    return this.#u64(i, LAMPORTS_E9);
  }
  /** The trade's DNA units in lamports at the value sampled when it was indexed (floor). */
  solLamportsAt(i: number): bigint {
    return (this.#u64(i, DNA) * this.#u64(i, LAMPORTS_E9)) / 1_000_000_000n;
  }
  traderAt(i: number): number {
    return this.#u32(i, TRADER);
  }
  signatureAt(i: number): Uint8Array {
    const [chunk, j] = this.#at(i);
    const start = chunk.capacity + j * SIGNATURE_BYTES;
    return chunk.u8.subarray(start, start + SIGNATURE_BYTES);
  }
  virtualPrimaryAt(i: number): bigint {
    return this.#u64(i, VIRTUAL_PRIMARY);
  }
  virtualDnaAt(i: number): bigint {
    return this.#u64(i, VIRTUAL_DNA);
  }

  /** The first index whose (slot, seq) is ≥ (slot, seq): the trades before it are strictly older. */
  lowerBound(slot: bigint, seq: number): number {
    const s = Number(slot);
    let low = 0;
    let high = this.#length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareKey(this.#f64(mid, SLOT), this.seqAt(mid), s, seq) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The first index whose block time is > `unixSeconds` (the tape's length when none is). */
  firstAfter(unixSeconds: number): number {
    let low = 0;
    let high = this.#length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.unixAt(mid) <= unixSeconds) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The first index whose block time is ≥ `unixSeconds`. */
  firstAtOrAfter(unixSeconds: number): number {
    return this.firstAfter(unixSeconds - 1);
  }
}

/** Which chunk holds trade `i`, and where in it. */
function locate(i: number): [number, number] {
  if (i < GROWING_TRADES) {
    const chunk = 31 - Math.clz32(Math.floor(i / FIRST_CHUNK) + 1);
    return [chunk, i - FIRST_CHUNK * (2 ** chunk - 1)];
  }
  const past = i - GROWING_TRADES;
  return [GROWING_CHUNKS + Math.floor(past / LAST_CHUNK), past % LAST_CHUNK];
}

function compareKey(slotA: number, seqA: number, slotB: number, seqB: number): number {
  return slotA !== slotB ? slotA - slotB : seqA - seqB;
}
