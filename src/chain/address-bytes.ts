import { type Address, type FixedSizeCodec, type ReadonlyUint8Array, createCodec, getAddressDecoder, getAddressEncoder } from "@solana/kit";
import { base58OfSize, bytesToBase58 } from "../wire/base58-bytes.ts";

/** Addresses remembered each way before a memo starts over: far more than a request or a transaction touches. */
const MAX_REMEMBERED = 50_000;

const ADDRESS_BYTES = 32 as const;
const encoder = getAddressEncoder();
const decoder = getAddressDecoder();
const bytesOf = new Map<Address, Uint8Array>();
const addressOf = new Map<string, Address>();

/**
 * The 32 bytes of `address`. kit's base58 goes through a bigint per address, which costs more
 * than the account read it is for, and the chain sees the same few hundred addresses over
 * and over (programs, mints, vaults, the wallets trading): each is converted once, byte by
 * byte. The bytes are shared: callers must not write to them.
 * @throws what kit's encoder throws when `address` is not base58 of 32 bytes (it is asked then).
 */
export function addressBytes(address: Address): Uint8Array {
  let bytes = bytesOf.get(address);
  if (bytes === undefined) {
    bytes = base58OfSize(address, ADDRESS_BYTES) ?? new Uint8Array(encoder.encode(address));
    if (bytesOf.size >= MAX_REMEMBERED) bytesOf.clear();
    bytesOf.set(address, bytes);
  }
  return bytes;
}

/** The address of 32 `bytes` (base58), converted once per distinct key like {@link addressBytes}. */
export function addressFromBytes(bytes: ReadonlyUint8Array): Address {
  const key = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  let address = addressOf.get(key);
  if (address === undefined) {
    address = bytes.length === ADDRESS_BYTES ? (bytesToBase58(bytes as Uint8Array) as Address) : decoder.decode(bytes);
    if (addressOf.size >= MAX_REMEMBERED) addressOf.clear();
    addressOf.set(key, address);
  }
  return address;
}

/**
 * kit's address codec (32 bytes ⇄ base58) through the remembered conversions above: a
 * record codec built on it decodes a launch, curve or pool record without a bigint per
 * address, which was most of reading one that changed. Same answers, same throws (a test
 * compares the two).
 */
export function rememberedAddressCodec(): FixedSizeCodec<Address, Address, typeof ADDRESS_BYTES> {
  return createCodec({
    fixedSize: ADDRESS_BYTES,
    write(value: Address, bytes, offset) {
      bytes.set(addressBytes(value), offset);
      return offset + ADDRESS_BYTES;
    },
    read(bytes, offset) {
      if (bytes.length - offset < ADDRESS_BYTES) return [decoder.read(bytes, offset)[0], offset + ADDRESS_BYTES];
      return [addressFromBytes(bytes.subarray(offset, offset + ADDRESS_BYTES)), offset + ADDRESS_BYTES];
    },
  });
}
