import {
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  getU64Encoder,
  getUtf8Encoder,
  type ProgramDerivedAddress,
} from "@solana/kit";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS } from "./program-addresses.ts";

/**
 * The program-derived addresses of our programs, with the seeds the C code verifies
 * (launch.c, curve.c and pool.c `*_seeds` functions). Each returns kit's `[address, bump]`;
 * the bump is what the instruction data carries so the program can re-derive cheaply.
 */

const text = (value: string) => getUtf8Encoder().encode(value);
const key = (value: Address) => getAddressEncoder().encode(value);

/** The launch record: ["launch", creator, seed as u64 little-endian] under the launch program. */
export function findLaunchPda(seeds: { creator: Address; seed: bigint }): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    seeds: [text("launch"), key(seeds.creator), getU64Encoder().encode(seeds.seed)],
  });
}

/** The launch's primary mint: ["mint", launch] under the launch program. */
export function findLaunchMintPda(seeds: { launch: Address }): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    seeds: [text("mint"), key(seeds.launch)],
  });
}

/** The token vault holding the migration inventory: ["migration", launch] under the launch program. */
export function findMigrationVaultPda(seeds: { launch: Address }): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    seeds: [text("migration"), key(seeds.launch)],
  });
}

/** The curve record: ["curve", launch] under the curve program. */
export function findCurvePda(seeds: { launch: Address }): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: CURVE_PROGRAM_ADDRESS,
    seeds: [text("curve"), key(seeds.launch)],
  });
}

/** A curve token vault (primary or component): ["vault", curve, mint] under the curve program. */
export function findCurveVaultPda(seeds: { curve: Address; mint: Address }): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: CURVE_PROGRAM_ADDRESS,
    seeds: [text("vault"), key(seeds.curve), key(seeds.mint)],
  });
}

/**
 * A pool record: ["pool", authority, mintA, mintB] under the pool program. Mint order is
 * part of the address: (A, B) and (B, A) are two different pools.
 */
export function findPoolPda(seeds: { authority: Address; mintA: Address; mintB: Address }): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: POOL_PROGRAM_ADDRESS,
    seeds: [text("pool"), key(seeds.authority), key(seeds.mintA), key(seeds.mintB)],
  });
}

/** A pool token vault: ["vault", pool, mint] under the pool program. */
export function findPoolVaultPda(seeds: { pool: Address; mint: Address }): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: POOL_PROGRAM_ADDRESS,
    seeds: [text("vault"), key(seeds.pool), key(seeds.mint)],
  });
}
