import type { Address, Instruction, KeyPairSigner } from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  AuthorityType,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  getSetAuthorityInstruction,
} from "@solana-program/token";
import { type CurveParameters, defaultCurveParameters } from "../economics/index.ts";
import {
  NATIVE_MINT_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  deriveCollectibleAccounts,
  findAssociatedTokenAddress,
  getListCardInstruction,
} from "../programs/index.ts";
import { type CardListing, cardMintSigner } from "./card-catalogue.ts";
import { LISTING_BUFFER_BPS, POOL_SHARE_BPS } from "./collectible-plan.ts";
import type { GenesisWorld } from "./genesis-world.ts";
import { type PreparedLaunch, prepareLaunchAt, venueReserves } from "./launch-factory.ts";
import type { CardDesk } from "./world-actors.ts";

const MINT_SIZE = 82;
const BPS = 10_000n;
/** One lamport per DNA unit: a collectible's DNA is wrapped SOL, priced 1:1. */
const COLLECTIBLE_DNA_UNIT_LAMPORTS_E9 = 1_000_000_000n;

/** The terms a card is listed with, fixed from the USDC venue's price at listing. */
export interface CardTerms {
  /** Lamports worth the listed price plus the listing buffer at the venue's spot price. */
  readonly cardLamports: bigint;
  /** What the raise aims at: cardLamports + poolLamports. */
  readonly targetLamports: bigint;
  /** The share kept to seed the token↔wSOL pool: POOL_SHARE_BPS of the target. */
  readonly poolLamports: bigint;
}

/**
 * A card's terms at the USDC venue's spot price now: the card's share is worth its listed
 * price plus LISTING_BUFFER_BPS (room for the venue's fee, impact and drift until the swap),
 * and the pool's share is POOL_SHARE_BPS of the whole target.
 */
export function cardTerms(world: GenesisWorld, card: CardListing): CardTerms {
  const { lamportsReserve, componentReserve } = venueReserves(world, world.component("USDC").mint);
  const worth = card.listedPriceUsdc * (BPS + LISTING_BUFFER_BPS) * lamportsReserve;
  const cardLamports = (worth + BPS * componentReserve - 1n) / (BPS * componentReserve);
  const targetLamports = (cardLamports * BPS + (BPS - POOL_SHARE_BPS) - 1n) / (BPS - POOL_SHARE_BPS);
  return { cardLamports, targetLamports, poolLamports: targetLamports - cardLamports };
}

/**
 * The default curve (supply, shares, virtual tokens) with its virtual DNA reserve sized so
 * that selling the whole curve inventory costs `raiseLamports` (fees on top): the
 * constant-product cost of the inventory is vD·inventory/(vP − inventory).
 */
export function collectibleCurve(raiseLamports: bigint, feeBps: number): CurveParameters {
  const { virtualPrimary, curveInventory } = defaultCurveParameters;
  const virtualDna = (raiseLamports * (virtualPrimary - curveInventory) + curveInventory - 1n) / curveInventory;
  return { ...defaultCurveParameters, virtualDna, feeBps };
}

/**
 * Mints the card: its mint account (the catalogue's key for it), 0 decimals, one unit to
 * the dealer, then the mint authority dropped so the supply stays 1 forever.
 */
export async function mintCardInstructions(world: GenesisWorld, dealer: KeyPairSigner, card: CardListing) {
  const mint = await cardMintSigner(world.devnet.seed, card.index);
  if (mint.address !== card.cardMint) throw new Error(`card ${card.index}'s key is not its catalogue mint`);
  const [account] = findAssociatedTokenAddress(dealer.address, card.cardMint);
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer: dealer,
      newAccount: mint,
      lamports: world.devnet.minimumBalanceForRentExemption(MINT_SIZE),
      space: MINT_SIZE,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: card.cardMint, decimals: 0, mintAuthority: dealer.address }),
    getCreateAssociatedTokenIdempotentInstruction({ payer: dealer, ata: account, owner: dealer.address, mint: card.cardMint }),
    getMintToInstruction({ mint: card.cardMint, token: account, mintAuthority: dealer, amount: 1n }),
    getSetAuthorityInstruction({ owned: card.cardMint, owner: dealer, authorityType: AuthorityType.MintTokens, newAuthority: null }),
  ];
  return { instructions, signers: [mint] };
}

/** The create instruction of a collectibles launch raising `terms.targetLamports` in wrapped SOL. */
export async function prepareCollectible(request: {
  readonly issuer: Address;
  readonly seed: bigint;
  readonly symbol: string;
  readonly name: string;
  readonly uri: string;
  readonly feeBps: number;
  readonly terms: CardTerms;
}): Promise<PreparedLaunch> {
  const prepared = await prepareLaunchAt(
    {
      creator: request.issuer,
      seed: request.seed,
      symbol: request.symbol,
      name: request.name,
      uri: request.uri,
      kind: "collectibles",
      components: [{ mint: NATIVE_MINT_ADDRESS, targetBps: 10_000 }],
      dnaUnitLamportsE9: COLLECTIBLE_DNA_UNIT_LAMPORTS_E9,
      curve: collectibleCurve(request.terms.targetLamports, request.feeBps),
    },
    // Wrapped SOL is SOL: one lamport per base unit, no venue.
    [{ lamportsReserve: 1n, componentReserve: 1n }],
  );
  if (!prepared) throw new RangeError("a wrapped-SOL recipe always prices");
  return prepared;
}

/** list_card of `card` for the collectible `launch`: the issuer pays, the dealer sells, the desk's treasury and custodian are named. */
export async function listCardInstruction(
  world: GenesisWorld,
  desk: CardDesk,
  launch: Address,
  card: CardListing,
  terms: CardTerms,
): Promise<Instruction> {
  const usdc = world.component("USDC");
  return getListCardInstruction({
    ...(await deriveCollectibleAccounts(launch)),
    creator: desk.issuer.address,
    seller: desk.dealer.address,
    cardMint: card.cardMint,
    sellerCard: findAssociatedTokenAddress(desk.dealer.address, card.cardMint)[0],
    usdcMint: usdc.mint,
    sellerUsdc: findAssociatedTokenAddress(desk.dealer.address, usdc.mint)[0],
    treasuryUsdc: findAssociatedTokenAddress(desk.treasury.address, usdc.mint)[0],
    venue: usdc.venue.pool,
    custodian: desk.custodian.address,
    standard: card.standard,
    listedPriceUsdc: card.listedPriceUsdc,
    targetLamports: terms.targetLamports,
    poolLamports: terms.poolLamports,
  });
}
