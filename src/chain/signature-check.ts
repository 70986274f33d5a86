import { type KeyObject, createPublicKey, verify } from "node:crypto";
import type { Address, ReadonlyUint8Array } from "@solana/kit";
import { addressBytes } from "./address-bytes.ts";

/** Signers' keys remembered before the memo starts over. */
const MAX_KEYS = 10_000;
const keys = new Map<Address, KeyObject>();

function publicKeyOf(signer: Address): KeyObject {
  let key = keys.get(signer);
  if (key === undefined) {
    // As a JWK: OpenSSL takes the raw key bytes as they are, where a DER key goes through its
    // decoder lookup (84 µs a key against 7 µs here), and each new wallet's first submission pays it.
    const x = Buffer.from(addressBytes(signer)).toString("base64url");
    key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x }, format: "jwk" });
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(signer, key);
  }
  return key;
}

/**
 * Whether `signature` is `signer`'s Ed25519 signature of `message`: the check kit's
 * `verifySignature` makes through WebCrypto (the same OpenSSL verification), here
 * synchronous and with the signer's key imported once, since every submission pays it.
 * False, never a throw, for a key or signature that cannot verify anything.
 */
export function signatureVerifies(signer: Address, signature: ReadonlyUint8Array, message: ReadonlyUint8Array): boolean {
  try {
    return verify(null, message as Uint8Array, publicKeyOf(signer), signature as Uint8Array);
  } catch {
    return false;
  }
}
