/**
 * A launch's holders, from trade deltas: per wallet the net launch-token position and the
 * net DNA units paid into the curve. Counts are kept as positions cross zero, so reading
 * them is O(1). Wallets are trader-table indexes; positions live in typed arrays.
 */
export class HolderBook {
  readonly #rows = new Map<number, number>();
  #balance = new BigUint64Array(4);
  #netDna = new BigInt64Array(4);
  #holders = 0;
  #netBuyers = 0;

  get holders(): number {
    return this.#holders;
  }
  get netBuyers(): number {
    return this.#netBuyers;
  }

  /** Applies one trade of `trader`: a buy adds tokens and DNA paid, a sell takes them off. */
  apply(trader: number, buy: boolean, primaryAmount: bigint, dnaUnits: bigint): void {
    const row = this.#rowOf(trader);
    const balance = this.#balance[row]!;
    const netDna = this.#netDna[row]!;
    const nextBalance = buy ? balance + primaryAmount : balance > primaryAmount ? balance - primaryAmount : 0n;
    const nextNetDna = BigInt.asIntN(64, buy ? netDna + dnaUnits : netDna - dnaUnits);
    this.#holders += Number(nextBalance > 0n) - Number(balance > 0n);
    this.#netBuyers += Number(nextNetDna > 0n) - Number(netDna > 0n);
    this.#balance[row] = BigInt.asUintN(64, nextBalance);
    this.#netDna[row] = nextNetDna;
  }

  /** The net position of `trader` (0 when it never traded). */
  balanceOf(trader: number): bigint {
    const row = this.#rows.get(trader);
    return row === undefined ? 0n : this.#balance[row]!;
  }

  #rowOf(trader: number): number {
    let row = this.#rows.get(trader);
    if (row !== undefined) return row;
    row = this.#rows.size;
    this.#rows.set(trader, row);
    if (row === this.#balance.length) {
      const balance = new BigUint64Array(row * 2);
      balance.set(this.#balance);
      this.#balance = balance;
      const netDna = new BigInt64Array(row * 2);
      netDna.set(this.#netDna);
      this.#netDna = netDna;
    }
    return row;
  }
}
