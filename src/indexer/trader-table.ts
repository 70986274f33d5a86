/**
 * Interned wallet addresses: every trade stores a 4-byte index instead of its trader's
 * 44-character address, and each address is held once however often it trades.
 */
export class TraderTable {
  readonly #indexes = new Map<string, number>();
  readonly #addresses: string[] = [];

  get size(): number {
    return this.#addresses.length;
  }

  /** The index of `address`, added on first sight. */
  intern(address: string): number {
    let index = this.#indexes.get(address);
    if (index === undefined) {
      index = this.#addresses.length;
      this.#addresses.push(address);
      this.#indexes.set(address, index);
    }
    return index;
  }

  addressAt(index: number): string {
    const address = this.#addresses[index];
    if (address === undefined) throw new RangeError(`no trader ${index}`);
    return address;
  }
}
