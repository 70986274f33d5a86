import { PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS } from "../program-addresses.ts";
import {
  findCurvePda,
  findCurveVaultPda,
  findLaunchMintPda,
  findLaunchPda,
  findMigrationVaultPda,
  findPoolPda,
  findPoolVaultPda,
} from "../program-derived-addresses.ts";
import { testAddress } from "./byte-image.ts";

// web3.js v1 is an independent implementation: agreeing with it checks seeds and bumps.
function reference(program: string, ...seeds: (string | Uint8Array)[]): [string, number] {
  const [key, bump] = PublicKey.findProgramAddressSync(
    seeds.map((seed) => (typeof seed === "string" ? new PublicKey(seed).toBytes() : seed)),
    new PublicKey(program),
  );
  return [key.toBase58(), bump];
}
const text = (value: string) => new TextEncoder().encode(value);

describe("program-derived addresses", () => {
  const creator = testAddress(7);
  const launch = testAddress(8);
  const curve = testAddress(9);
  const mintA = testAddress(10);
  const mintB = testAddress(11);

  it("derives the launch from creator and the seed as u64 little-endian", async () => {
    const seedBytes = Uint8Array.of(0x01, 0x02, 0, 0, 0, 0, 0, 0x80);
    expect(await findLaunchPda({ creator, seed: 0x8000_0000_0000_0201n })).toEqual(
      reference(LAUNCH_PROGRAM_ADDRESS, text("launch"), creator, seedBytes),
    );
  });

  it("derives the launch's mint and migration vault under the launch program", async () => {
    expect(await findLaunchMintPda({ launch })).toEqual(reference(LAUNCH_PROGRAM_ADDRESS, text("mint"), launch));
    expect(await findMigrationVaultPda({ launch })).toEqual(reference(LAUNCH_PROGRAM_ADDRESS, text("migration"), launch));
  });

  it("derives the curve and its vaults under the curve program", async () => {
    expect(await findCurvePda({ launch })).toEqual(reference(CURVE_PROGRAM_ADDRESS, text("curve"), launch));
    expect(await findCurveVaultPda({ curve, mint: mintA })).toEqual(reference(CURVE_PROGRAM_ADDRESS, text("vault"), curve, mintA));
  });

  it("derives pools with ordered mints and their vaults under the pool program", async () => {
    const pool = await findPoolPda({ authority: creator, mintA, mintB });
    expect(pool).toEqual(reference(POOL_PROGRAM_ADDRESS, text("pool"), creator, mintA, mintB));
    expect((await findPoolPda({ authority: creator, mintA: mintB, mintB: mintA }))[0]).not.toBe(pool[0]);
    expect(await findPoolVaultPda({ pool: pool[0], mint: mintB })).toEqual(reference(POOL_PROGRAM_ADDRESS, text("vault"), pool[0], mintB));
  });
});
