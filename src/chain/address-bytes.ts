import { type Address, type ReadonlyUint8Array, getAddressDecoder, getAddressEncoder } from "@solana/kit";

/** Addresses remembered each way before a memo starts over: far more than a request or a transaction touches. */
const MAX_REMEMBERED = 50_000;

const encoder = getAddressEncoder();
const decoder = getAddressDecoder();
const bytesOf = new Map<Address, Uint8Array>();
const addressOf = new Map<string, Address>();

/**
 * The 32 bytes of `address`. Base58 goes through a bigint per address, which costs more
 * than the account read it is for, and the chain sees the same few hundred addresses over
 * and over (programs, mints, vaults, the wallets trading): each is converted once. The
 * bytes are shared: callers must not write to them.
 * @throws when `address` is not base58 of 32 bytes (as kit's encoder does).
 */
export function addressBytes(address: Address): Uint8Array {
  let bytes = bytesOf.get(address);
  if (bytes === undefined) {
    bytes = new Uint8Array(encoder.encode(address));
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
    address = decoder.decode(bytes);
    if (addressOf.size >= MAX_REMEMBERED) addressOf.clear();
    addressOf.set(key, address);
  }
  return address;
}
