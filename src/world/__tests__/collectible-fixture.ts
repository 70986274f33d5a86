import { type Address, type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { getCreateAccountInstruction, getTransferSolInstruction } from "@solana-program/system";
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  getSyncNativeInstruction,
} from "@solana-program/token";
import type { Devnet, SendResult } from "../../chain/devnet.ts";
import {
  type CollectibleTerms,
  U64_MAX,
  buyExactOut as predictBuyExactOut,
  initialCurveState,
  listedPriceForBuffer,
  swapExactIn,
} from "../../economics/index.ts";
import {
  type CardStandard,
  type CollectibleAccount,
  type CollectibleAccounts,
  NATIVE_MINT_ADDRESS,
  type PoolAccounts,
  TOKEN_PROGRAM_ADDRESS,
  deriveCollectibleAccounts,
  getCollectibleAccountDecoder,
  getListCardInstruction,
  getNextCollectibleCrankInstruction,
  type ListCardArgs,
  type ProgramInstruction,
} from "../../programs/index.ts";
import { type GenesisWorld, VENUE_FEE_BPS } from "../genesis-world.ts";
import { LISTING_BUFFER_BPS, POOL_SHARE_BPS } from "../collectible-plan.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS, prepareLaunchAt } from "../launch-factory.ts";
import { tokenBalance } from "../token-balance.ts";
import { type LaunchedLaunch, buyExactOut, outcomeOf, readCurve, readLaunch, run } from "./world-fixture.ts";

/**
 * Collectibles on a test devnet: a card (an SPL mint of supply 1, 0 decimals), a
 * collectibles launch whose recipe is wrapped SOL alone, its listing, the raise and the
 * cranks. Shared by the on-chain tests of the collectible instructions and by any test that
 * needs a collectible at some stage (e.g. a tradable one, for its launch↔wSOL pool).
 */

const SOL = 1_000_000_000n;
const MINT_SIZE = 82;
/** list_card creates five accounts through CPIs: ~23,300 units measured; this is eight times that. */
export const LIST_CARD_COMPUTE_UNITS = 200_000;
/** Sends and throws with the logs unless the transaction succeeded. */
export async function runOk(
  devnet: Devnet,
  payer: KeyPairSigner,
  instructions: Parameters<typeof run>[2],
  signers: KeyPairSigner[] = [],
  computeUnitLimit?: number,
): Promise<SendResult> {
  const result = await run(devnet, payer, instructions, { signers, ...(computeUnitLimit === undefined ? {} : { computeUnitLimit }) });
  if (outcomeOf(result) !== "ok") {
    throw new Error(`transaction failed: ${outcomeOf(result)}\n${result.landed ? result.transaction.logs.join("\n") : ""}`);
  }
  return result;
}

/**
 * A new mint of `decimals` whose `supply` is minted to `owner`'s associated token account
 * (a card: decimals 0, supply 1). Its mint authority stays `owner`'s.
 */
export async function createCardMint(
  world: GenesisWorld,
  owner: KeyPairSigner,
  options: { decimals?: number; supply?: bigint } = {},
): Promise<{ mint: Address; account: Address }> {
  const mint = await generateKeyPairSigner();
  const account = await world.tokenAccountOf(owner.address, mint.address);
  const devnet = world.devnet;
  await runOk(
    devnet,
    owner,
    [
      getCreateAccountInstruction({
        payer: owner,
        newAccount: mint,
        lamports: devnet.minimumBalanceForRentExemption(MINT_SIZE),
        space: MINT_SIZE,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({ mint: mint.address, decimals: options.decimals ?? 0, mintAuthority: owner.address }),
      getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata: account, owner: owner.address, mint: mint.address }),
      getMintToInstruction({ mint: mint.address, token: account, mintAuthority: owner, amount: options.supply ?? 1n }),
    ],
    [mint],
  );
  return { mint: mint.address, account };
}

/** Gives `wallet` `lamports` of wrapped SOL in its associated account (created if needed), as a buyer's plan wraps. */
export async function wrapSol(world: GenesisWorld, wallet: KeyPairSigner, lamports: bigint): Promise<Address> {
  const account = await world.tokenAccountOf(wallet.address, NATIVE_MINT_ADDRESS);
  await runOk(world.devnet, wallet, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: wallet, ata: account, owner: wallet.address, mint: NATIVE_MINT_ADDRESS }),
    getTransferSolInstruction({ source: wallet, destination: account, amount: lamports }),
    getSyncNativeInstruction({ account }),
  ]);
  return account;
}

/**
 * Creates a collectibles launch of `creator` (recipe: wrapped SOL, 10000 bps, one lamport
 * per DNA unit; default curve), without listing a card.
 */
export async function createCollectibleLaunch(world: GenesisWorld, creator: KeyPairSigner, seed = 1n): Promise<LaunchedLaunch> {
  const request = {
    creator: creator.address,
    seed,
    symbol: "CARD",
    name: "Graded card",
    uri: "https://example.invalid/card.json",
    kind: "collectibles" as const,
    components: [{ mint: NATIVE_MINT_ADDRESS, targetBps: 10_000 }],
  };
  // Wrapped SOL is SOL: a price of one lamport per lamport.
  const prepared = await prepareLaunchAt(request, [{ lamportsReserve: 1n, componentReserve: 1n }]);
  if (!prepared) throw new Error("a wSOL recipe is always priced");
  await runOk(world.devnet, creator, [prepared.instruction], [], CREATE_LAUNCH_COMPUTE_UNITS);
  return { ...prepared, request, componentMints: [NATIVE_MINT_ADDRESS] };
}

/** Lamports a whole sell-out of `launched`'s fresh curve deposits, fee included. */
export function fullRaiseLamports(launched: LaunchedLaunch): bigint {
  const state = initialCurveState(launched.curve, launched.quantities);
  const predicted = predictBuyExactOut(state, state.inventoryRemaining, U64_MAX, null);
  if (!predicted.ok) throw new Error(`a fresh curve sells out: ${predicted.error}`);
  return predicted.trade.componentAmounts[0]!;
}

/** Everything a listed collectible's tests name. */
export interface ListedCollectible {
  readonly launched: LaunchedLaunch;
  readonly accounts: CollectibleAccounts;
  readonly creator: KeyPairSigner;
  readonly seller: KeyPairSigner;
  readonly custodian: KeyPairSigner;
  readonly cardMint: Address;
  readonly sellerCard: Address;
  readonly usdcMint: Address;
  readonly sellerUsdc: Address;
  readonly treasury: KeyPairSigner;
  readonly treasuryUsdc: Address;
  readonly venue: PoolAccounts;
  readonly terms: CollectibleTerms;
  readonly standard: CardStandard;
}

/** The world's wSOL↔USDC venue and the USDC mint. */
export function usdcVenue(world: GenesisWorld): { usdcMint: Address; venue: PoolAccounts } {
  const usdc = world.component("USDC");
  return { usdcMint: usdc.mint, venue: usdc.venue };
}

/**
 * Terms sized to `launched`'s curve as the world sizes them: the target is the whole raise,
 * the pool keeps the world's share of it (POOL_SHARE_BPS), and the price leaves the world's
 * buffer (LISTING_BUFFER_BPS) below what the card's share swaps to at the venue now.
 */
export function termsFor(world: GenesisWorld, launched: LaunchedLaunch): CollectibleTerms {
  const { venue } = usdcVenue(world);
  const targetLamports = fullRaiseLamports(launched);
  const poolLamports = (targetLamports * POOL_SHARE_BPS) / 10_000n;
  const worth = swapExactIn(
    tokenBalance(world.devnet, venue.vaultA),
    tokenBalance(world.devnet, venue.vaultB),
    targetLamports - poolLamports,
    VENUE_FEE_BPS,
    0n,
  );
  if (!worth.ok) throw new Error("the venue prices the card share");
  return { targetLamports, poolLamports, listedPriceUsdc: listedPriceForBuffer(worth.amountOut, Number(LISTING_BUFFER_BPS)) };
}

/** The parties of a listing: fresh wallets with SOL, the seller holding a card and USDC accounts. */
export async function listingParties(world: GenesisWorld) {
  const [seller, custodian, treasury] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner()]);
  for (const wallet of [seller, custodian, treasury]) world.devnet.airdrop(wallet.address, 10n * SOL);
  const { usdcMint } = usdcVenue(world);
  const card = await createCardMint(world, seller);
  await world.fund(seller.address, { components: [{ mint: usdcMint, amount: 0n }], memo: `seller ${seller.address}` });
  await world.fund(treasury.address, { components: [{ mint: usdcMint, amount: 0n }], memo: `treasury ${treasury.address}` });
  return {
    seller,
    custodian,
    treasury,
    cardMint: card.mint,
    sellerCard: card.account,
    usdcMint,
    sellerUsdc: await world.tokenAccountOf(seller.address, usdcMint),
    treasuryUsdc: await world.tokenAccountOf(treasury.address, usdcMint),
  };
}

/** The list_card instruction of `listed`'s parties and terms (tests change one thing). */
export function listCardInstructionOf(
  listed: Omit<ListedCollectible, "launched"> & { launch?: Address },
  overrides: Partial<ListCardArgs & CollectibleAccounts> = {},
): ProgramInstruction {
  return getListCardInstruction({
    ...listed.accounts,
    creator: listed.creator.address,
    seller: listed.seller.address,
    cardMint: listed.cardMint,
    sellerCard: listed.sellerCard,
    usdcMint: listed.usdcMint,
    sellerUsdc: listed.sellerUsdc,
    treasuryUsdc: listed.treasuryUsdc,
    venue: listed.venue.pool,
    custodian: listed.custodian.address,
    standard: listed.standard,
    ...listed.terms,
    ...overrides,
  });
}

/** A collectibles launch with its card listed (stage raising), created by `creator` with `seed`. */
export async function listCollectible(
  world: GenesisWorld,
  creator: KeyPairSigner,
  seed = 1n,
  terms: Partial<CollectibleTerms> = {},
): Promise<ListedCollectible & { readonly listing: SendResult }> {
  const launched = await createCollectibleLaunch(world, creator, seed);
  const parties = await listingParties(world);
  const listed: ListedCollectible = {
    launched,
    accounts: await deriveCollectibleAccounts(launched.accounts.launch),
    creator,
    ...parties,
    venue: usdcVenue(world).venue,
    terms: { ...termsFor(world, launched), ...terms },
    standard: "pnft",
  };
  const listing = await runOk(world.devnet, creator, [listCardInstructionOf(listed)], [parties.seller], LIST_CARD_COMPUTE_UNITS);
  return { ...listed, listing };
}

/** The collectible record of `listed` as the chain holds it. */
export function readCollectible(devnet: Devnet, listed: Pick<ListedCollectible, "accounts">): CollectibleAccount {
  return getCollectibleAccountDecoder().decode(devnet.getAccount(listed.accounts.collectible)!.data);
}

/** A fresh buyer wraps enough SOL and buys the rest of the curve: the curve completes (stage funding). */
export async function raiseOut(world: GenesisWorld, listed: ListedCollectible): Promise<{ buyer: KeyPairSigner; result: SendResult }> {
  const buyer = await generateKeyPairSigner();
  const raise = fullRaiseLamports(listed.launched);
  world.devnet.airdrop(buyer.address, raise + 10n * SOL);
  await wrapSol(world, buyer, raise + SOL);
  const remaining = readCurve(world.devnet, listed.launched).inventoryRemaining;
  const result = await buyExactOut(world, buyer, listed.launched, remaining, U64_MAX);
  if (outcomeOf(result) !== "ok") throw new Error(`raise-out buy failed: ${outcomeOf(result)}`);
  return { buyer, result };
}

/** Runs the next permissionless crank of `listed`, paid by `payer`; null when none applies. */
export async function crank(world: GenesisWorld, payer: KeyPairSigner, listed: ListedCollectible): Promise<SendResult | null> {
  const status = readLaunch(world.devnet, listed.launched).status;
  const instruction = await getNextCollectibleCrankInstruction(payer.address, status, readCollectible(world.devnet, listed));
  return instruction === null ? null : run(world.devnet, payer, [instruction]);
}

/** A collectible taken through every stage to tradable: its launch↔wSOL pool is open. */
export async function tradableCollectible(world: GenesisWorld, creator: KeyPairSigner, seed = 1n): Promise<ListedCollectible> {
  const listed = await listCollectible(world, creator, seed);
  await raiseOut(world, listed);
  for (let step = 0; step < 4; step++) {
    const result = await crank(world, creator, listed);
    if (result === null || outcomeOf(result) !== "ok") {
      throw new Error(
        `crank ${step} failed: ${result === null ? "none" : outcomeOf(result)}\n${result?.landed ? result.transaction.logs.join("\n") : ""}`,
      );
    }
  }
  return listed;
}
