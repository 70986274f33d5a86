import { type KeyObject, createPublicKey, verify } from "node:crypto";
import type { Address, ReadonlyUint8Array } from "@solana/kit";
import { addressBytes } from "./address-bytes.ts";

/** The DER prefix of an Ed25519 public key (SubjectPublicKeyInfo): the 32 key bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
/** Signers' keys remembered before the memo starts over. */
const MAX_KEYS = 10_000;
const keys = new Map<Address, KeyObject>();

function publicKeyOf(signer: Address): KeyObject {
  let key = keys.get(signer);
  if (key === undefined) {
    key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, addressBytes(signer)]), format: "der", type: "spki" });
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
