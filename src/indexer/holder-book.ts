const EMPTY = 0;
const INITIAL_CAPACITY = 8;
const MAX_LOAD = 0.75;

/**
 * A launch's holders, from trade deltas: per wallet the net launch-token position and the
 * net DNA units paid into the curve. Counts are kept as positions cross zero, so reading
 * them is O(1). Wallets are trader-table indexes, kept in an open-addressing table of
 * typed arrays (about 30 bytes a wallet, no object per wallet).
 */
export class HolderBook {
  /** trader + 1, or EMPTY. */
  #keys = new Int32Array(INITIAL_CAPACITY);
  #balance = new BigUint64Array(INITIAL_CAPACITY);
  #netDna = new BigInt64Array(INITIAL_CAPACITY);
  #size = 0;
  #holders = 0;
  #netBuyers = 0;

  get holders(): number {
    return this.#holders;
  }
  get netBuyers(): number {
    return this.#netBuyers;
  }
  /** Wallets that ever traded. */
  get size(): number {
    return this.#size;
  }

  /** Applies one trade of `trader`: a buy adds tokens and DNA paid, a sell takes them off. */
  apply(trader: number, buy: boolean, primaryAmount: bigint, dnaUnits: bigint): void {
    const slot = this.#slotOf(trader, true);
    const balance = this.#balance[slot]!;
    const netDna = this.#netDna[slot]!;
    const nextBalance = buy ? balance + primaryAmount : balance > primaryAmount ? balance - primaryAmount : 0n;
    const nextNetDna = BigInt.asIntN(64, buy ? netDna + dnaUnits : netDna - dnaUnits);
    this.#holders += Number(nextBalance > 0n) - Number(balance > 0n);
    this.#netBuyers += Number(nextNetDna > 0n) - Number(netDna > 0n);
    this.#balance[slot] = BigInt.asUintN(64, nextBalance);
    this.#netDna[slot] = nextNetDna;
  }

  /** The net position of `trader` (0 when it never traded). */
  balanceOf(trader: number): bigint {
    const slot = this.#slotOf(trader, false);
    return slot < 0 ? 0n : this.#balance[slot]!;
  }

  /** The table slot of `trader`: added when `insert`, else -1 when absent. */
  #slotOf(trader: number, insert: boolean): number {
    const key = trader + 1;
    const mask = this.#keys.length - 1;
    for (let slot = hash(key) & mask; ; slot = (slot + 1) & mask) {
      const found = this.#keys[slot]!;
      if (found === key) return slot;
      if (found !== EMPTY) continue;
      if (!insert) return -1;
      if (this.#size + 1 > this.#keys.length * MAX_LOAD) {
        this.#grow();
        return this.#slotOf(trader, true);
      }
      this.#keys[slot] = key;
      this.#size += 1;
      return slot;
    }
  }

  #grow(): void {
    const [keys, balance, netDna] = [this.#keys, this.#balance, this.#netDna];
    const capacity = keys.length * 2;
    this.#keys = new Int32Array(capacity);
    this.#balance = new BigUint64Array(capacity);
    this.#netDna = new BigInt64Array(capacity);
    const mask = capacity - 1;
    for (let old = 0; old < keys.length; old++) {
      const key = keys[old]!;
      if (key === EMPTY) continue;
      let slot = hash(key) & mask;
      while (this.#keys[slot] !== EMPTY) slot = (slot + 1) & mask;
      this.#keys[slot] = key;
      this.#balance[slot] = balance[old]!;
      this.#netDna[slot] = netDna[old]!;
    }
  }
}

/** Fibonacci hashing: trader indexes are dense, so spread them over the table. */
function hash(key: number): number {
  return Math.imul(key, 0x9e3779b1) >>> 7;
}
