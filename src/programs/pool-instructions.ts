import {
  AccountRole,
  type Address,
  type FixedSizeCodec,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  combineCodec,
  getStructDecoder,
  getStructEncoder,
  getU16Encoder,
  getU64Decoder,
  getU64Encoder,
  getU8Decoder,
  getU8Encoder,
  transformEncoder,
} from "@solana/kit";
import { POOL_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "./program-addresses.ts";
import { findAssociatedTokenAddress, findPoolPda, findPoolVaultPda } from "./program-derived-addresses.ts";
import type { ProgramInstruction } from "./program-instruction.ts";

/** First byte of the pool program's instruction data (layout.h `enum PoolInstruction`). */
export const POOL_INSTRUCTION_TAG = { initialize: 0, addLiquidity: 1, swap: 2, swapAll: 3 } as const;

/** A pool's record and vaults with their bumps; see {@link derivePoolAccounts}. */
export interface PoolAccounts {
  /** PDA ["pool", authority, mintA, mintB]. */
  pool: Address;
  poolBump: number;
  vaultA: Address;
  vaultABump: number;
  vaultB: Address;
  vaultBBump: number;
}

/** The accounts of a swap in one direction; see {@link deriveSwapAccounts}. */
export interface SwapAccounts {
  trader: Address;
  pool: Address;
  /** The pool's vault of the mint going in. */
  vaultIn: Address;
  /** The pool's vault of the mint coming out. */
  vaultOut: Address;
  traderIn: Address;
  traderOut: Address;
}

/**
 * Creates a pool and its two vaults (pool.c `initialize`). Both `payer` and `authority`
 * sign; the fee is at most 2000 bps. Data: tag, pool/vault A/vault B bumps, fee u16.
 */
export function getInitializePoolInstruction(
  input: PoolAccounts & {
    payer: Address;
    authority: Address;
    mintA: Address;
    mintB: Address;
    feeBps: number;
  },
): ProgramInstruction<typeof POOL_PROGRAM_ADDRESS> {
  const data = getStructEncoder([
    ["tag", getU8Encoder()],
    ["poolBump", getU8Encoder()],
    ["vaultABump", getU8Encoder()],
    ["vaultBBump", getU8Encoder()],
    ["feeBps", getU16Encoder()],
  ]).encode({ ...input, tag: POOL_INSTRUCTION_TAG.initialize });
  return {
    programAddress: POOL_PROGRAM_ADDRESS,
    accounts: [
      { address: input.payer, role: AccountRole.WRITABLE_SIGNER },
      { address: input.authority, role: AccountRole.READONLY_SIGNER },
      { address: input.pool, role: AccountRole.WRITABLE },
      { address: input.mintA, role: AccountRole.READONLY },
      { address: input.mintB, role: AccountRole.READONLY },
      { address: input.vaultA, role: AccountRole.WRITABLE },
      { address: input.vaultB, role: AccountRole.WRITABLE },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ],
    data,
  };
}

/**
 * Adds liquidity for good (pool.c `add_liquidity`; there is no LP token). Either amount
 * may be zero, not both; `sourceA`/`sourceB` are the provider's accounts of mint A and B.
 */
export function getAddLiquidityInstruction(input: {
  provider: Address;
  pool: Address;
  vaultA: Address;
  vaultB: Address;
  sourceA: Address;
  sourceB: Address;
  amountA: bigint;
  amountB: bigint;
}): ProgramInstruction<typeof POOL_PROGRAM_ADDRESS> {
  const data = getStructEncoder([
    ["tag", getU8Encoder()],
    ["amountA", getU64Encoder()],
    ["amountB", getU64Encoder()],
  ]).encode({ ...input, tag: POOL_INSTRUCTION_TAG.addLiquidity });
  return {
    programAddress: POOL_PROGRAM_ADDRESS,
    accounts: [
      { address: input.provider, role: AccountRole.READONLY_SIGNER },
      // The pool record is only read: reserves are the vault balances.
      { address: input.pool, role: AccountRole.READONLY },
      { address: input.vaultA, role: AccountRole.WRITABLE },
      { address: input.vaultB, role: AccountRole.WRITABLE },
      { address: input.sourceA, role: AccountRole.WRITABLE },
      { address: input.sourceB, role: AccountRole.WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ],
    data,
  };
}

// One encoder for every swap: building kit's struct encoder per instruction cost more than the encoding.
let swapDataEncoder: ReturnType<typeof getSwapDataEncoder> | undefined;
const getSwapDataEncoder = () =>
  getStructEncoder([
    ["tag", getU8Encoder()],
    ["amountIn", getU64Encoder()],
    ["minOut", getU64Encoder()],
  ]);

/**
 * Swaps `amountIn` (fee included) for at least `minOut` (pool.c `swap`); the direction is
 * given by which vault is `vaultIn`.
 */
export function getSwapInstruction(
  input: SwapAccounts & { amountIn: bigint; minOut: bigint },
): ProgramInstruction<typeof POOL_PROGRAM_ADDRESS> {
  const data = (swapDataEncoder ??= getSwapDataEncoder()).encode({ ...input, tag: POOL_INSTRUCTION_TAG.swap });
  return { programAddress: POOL_PROGRAM_ADDRESS, accounts: swapAccountMetas(input), data };
}

/** The data of a swap_all: the least it must pay out, and how much of the balance it keeps. */
export interface SwapAllInstructionData {
  readonly tag: number;
  readonly minOut: bigint;
  /** Base units of the input mint left in the trader's account: swap_all swaps the balance less this. */
  readonly keep: bigint;
}

/** Encodes swap_all's data (17 bytes: tag 3, min out u64, keep u64); any `tag` given is replaced. */
export function getSwapAllInstructionDataEncoder(): FixedSizeEncoder<{ readonly minOut: bigint; readonly keep: bigint }> {
  return transformEncoder(
    getStructEncoder([
      ["tag", getU8Encoder()],
      ["minOut", getU64Encoder()],
      ["keep", getU64Encoder()],
    ]),
    (value: { readonly minOut: bigint; readonly keep: bigint }) => ({
      tag: POOL_INSTRUCTION_TAG.swapAll,
      minOut: value.minOut,
      keep: value.keep,
    }),
  );
}

/** Decodes swap_all's data; the tag is returned as read, so a caller can check it. */
export function getSwapAllInstructionDataDecoder(): FixedSizeDecoder<SwapAllInstructionData> {
  return getStructDecoder([
    ["tag", getU8Decoder()],
    ["minOut", getU64Decoder()],
    ["keep", getU64Decoder()],
  ]);
}

/** Both directions of swap_all's data. */
export function getSwapAllInstructionDataCodec(): FixedSizeCodec<
  { readonly minOut: bigint; readonly keep: bigint },
  SwapAllInstructionData
> {
  return combineCodec(getSwapAllInstructionDataEncoder(), getSwapAllInstructionDataDecoder());
}

/**
 * Swaps the trader's balance of the input mint, as it stands when the instruction executes,
 * less `keep`, for at least `minOut` (pool.c `swap_all`; it emits the swap event with the
 * amount it took). A plan can thus swap what an earlier instruction delivered without
 * knowing the amount beforehand: `keep` is what the trader held before that instruction,
 * so its own holdings stay where they are. A balance of at most `keep` is refused with
 * ZeroAmount. `keep` defaults to 0 (the whole balance). Same accounts as {@link getSwapInstruction}.
 */
export function getSwapAllInstruction(
  input: SwapAccounts & { minOut: bigint; keep?: bigint },
): ProgramInstruction<typeof POOL_PROGRAM_ADDRESS> {
  return {
    programAddress: POOL_PROGRAM_ADDRESS,
    accounts: swapAccountMetas(input),
    data: (swapAllDataEncoder ??= getSwapAllInstructionDataEncoder()).encode({ minOut: input.minOut, keep: input.keep ?? 0n }),
  };
}

let swapAllDataEncoder: ReturnType<typeof getSwapAllInstructionDataEncoder> | undefined;

function swapAccountMetas(input: SwapAccounts): ProgramInstruction["accounts"] {
  return [
    { address: input.trader, role: AccountRole.READONLY_SIGNER },
    { address: input.pool, role: AccountRole.WRITABLE },
    { address: input.vaultIn, role: AccountRole.WRITABLE },
    { address: input.vaultOut, role: AccountRole.WRITABLE },
    { address: input.traderIn, role: AccountRole.WRITABLE },
    { address: input.traderOut, role: AccountRole.WRITABLE },
    { address: TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
  ];
}

/** Derives the pool of (`authority`, `mintA`, `mintB`) and its vaults, with bumps. */
export async function derivePoolAccounts(authority: Address, mintA: Address, mintB: Address): Promise<PoolAccounts> {
  const [pool, poolBump] = await findPoolPda({ authority, mintA, mintB });
  const [[vaultA, vaultABump], [vaultB, vaultBBump]] = await Promise.all([
    findPoolVaultPda({ pool, mint: mintA }),
    findPoolVaultPda({ pool, mint: mintB }),
  ]);
  return { pool, poolBump, vaultA, vaultABump, vaultB, vaultBBump };
}

/** Derives a swap's accounts on `pool` from `mintIn` to `mintOut`, trader side as ATAs. */
export async function deriveSwapAccounts(trader: Address, pool: Address, mintIn: Address, mintOut: Address): Promise<SwapAccounts> {
  const ata = async (mint: Address) => findAssociatedTokenAddress(trader, mint)[0];
  const vault = async (mint: Address) => (await findPoolVaultPda({ pool, mint }))[0];
  const [vaultIn, vaultOut, traderIn, traderOut] = await Promise.all([vault(mintIn), vault(mintOut), ata(mintIn), ata(mintOut)]);
  return { trader, pool, vaultIn, vaultOut, traderIn, traderOut };
}
