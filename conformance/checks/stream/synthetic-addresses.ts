import { createHash } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";

/**
 * `count` well-formed addresses (32 bytes in base58) that name nothing, derived from the
 * run's seed so a failure replays with the same frame.
 */
export function syntheticAddresses(seed: number, count: number): readonly string[] {
  const base58 = getBase58Decoder();
  return Array.from({ length: count }, (_, index) => base58.decode(createHash("sha256").update(`conformance:${seed}:${index}`).digest()));
}

/**
 * `count` strings of the specification's address pattern that are no 32-byte key: a `z` and 43
 * more base58 characters, which decode to 33 bytes. Addresses by the Notation's definition
 * ("base58 strings matching" the pattern), keys of nothing; derived from the run's seed.
 */
export function patternOnlyAddresses(seed: number, count: number): readonly string[] {
  const base58 = getBase58Decoder();
  return Array.from({ length: count }, (_, index) => {
    const text = base58.decode(createHash("sha512").update(`conformance:pattern:${seed}:${index}`).digest());
    return `z${text.replace(/^1+/, "").slice(0, 43).padEnd(43, "z")}`;
  });
}
