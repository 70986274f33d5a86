import {
  AccountRole,
  addEncoderSizePrefix,
  type Address,
  type Encoder,
  getArrayEncoder,
  getStructEncoder,
  getU16Encoder,
  getU64Encoder,
  getU8Encoder,
  getUtf8Encoder,
  transformEncoder,
} from "@solana/kit";
import { getLaunchKindEncoder, type LaunchKind } from "./launch-kind.ts";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "./program-addresses.ts";
import { findCurvePda, findCurveVaultPda, findLaunchMintPda, findLaunchPda, findMigrationVaultPda } from "./program-derived-addresses.ts";
import type { ProgramInstruction } from "./program-instruction.ts";

/** First byte of the launch program's instruction data (layout.h `enum LaunchInstruction`). */
export const LAUNCH_INSTRUCTION_TAG = {
  create: 0,
  markComplete: 1,
  migrate: 2,
  listCard: 3,
  collectibleFund: 4,
  collectibleSwap: 5,
  collectibleAcquire: 6,
  releaseCard: 7,
} as const;

/** One recipe entry as the creator states it. */
export interface CreateLaunchComponent {
  mint: Address;
  targetBps: number;
  /** Component base units per 10^9 DNA units. */
  quantity: bigint;
}

/** What the creator chooses; the program checks every bound (see errors.h). */
export interface CreateLaunchArgs {
  creator: Address;
  seed: bigint;
  decimals: number;
  kind: LaunchKind;
  feeBps: number;
  creatorFeeShareBps: number;
  virtualPrimary: bigint;
  virtualDna: bigint;
  curveInventory: bigint;
  migrationInventory: bigint;
  dnaUnitLamportsE9: bigint;
  components: readonly CreateLaunchComponent[];
  symbol: string;
  name: string;
  uri: string;
}

/** Every address a create needs, with the bumps its data carries; see {@link deriveLaunchAccounts}. */
export interface LaunchAccounts {
  launch: Address;
  launchBump: number;
  mint: Address;
  mintBump: number;
  migrationVault: Address;
  migrationVaultBump: number;
  curve: Address;
  curveBump: number;
  curvePrimaryVault: Address;
  curvePrimaryVaultBump: number;
  /** In recipe order: the curve's vault of each component mint. */
  componentVaults: readonly { mint: Address; vault: Address; vaultBump: number }[];
}

const getShortStringEncoder = () => addEncoderSizePrefix(getUtf8Encoder(), getU8Encoder());

/**
 * Create's instruction data (launch.c `decode_create`): a 61-byte fixed header, 11 bytes
 * per component (vault bump, target bps, quantity), then symbol, name and uri, each behind
 * a u8 length.
 */
export function getCreateLaunchInstructionDataEncoder(): Encoder<CreateLaunchArgs & LaunchAccounts> {
  const header = getStructEncoder([
    ["tag", getU8Encoder()],
    ["seed", getU64Encoder()],
    ["launchBump", getU8Encoder()],
    ["mintBump", getU8Encoder()],
    ["migrationVaultBump", getU8Encoder()],
    ["curveBump", getU8Encoder()],
    ["curvePrimaryVaultBump", getU8Encoder()],
    ["decimals", getU8Encoder()],
    ["kind", getLaunchKindEncoder()],
    ["componentCount", getU8Encoder()],
    ["feeBps", getU16Encoder()],
    ["creatorFeeShareBps", getU16Encoder()],
    ["virtualPrimary", getU64Encoder()],
    ["virtualDna", getU64Encoder()],
    ["curveInventory", getU64Encoder()],
    ["migrationInventory", getU64Encoder()],
    ["dnaUnitLamportsE9", getU64Encoder()],
    [
      "components",
      getArrayEncoder(
        getStructEncoder([
          ["vaultBump", getU8Encoder()],
          ["targetBps", getU16Encoder()],
          ["quantity", getU64Encoder()],
        ]),
        { size: "remainder" },
      ),
    ],
    ["symbol", getShortStringEncoder()],
    ["name", getShortStringEncoder()],
    ["uri", getShortStringEncoder()],
  ]);
  return transformEncoder(header, toCreateData);
}

function toCreateData(input: CreateLaunchArgs & LaunchAccounts) {
  assertVaultsMatchRecipe(input);
  return {
    ...input,
    tag: LAUNCH_INSTRUCTION_TAG.create,
    componentCount: input.components.length,
    components: input.components.map((component, i) => ({
      ...component,
      vaultBump: (input.componentVaults[i] as { vaultBump: number }).vaultBump,
    })),
  };
}

// A vault list out of step with the recipe would make the program check the wrong mints.
function assertVaultsMatchRecipe(input: CreateLaunchArgs & LaunchAccounts): void {
  const { components, componentVaults } = input;
  const aligned =
    components.length === componentVaults.length && components.every((component, i) => component.mint === componentVaults[i]?.mint);
  if (!aligned) throw new Error("componentVaults must list the recipe's mints in recipe order");
}

/**
 * Creates a launch: the registry record, the primary mint (whole supply minted, authority
 * revoked), the migration vault, and the curve with its vaults (launch.c `create`).
 * Accounts: creator (signer, pays), launch, mint, migration vault, curve, curve primary
 * vault, system, token, curve program, then (component mint, curve vault) per component.
 */
export function getCreateLaunchInstruction(input: CreateLaunchArgs & LaunchAccounts): ProgramInstruction<typeof LAUNCH_PROGRAM_ADDRESS> {
  const data = getCreateLaunchInstructionDataEncoder().encode(input);
  return {
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    accounts: [
      { address: input.creator, role: AccountRole.WRITABLE_SIGNER },
      { address: input.launch, role: AccountRole.WRITABLE },
      { address: input.mint, role: AccountRole.WRITABLE },
      { address: input.migrationVault, role: AccountRole.WRITABLE },
      { address: input.curve, role: AccountRole.WRITABLE },
      { address: input.curvePrimaryVault, role: AccountRole.WRITABLE },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: CURVE_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      ...input.componentVaults.flatMap(({ mint, vault }) => [
        { address: mint, role: AccountRole.READONLY },
        { address: vault, role: AccountRole.WRITABLE },
      ]),
    ],
    data,
  };
}

/** Derives every address and bump a create by `creator` with `seed` needs. */
export async function deriveLaunchAccounts(creator: Address, seed: bigint, componentMints: readonly Address[]): Promise<LaunchAccounts> {
  const [launch, launchBump] = await findLaunchPda({ creator, seed });
  const [[mint, mintBump], [migrationVault, migrationVaultBump], [curve, curveBump]] = await Promise.all([
    findLaunchMintPda({ launch }),
    findMigrationVaultPda({ launch }),
    findCurvePda({ launch }),
  ]);
  const [[curvePrimaryVault, curvePrimaryVaultBump], vaults] = await Promise.all([
    findCurveVaultPda({ curve, mint }),
    Promise.all(componentMints.map((componentMint) => findCurveVaultPda({ curve, mint: componentMint }))),
  ]);
  return {
    launch,
    launchBump,
    mint,
    mintBump,
    migrationVault,
    migrationVaultBump,
    curve,
    curveBump,
    curvePrimaryVault,
    curvePrimaryVaultBump,
    componentVaults: vaults.map(([vault, vaultBump], i) => ({
      mint: componentMints[i] as Address,
      vault,
      vaultBump,
    })),
  };
}
