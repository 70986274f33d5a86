import { AccountRole, type Address, type FixedSizeEncoder, getStructEncoder, getU8Encoder, transformEncoder } from "@solana/kit";
import { LAUNCH_INSTRUCTION_TAG } from "./launch-instructions.ts";
import {
  CURVE_PROGRAM_ADDRESS,
  LAUNCH_PROGRAM_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from "./program-addresses.ts";
import {
  findCurvePda,
  findCurveVaultPda,
  findLaunchMintPda,
  findMigrationVaultPda,
  findPoolPda,
  findPoolVaultPda,
} from "./program-derived-addresses.ts";
import type { ProgramInstruction } from "./program-instruction.ts";

/**
 * Every address one migration step needs, with the pool bumps its data carries; see
 * {@link deriveMigrateAccounts}. The pair pool has the launch as authority, the launch
 * mint as mint A and the component mint as mint B.
 */
export interface MigrateAccounts {
  launch: Address;
  migrationVault: Address;
  curve: Address;
  /** PDA ["pool", launch, primaryMint, componentMint] of the pool program. */
  pool: Address;
  poolBump: number;
  /** The pool's vault of the launch mint (vault A). */
  poolPrimaryVault: Address;
  poolPrimaryVaultBump: number;
  /** The pool's vault of the component mint (vault B). */
  poolComponentVault: Address;
  poolComponentVaultBump: number;
  primaryMint: Address;
  componentMint: Address;
  /** The curve's vault of the component mint, whose reserve moves to the pool. */
  curveComponentVault: Address;
}

/** What the caller chooses for one migration step. */
export interface MigrateArgs {
  /** Signs and pays for the pool and its vaults; anyone may crank. */
  payer: Address;
  /** The component's index in the recipe. */
  componentIndex: number;
}

/** Migrate's 5-byte instruction data: tag, component index, pool, vault A and vault B bumps. */
export function getMigrateInstructionDataEncoder(): FixedSizeEncoder<MigrateArgs & MigrateAccounts> {
  const layout = getStructEncoder([
    ["tag", getU8Encoder()],
    ["componentIndex", getU8Encoder()],
    ["poolBump", getU8Encoder()],
    ["poolPrimaryVaultBump", getU8Encoder()],
    ["poolComponentVaultBump", getU8Encoder()],
  ]);
  return transformEncoder(layout, (input: MigrateArgs & MigrateAccounts) => ({
    ...input,
    tag: LAUNCH_INSTRUCTION_TAG.migrate,
  }));
}

/**
 * One permissionless migration step (launch.c `migrate`): creates component
 * `componentIndex`'s pair pool, moves its share of the migration inventory and the curve's
 * component reserve into it, and graduates the launch after the last component.
 */
export function getMigrateInstruction(input: MigrateArgs & MigrateAccounts): ProgramInstruction<typeof LAUNCH_PROGRAM_ADDRESS> {
  return {
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    accounts: [
      { address: input.payer, role: AccountRole.WRITABLE_SIGNER },
      { address: input.launch, role: AccountRole.WRITABLE },
      { address: input.migrationVault, role: AccountRole.WRITABLE },
      { address: input.curve, role: AccountRole.WRITABLE },
      { address: CURVE_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: input.pool, role: AccountRole.WRITABLE },
      { address: input.poolPrimaryVault, role: AccountRole.WRITABLE },
      { address: input.poolComponentVault, role: AccountRole.WRITABLE },
      { address: input.primaryMint, role: AccountRole.READONLY },
      { address: input.componentMint, role: AccountRole.READONLY },
      { address: input.curveComponentVault, role: AccountRole.WRITABLE },
      { address: POOL_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ],
    data: getMigrateInstructionDataEncoder().encode(input),
  };
}

/** Derives every address and bump the migration step of `componentMint` needs. */
export async function deriveMigrateAccounts(launch: Address, componentMint: Address): Promise<MigrateAccounts> {
  const [[primaryMint], [migrationVault], [curve]] = await Promise.all([
    findLaunchMintPda({ launch }),
    findMigrationVaultPda({ launch }),
    findCurvePda({ launch }),
  ]);
  const [[pool, poolBump], [curveComponentVault]] = await Promise.all([
    findPoolPda({ authority: launch, mintA: primaryMint, mintB: componentMint }),
    findCurveVaultPda({ curve, mint: componentMint }),
  ]);
  const [[poolPrimaryVault, poolPrimaryVaultBump], [poolComponentVault, poolComponentVaultBump]] = await Promise.all([
    findPoolVaultPda({ pool, mint: primaryMint }),
    findPoolVaultPda({ pool, mint: componentMint }),
  ]);
  return {
    launch,
    migrationVault,
    curve,
    pool,
    poolBump,
    poolPrimaryVault,
    poolPrimaryVaultBump,
    poolComponentVault,
    poolComponentVaultBump,
    primaryMint,
    componentMint,
    curveComponentVault,
  };
}
