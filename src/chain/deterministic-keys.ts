import { createHash } from "node:crypto";
import { type KeyPairSigner, createKeyPairSignerFromPrivateKeyBytes } from "@solana/kit";

/**
 * The 32-byte Ed25519 private key of `label` in the world of `seed`. Every key the
 * simulator holds (faucet, keeper, bots, component mints) comes from here, so the same
 * seed always yields the same addresses.
 */
export function derivePrivateKeyBytes(seed: string, label: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(`basket-devnet:key:${seed}:${label}`).digest());
}

/** A kit signer for `label` in the world of `seed` (extractable so tests can hand it to web3.js). */
export function deriveKeyPairSigner(seed: string, label: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(derivePrivateKeyBytes(seed, label), true);
}
