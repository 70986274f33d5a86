import { type Address, getAddressDecoder, getAddressEncoder, getBase64Decoder } from "@solana/kit";

/**
 * Hand-built byte images for offset tests: written field by field at the offsets and in
 * the order the C uses, independently of the codecs under test.
 */

/** A deterministic address whose 32 bytes all equal `fill`. */
export function testAddress(fill: number): Address {
  return getAddressDecoder().decode(new Uint8Array(32).fill(fill));
}

/** A fixed-size record written at absolute offsets (account layouts). */
export class RecordImage {
  readonly bytes: Uint8Array;
  private readonly view: DataView;

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
    this.view = new DataView(this.bytes.buffer);
  }

  u8(offset: number, value: number): this {
    this.view.setUint8(offset, value);
    return this;
  }

  u16(offset: number, value: number): this {
    this.view.setUint16(offset, value, true);
    return this;
  }

  u64(offset: number, value: bigint): this {
    this.view.setBigUint64(offset, value, true);
    return this;
  }

  i64(offset: number, value: bigint): this {
    this.view.setBigInt64(offset, value, true);
    return this;
  }

  key(offset: number, value: Address): this {
    this.bytes.set(getAddressEncoder().encode(value), offset);
    return this;
  }

  text(offset: number, value: string): this {
    this.bytes.set(new TextEncoder().encode(value), offset);
    return this;
  }
}

/** An appended byte stream (event_writer.h `put_*`, instruction data). */
export class StreamImage {
  private readonly parts: number[] = [];

  u8(value: number): this {
    this.parts.push(value & 0xff);
    return this;
  }

  u16(value: number): this {
    return this.u8(value).u8(value >> 8);
  }

  u64(value: bigint): this {
    for (let i = 0n; i < 8n; i++) this.u8(Number((value >> (8n * i)) & 0xffn));
    return this;
  }

  key(value: Address): this {
    for (const byte of getAddressEncoder().encode(value)) this.u8(byte);
    return this;
  }

  /** event_writer.h `put_bytes`: a u8 length, then the bytes. */
  text(value: string): this {
    const bytes = new TextEncoder().encode(value);
    this.u8(bytes.length);
    for (const byte of bytes) this.u8(byte);
    return this;
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }

  /** The log line sol_log_data writes for this payload. */
  toLogLine(): string {
    return `Program data: ${getBase64Decoder().decode(this.toBytes())}`;
  }
}
