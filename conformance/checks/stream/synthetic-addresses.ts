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
