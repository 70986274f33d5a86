import { createHash } from "node:crypto";
import { type Address, type ProgramDerivedAddress, getU64Encoder, getUtf8Encoder } from "@solana/kit";
import { addressBytes } from "../chain/address-bytes.ts";
import { bytesToBase58 } from "../wire/base58-bytes.ts";
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  CURVE_PROGRAM_ADDRESS,
  LAUNCH_PROGRAM_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from "./program-addresses.ts";

/**
 * The program-derived addresses of our programs, with the seeds the C code verifies
 * (launch.c, curve.c and pool.c `*_seeds` functions). Each returns kit's `[address, bump]`;
 * the bump is what the instruction data carries so the program can re-derive cheaply.
 *
 * Derivation is the trade flow's hottest path (a quote for a new wallet derives one
 * associated token account per mint), so it is done here synchronously rather than by
 * kit's `getProgramDerivedAddress`: SHA-256 from node:crypto instead of an awaited
 * WebCrypto digest, base58 with small-number arithmetic instead of BigInt (the wire's, with
 * the chain's remembered address bytes), and the on-curve test as a Jacobi symbol instead
 * of a square root. The answers are kit's (the tests compare both on random seeds); results
 * are memoized in a bounded cache.
 */

/** The field prime 2²⁵⁵ − 19 and the curve constant d of ed25519. */
const P = 2n ** 255n - 19n;
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;

/** Below this both numbers of the Jacobi symbol fit a double exactly, and the rest runs on plain numbers. */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The Jacobi symbol (a | n) for odd n > 0: for a prime n, 1 when a is a nonzero square, −1 when
 * not, 0 when n divides a. Euclid's steps with the reciprocity rules; factors of two leave `a`
 * up to 32 bits at a time, and once `n` fits a double the rest runs on plain numbers (the
 * on-curve check of every derivation runs it, half of deriving an address).
 */
function jacobi(a: bigint, n: bigint): number {
  let sign = 1;
  a %= n;
  while (a !== 0n && n > SAFE) {
    let low = Number(a & 0xffffffffn);
    // 32 factors of two at once: an even count changes no sign.
    while (low === 0) {
      a >>= 32n;
      low = Number(a & 0xffffffffn);
    }
    const twos = 31 - Math.clz32(low & -low);
    if (twos > 0) {
      a >>= BigInt(twos);
      const r = Number(n & 7n);
      if ((twos & 1) === 1 && (r === 3 || r === 5)) sign = -sign;
    }
    [a, n] = [n, a];
    if (Number(a & 3n) === 3 && Number(n & 3n) === 3) sign = -sign;
    a %= n;
  }
  if (a === 0n) return n === 1n ? sign : 0;
  // Both below 2⁵³: exact in doubles; the bit tests read the low bits, which ToInt32 keeps.
  let x = Number(a);
  let y = Number(n);
  while (x !== 0) {
    while ((x & 1) === 0) {
      x /= 2;
      const r = y & 7;
      if (r === 3 || r === 5) sign = -sign;
    }
    [x, y] = [y, x];
    if ((x & 3) === 3 && (y & 3) === 3) sign = -sign;
    x %= y;
  }
  return y === 1 ? sign : 0;
}

/**
 * Whether 32 bytes decompress to an ed25519 point, as kit decides it: y is the bytes
 * little-endian without the top bit (taken mod p), and a point exists when
 * x² = (y² − 1) / (d·y² + 1) has a root; x = 0 with the sign bit set is refused. The
 * denominator is never 0 (−1/d is not a square), so a root exists exactly when
 * (y² − 1)(d·y² + 1) is 0 or a square.
 */
export function bytesAreOnCurve(bytes: Uint8Array): boolean {
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(i === 31 ? bytes[i]! & 0x7f : bytes[i]!);
  const y2 = (y * y) % P;
  const u = (y2 - 1n + P) % P;
  if (u === 0n) return (bytes[31]! & 0x80) === 0;
  const v = (D * y2 + 1n) % P;
  return jacobi((u * v) % P, P) === 1;
}

const MARKER = new TextEncoder().encode("ProgramDerivedAddress");
/** Derivations remembered at once before the cache starts over: they never change, but wallets come and go. */
const MAX_CACHED_DERIVATIONS = 100_000;
const derived = new Map<string, ProgramDerivedAddress>();

/**
 * kit's `getProgramDerivedAddress`, synchronous: the first bump from 255 down to 1 whose
 * hash of seeds ‖ bump ‖ program ‖ "ProgramDerivedAddress" is off the curve.
 */
export function deriveProgramAddress(programAddress: Address, seeds: readonly Uint8Array[]): ProgramDerivedAddress {
  if (seeds.length > 15 || seeds.some((seed) => seed.length > 32)) throw new RangeError("too many or too long seeds");
  // Latin-1 keeps one character a byte (cheaper than hex); the lengths keep seed boundaries apart.
  const key = `${programAddress}:${seeds.map((seed) => `${seed.length}:${Buffer.from(seed.buffer, seed.byteOffset, seed.byteLength).toString("latin1")}`).join(":")}`;
  const known = derived.get(key);
  if (known) return known;
  const program = addressBytes(programAddress);
  for (let bump = 255; bump > 0; bump--) {
    const hash = createHash("sha256");
    for (const seed of seeds) hash.update(seed);
    const digest = hash.update(Uint8Array.of(bump)).update(program).update(MARKER).digest();
    if (bytesAreOnCurve(digest)) continue;
    const found = [bytesToBase58(digest), bump] as unknown as ProgramDerivedAddress;
    if (derived.size >= MAX_CACHED_DERIVATIONS) derived.clear();
    derived.set(key, found);
    return found;
  }
  throw new RangeError(`no off-curve address for these seeds under ${programAddress}`);
}

/** Associated token accounts by owner and mint, remembered before the seeds are even converted. */
const associated = new Map<string, ProgramDerivedAddress>();

/**
 * The associated token account of `owner` for `mint` (classic token program), with its bump.
 * A trade asks for the same wallet's accounts at quote, build and submit: the answer is
 * remembered by the two addresses' text, so only the first ask converts and hashes.
 */
export function findAssociatedTokenAddress(owner: Address, mint: Address): ProgramDerivedAddress {
  const key = `${owner}:${mint}`;
  let found = associated.get(key);
  if (found === undefined) {
    found = deriveProgramAddress(ASSOCIATED_TOKEN_PROGRAM_ADDRESS, [
      addressBytes(owner),
      addressBytes(TOKEN_PROGRAM_ADDRESS),
      addressBytes(mint),
    ]);
    if (associated.size >= MAX_CACHED_DERIVATIONS) associated.clear();
    associated.set(key, found);
  }
  return found;
}

const text = (value: string) => getUtf8Encoder().encode(value) as Uint8Array;
const key = addressBytes;
const getProgramDerivedAddress = async ({ programAddress, seeds }: { programAddress: Address; seeds: readonly Uint8Array[] }) =>
  deriveProgramAddress(programAddress, seeds);

/** The launch record: ["launch", creator, seed as u64 little-endian] under the launch program. */
export function findLaunchPda(seeds: { creator: Address; seed: bigint }): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    seeds: [text("launch"), key(seeds.creator), getU64Encoder().encode(seeds.seed) as Uint8Array],
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

/**
 * A collectible launch's record or one of its token accounts: [name, launch] under the launch
 * program (launch.c `launch_child_seeds`). `collectible` is the record; `escrow` (the card
 * while raising), `custody` (the card once acquired), `funds` (wSOL) and `usdc` are token
 * accounts whose authority is the launch PDA.
 */
export type CollectibleSeedName = "collectible" | "escrow" | "custody" | "funds" | "usdc";

function findLaunchChildPda(name: CollectibleSeedName, launch: Address): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({ programAddress: LAUNCH_PROGRAM_ADDRESS, seeds: [text(name), key(launch)] });
}

/** The collectible record of a collectibles launch: ["collectible", launch] under the launch program. */
export function findCollectiblePda(seeds: { launch: Address }): Promise<ProgramDerivedAddress> {
  return findLaunchChildPda("collectible", seeds.launch);
}

/** The card's escrow from listing to acquisition: ["escrow", launch] under the launch program. */
export function findCollectibleEscrowPda(seeds: { launch: Address }): Promise<ProgramDerivedAddress> {
  return findLaunchChildPda("escrow", seeds.launch);
}

/** The vault holding the acquired card: ["custody", launch] under the launch program. */
export function findCollectibleCustodyPda(seeds: { launch: Address }): Promise<ProgramDerivedAddress> {
  return findLaunchChildPda("custody", seeds.launch);
}

/** The raise's wSOL once it left the curve: ["funds", launch] under the launch program. */
export function findCollectibleFundsPda(seeds: { launch: Address }): Promise<ProgramDerivedAddress> {
  return findLaunchChildPda("funds", seeds.launch);
}

/** The swap's USDC until acquisition pays it out: ["usdc", launch] under the launch program. */
export function findCollectibleUsdcPda(seeds: { launch: Address }): Promise<ProgramDerivedAddress> {
  return findLaunchChildPda("usdc", seeds.launch);
}
