import {
  AccountRole,
  type Address,
  type FixedSizeEncoder,
  getAddressEncoder,
  getLiteralUnionEncoder,
  getStructEncoder,
  getU64Encoder,
  getU8Encoder,
  transformEncoder,
} from "@solana/kit";
import { CARD_STANDARDS, type CardStandard } from "./collectible-account.ts";
import { LAUNCH_INSTRUCTION_TAG } from "./launch-instructions.ts";
import { deriveMigrateAccounts, getMigrateInstructionDataEncoder, type MigrateAccounts } from "./migrate-instruction.ts";
import {
  CURVE_PROGRAM_ADDRESS,
  LAUNCH_PROGRAM_ADDRESS,
  NATIVE_MINT_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from "./program-addresses.ts";
import {
  findCollectibleCustodyPda,
  findCollectibleEscrowPda,
  findCollectibleFundsPda,
  findCollectiblePda,
  findCollectibleUsdcPda,
  findCurvePda,
  findCurveVaultPda,
  findPoolVaultPda,
} from "./program-derived-addresses.ts";
import type { ProgramInstruction } from "./program-instruction.ts";

/*
 * Builders of the launch program's collectible instructions (launch.c, "Collectibles").
 * Each doc comment states the instruction data and the account order the C reads; the
 * program checks every account against the launch and collectible records.
 */

const { READONLY, READONLY_SIGNER, WRITABLE, WRITABLE_SIGNER } = AccountRole;

/** The collectible record and its four token accounts, each a PDA [name, launch] of the launch program. */
export interface CollectibleAccounts {
  launch: Address;
  collectible: Address;
  collectibleBump: number;
  escrow: Address;
  escrowBump: number;
  custody: Address;
  custodyBump: number;
  funds: Address;
  fundsBump: number;
  usdc: Address;
  usdcBump: number;
}

/** Derives the record and token-account addresses of `launch`'s collectible, with their bumps. */
export async function deriveCollectibleAccounts(launch: Address): Promise<CollectibleAccounts> {
  const [[collectible, collectibleBump], [escrow, escrowBump], [custody, custodyBump], [funds, fundsBump], [usdc, usdcBump]] =
    await Promise.all([
      findCollectiblePda({ launch }),
      findCollectibleEscrowPda({ launch }),
      findCollectibleCustodyPda({ launch }),
      findCollectibleFundsPda({ launch }),
      findCollectibleUsdcPda({ launch }),
    ]);
  return { launch, collectible, collectibleBump, escrow, escrowBump, custody, custodyBump, funds, fundsBump, usdc, usdcBump };
}

/** What the creator and the seller state when listing a card. */
export interface ListCardArgs {
  /** The launch's creator: signs and pays for the record and the four token accounts. */
  creator: Address;
  /** Signs; gives up the card now and is paid the listed price on acquisition. */
  seller: Address;
  /** An SPL mint of supply 1 and 0 decimals. */
  cardMint: Address;
  /** The seller's token account holding the card. */
  sellerCard: Address;
  /** A 6-decimal mint; the venue trades it against wrapped SOL. */
  usdcMint: Address;
  /** Any USDC token account; receives the listed price. */
  sellerUsdc: Address;
  /** Any USDC token account; receives the surplus. */
  treasuryUsdc: Address;
  /** The pool program's wSOL↔USDC pool the swap will use (either mint order). */
  venue: Address;
  /** Who may release the card from custody; need not sign now. */
  custodian: Address;
  standard: CardStandard;
  /** USDC base units; at least 1. */
  listedPriceUsdc: bigint;
  /** More than poolLamports. */
  targetLamports: bigint;
  /** At least 1. */
  poolLamports: bigint;
}

/**
 * list_card's 63-byte data: tag 3, bumps of the record, escrow, custody, funds and usdc
 * (u8 each), standard u8 (0 pnft, 1 core), listedPriceUsdc u64, targetLamports u64,
 * poolLamports u64, custodian (32 bytes); integers little-endian.
 */
export function getListCardInstructionDataEncoder(): FixedSizeEncoder<ListCardArgs & CollectibleAccounts> {
  const layout = getStructEncoder([
    ["tag", getU8Encoder()],
    ["collectibleBump", getU8Encoder()],
    ["escrowBump", getU8Encoder()],
    ["custodyBump", getU8Encoder()],
    ["fundsBump", getU8Encoder()],
    ["usdcBump", getU8Encoder()],
    ["standard", getLiteralUnionEncoder(CARD_STANDARDS)],
    ["listedPriceUsdc", getU64Encoder()],
    ["targetLamports", getU64Encoder()],
    ["poolLamports", getU64Encoder()],
    ["custodian", getAddressEncoder()],
  ]);
  return transformEncoder(layout, (input: ListCardArgs & CollectibleAccounts) => ({ ...input, tag: LAUNCH_INSTRUCTION_TAG.listCard }));
}

/**
 * Lists a card for a collectibles launch still raising (launch.c `list_card`): creates the
 * record and the escrow, custody, funds and usdc token accounts (authority: the launch),
 * moves the card into escrow and emits `collectibleListed`. The launch's recipe must be
 * wrapped SOL alone. Accounts: creator (writable signer), seller (signer), launch,
 * collectible (w), card mint, seller's card account (w), escrow (w), custody (w), funds (w),
 * usdc (w), native mint, USDC mint, seller USDC, treasury USDC, venue pool, system, token.
 */
export function getListCardInstruction(input: ListCardArgs & CollectibleAccounts): ProgramInstruction<typeof LAUNCH_PROGRAM_ADDRESS> {
  return {
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    accounts: [
      { address: input.creator, role: WRITABLE_SIGNER },
      { address: input.seller, role: input.seller === input.creator ? WRITABLE_SIGNER : READONLY_SIGNER },
      { address: input.launch, role: READONLY },
      { address: input.collectible, role: WRITABLE },
      { address: input.cardMint, role: READONLY },
      { address: input.sellerCard, role: WRITABLE },
      { address: input.escrow, role: WRITABLE },
      { address: input.custody, role: WRITABLE },
      { address: input.funds, role: WRITABLE },
      { address: input.usdc, role: WRITABLE },
      { address: NATIVE_MINT_ADDRESS, role: READONLY },
      { address: input.usdcMint, role: READONLY },
      { address: input.sellerUsdc, role: READONLY },
      { address: input.treasuryUsdc, role: READONLY },
      { address: input.venue, role: READONLY },
      { address: SYSTEM_PROGRAM_ADDRESS, role: READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ],
    data: getListCardInstructionDataEncoder().encode(input),
  };
}

const tagOnly = (tag: number) => Uint8Array.of(tag);

/** The accounts of the fund crank; see {@link deriveCollectibleFundAccounts}. */
export interface CollectibleFundAccounts {
  launch: Address;
  collectible: Address;
  curve: Address;
  /** The curve's wrapped-SOL vault: ["vault", curve, native mint] of the curve program. */
  curveVault: Address;
  funds: Address;
}

/** Derives the fund crank's accounts of `launch`. */
export async function deriveCollectibleFundAccounts(launch: Address): Promise<CollectibleFundAccounts> {
  const [[curve], { collectible, funds }] = await Promise.all([findCurvePda({ launch }), deriveCollectibleAccounts(launch)]);
  const [curveVault] = await findCurveVaultPda({ curve, mint: NATIVE_MINT_ADDRESS });
  return { launch, collectible, curve, curveVault, funds };
}

/**
 * The permissionless fund crank (launch.c `collectible_fund`), at stage funding: the
 * curve's whole wSOL vault, fees included, moves into funds; status → migrating; emits
 * statusChanged and collectibleStage swapping. Data: tag 4 only. Accounts: launch (w),
 * collectible (w), curve (w), curve program, curve wSOL vault (w), funds (w), token.
 */
export function getCollectibleFundInstruction(input: CollectibleFundAccounts): ProgramInstruction<typeof LAUNCH_PROGRAM_ADDRESS> {
  return {
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    accounts: [
      { address: input.launch, role: WRITABLE },
      { address: input.collectible, role: WRITABLE },
      { address: input.curve, role: WRITABLE },
      { address: CURVE_PROGRAM_ADDRESS, role: READONLY },
      { address: input.curveVault, role: WRITABLE },
      { address: input.funds, role: WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ],
    data: tagOnly(LAUNCH_INSTRUCTION_TAG.collectibleFund),
  };
}

/** The accounts of the swap crank; see {@link deriveCollectibleSwapAccounts}. */
export interface CollectibleSwapAccounts {
  launch: Address;
  collectible: Address;
  /** The venue named at listing. */
  venue: Address;
  /** The venue's wrapped-SOL vault: ["vault", venue, native mint] of the pool program. */
  venueWsolVault: Address;
  /** The venue's USDC vault. */
  venueUsdcVault: Address;
  funds: Address;
  usdc: Address;
}

/** Derives the swap crank's accounts from the collectible's `venue` and `usdcMint` (both in its record). */
export async function deriveCollectibleSwapAccounts(launch: Address, venue: Address, usdcMint: Address): Promise<CollectibleSwapAccounts> {
  const [{ collectible, funds, usdc }, [venueWsolVault], [venueUsdcVault]] = await Promise.all([
    deriveCollectibleAccounts(launch),
    findPoolVaultPda({ pool: venue, mint: NATIVE_MINT_ADDRESS }),
    findPoolVaultPda({ pool: venue, mint: usdcMint }),
  ]);
  return { launch, collectible, venue, venueWsolVault, venueUsdcVault, funds, usdc };
}

/**
 * The permissionless swap crank (launch.c `collectible_swap`), at stage swapping:
 * fundedLamports − poolLamports of wSOL from funds swapped on the venue into usdc, the
 * launch signing as trader, with the listed price as minimum out (the pool refuses less
 * with SlippageExceeded); emits collectibleStage acquiring. Data: tag 5 only. Accounts:
 * launch, collectible (w), venue (w), venue wSOL vault (w), venue USDC vault (w), funds (w),
 * usdc (w), pool program, token.
 */
export function getCollectibleSwapInstruction(input: CollectibleSwapAccounts): ProgramInstruction<typeof LAUNCH_PROGRAM_ADDRESS> {
  return {
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    accounts: [
      { address: input.launch, role: READONLY },
      { address: input.collectible, role: WRITABLE },
      { address: input.venue, role: WRITABLE },
      { address: input.venueWsolVault, role: WRITABLE },
      { address: input.venueUsdcVault, role: WRITABLE },
      { address: input.funds, role: WRITABLE },
      { address: input.usdc, role: WRITABLE },
      { address: POOL_PROGRAM_ADDRESS, role: READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ],
    data: tagOnly(LAUNCH_INSTRUCTION_TAG.collectibleSwap),
  };
}

/** The accounts of the acquire crank: the record's own addresses. */
export interface CollectibleAcquireAccounts {
  launch: Address;
  collectible: Address;
  escrow: Address;
  custody: Address;
  usdc: Address;
  sellerUsdc: Address;
  treasuryUsdc: Address;
}

/**
 * The permissionless acquire crank (launch.c `collectible_acquire`), at stage acquiring:
 * the card escrow → custody, the listed price usdc → seller USDC, the rest → treasury USDC;
 * emits collectibleStage pooling. Data: tag 6 only. Accounts: launch, collectible (w),
 * escrow (w), custody (w), usdc (w), seller USDC (w), treasury USDC (w), token.
 */
export function getCollectibleAcquireInstruction(input: CollectibleAcquireAccounts): ProgramInstruction<typeof LAUNCH_PROGRAM_ADDRESS> {
  return {
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    accounts: [
      { address: input.launch, role: READONLY },
      { address: input.collectible, role: WRITABLE },
      { address: input.escrow, role: WRITABLE },
      { address: input.custody, role: WRITABLE },
      { address: input.usdc, role: WRITABLE },
      { address: input.sellerUsdc, role: WRITABLE },
      { address: input.treasuryUsdc, role: WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ],
    data: tagOnly(LAUNCH_INSTRUCTION_TAG.collectibleAcquire),
  };
}

/** migrate's accounts for a collectible: the launch↔wSOL pool, funds and the record. */
export interface CollectibleMigrateAccounts extends MigrateAccounts {
  funds: Address;
  collectible: Address;
}

/** Derives the collectible migrate's accounts of `launch` (component: wrapped SOL). */
export async function deriveCollectibleMigrateAccounts(launch: Address): Promise<CollectibleMigrateAccounts> {
  const [migrate, { funds, collectible }] = await Promise.all([
    deriveMigrateAccounts(launch, NATIVE_MINT_ADDRESS),
    deriveCollectibleAccounts(launch),
  ]);
  return { ...migrate, funds, collectible };
}

/**
 * migrate of a collectibles launch (launch.c `migrate_collectible`), at stage pooling:
 * creates the pool (authority the launch, mint A the launch mint, mint B wrapped SOL) with
 * the whole migration inventory and exactly poolLamports of wSOL from funds; emits
 * migrationStep, statusChanged graduated and collectibleStage tradable. Data: migrate's
 * 5 bytes with component index 0. Accounts: migrate's 14 with funds (w) in place of the
 * curve's component vault (index 10), then the collectible (w).
 */
export function getCollectibleMigrateInstruction(
  input: CollectibleMigrateAccounts & { payer: Address },
): ProgramInstruction<typeof LAUNCH_PROGRAM_ADDRESS> {
  return {
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    accounts: [
      { address: input.payer, role: WRITABLE_SIGNER },
      { address: input.launch, role: WRITABLE },
      { address: input.migrationVault, role: WRITABLE },
      { address: input.curve, role: READONLY },
      { address: CURVE_PROGRAM_ADDRESS, role: READONLY },
      { address: input.pool, role: WRITABLE },
      { address: input.poolPrimaryVault, role: WRITABLE },
      { address: input.poolComponentVault, role: WRITABLE },
      { address: input.primaryMint, role: READONLY },
      { address: NATIVE_MINT_ADDRESS, role: READONLY },
      { address: input.funds, role: WRITABLE },
      { address: POOL_PROGRAM_ADDRESS, role: READONLY },
      { address: SYSTEM_PROGRAM_ADDRESS, role: READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
      { address: input.collectible, role: WRITABLE },
    ],
    data: getMigrateInstructionDataEncoder().encode({ ...input, componentIndex: 0 }),
  };
}

/** What a release names. */
export interface ReleaseCardAccounts {
  /** The custodian named at listing; signs. */
  custodian: Address;
  launch: Address;
  collectible: Address;
  custody: Address;
  /** Any token account of the card mint. */
  destination: Address;
}

/**
 * Releases the card from custody (launch.c `release_card`): custody → destination, the
 * record's stillHeld cleared; emits cardReleased. Data: tag 7 only. Accounts: custodian
 * (signer), launch, collectible (w), custody (w), destination (w), token.
 */
export function getReleaseCardInstruction(input: ReleaseCardAccounts): ProgramInstruction<typeof LAUNCH_PROGRAM_ADDRESS> {
  return {
    programAddress: LAUNCH_PROGRAM_ADDRESS,
    accounts: [
      { address: input.custodian, role: READONLY_SIGNER },
      { address: input.launch, role: READONLY },
      { address: input.collectible, role: WRITABLE },
      { address: input.custody, role: WRITABLE },
      { address: input.destination, role: WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ],
    data: tagOnly(LAUNCH_INSTRUCTION_TAG.releaseCard),
  };
}
