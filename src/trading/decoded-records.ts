import type { Address, Decoder, ReadonlyUint8Array } from "@solana/kit";

/** Records remembered at once before the memo starts over. */
const MAX_RECORDS = 10_000;

/**
 * A decoder that remembers each address's last bytes and what they decoded to: decoding a
 * launch, curve or pool record turns every address in it into base58, which costs more
 * than comparing the bytes, and most reads find the record unchanged since the last one.
 * The answer is always what decoding the bytes gives (equal bytes decode equally); the
 * decoded value is shared, so callers treat it as read-only.
 */
export class DecodedRecords<T extends object> {
  readonly #last = new Map<Address, { bytes: Buffer; value: T }>();

  constructor(readonly decoder: Decoder<T>) {}

  decode(address: Address, data: ReadonlyUint8Array): T {
    const known = this.#last.get(address);
    if (known && known.bytes.equals(data as Uint8Array)) return known.value;
    const value = this.decoder.decode(data);
    if (this.#last.size >= MAX_RECORDS) this.#last.clear();
    this.#last.set(address, { bytes: Buffer.from(data), value });
    return value;
  }
}
