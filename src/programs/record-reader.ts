import type { Address, ReadonlyUint8Array } from "@solana/kit";
import { addressFromBytes } from "../chain/address-bytes.ts";

const ADDRESS_BYTES = 32;
/** kit's UTF-8 decoder's own settings: not fatal, a leading byte-order mark dropped. */
const UTF8 = new TextDecoder("utf-8");

/**
 * Reads a record or event payload front to back, as kit's number, boolean and address
 * decoders read it (little-endian; a boolean is true only for 1), straight off one DataView.
 * The hottest records — the curve a quote prices on, the trade event of every landing and of
 * every replayed one on a start — are read through it, because kit's composed struct decoders
 * copy each field's bytes and call through a closure per field; their kit codecs stay the
 * definition of the layout, and tests hold each reader equal to its codec on any bytes.
 * Reading past the end throws a RangeError, where kit throws its own error.
 */
export class RecordReader {
  #offset: number;
  readonly #view: DataView;

  constructor(
    readonly bytes: ReadonlyUint8Array,
    offset = 0,
  ) {
    this.#offset = offset;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get offset(): number {
    return this.#offset;
  }

  #take(count: number): number {
    const at = this.#offset;
    if (at + count > this.bytes.length) throw new RangeError(`the record ends at byte ${this.bytes.length}, before ${at + count}`);
    this.#offset = at + count;
    return at;
  }

  u8(): number {
    return this.bytes[this.#take(1)]!;
  }

  u16(): number {
    return this.#view.getUint16(this.#take(2), true);
  }

  u64(): bigint {
    return this.#view.getBigUint64(this.#take(8), true);
  }

  i64(): bigint {
    return this.#view.getBigInt64(this.#take(8), true);
  }

  boolean(): boolean {
    return this.u8() === 1;
  }

  address(): Address {
    const at = this.#take(ADDRESS_BYTES);
    return addressFromBytes(this.bytes.subarray(at, at + ADDRESS_BYTES));
  }

  /**
   * A u8 length, then that many bytes of UTF-8: kit's `addCodecSizePrefix(getUtf8Codec(),
   * getU8Codec())` reading, which replaces malformed bytes, drops a leading byte-order mark
   * and removes NUL characters.
   */
  shortString(): string {
    const length = this.u8();
    const at = this.#take(length);
    return UTF8.decode(this.bytes.subarray(at, at + length)).replace(/\u0000/g, "");
  }

  skip(count: number): void {
    this.#take(count);
  }

  /** A byte that must be `expected` (an account type or an event tag). */
  constant(expected: number, what: string): void {
    const found = this.u8();
    if (found !== expected) throw new RangeError(`${what} byte is ${found}, not ${expected}`);
  }
}
