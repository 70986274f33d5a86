import type { KeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { getCreateAssociatedTokenIdempotentInstruction, getSyncNativeInstruction } from "@solana-program/token";
import { deriveKeyPairSigner } from "../chain/deterministic-keys.ts";
import { signInstructions } from "../chain/sign-instructions.ts";
import { NATIVE_MINT_ADDRESS } from "../programs/index.ts";
import type { GenesisWorld } from "./genesis-world.ts";

const SOL = 1_000_000_000n;
/** How many trader keys the world's history and its activity bots share. */
export const TRADER_COUNT = 12;
/** SOL each trader receives; part of it is wrapped for venue swaps. */
const TRADER_LAMPORTS = 50_000n * SOL;
const TRADER_WRAPPED_LAMPORTS = 20_000n * SOL;
/** Each trader holds this much SOL's worth of every component (at catalog prices). */
const TRADER_COMPONENT_VALUE_SOL = 100_000;
const KEEPER_LAMPORTS = 10_000n * SOL;
const CREATOR_LAMPORTS = 100n * SOL;
/** The card desk's actors pay fees and rent (cards' mints, the records list_card opens). */
const CARD_ACTOR_LAMPORTS = 1_000n * SOL;

/**
 * The simulator's own keys, all derived from the seed: traders (the history's buyers and
 * sellers, then the activity bots), the keeper that cranks migrations, and launch
 * creators. None of them is ever a user's key.
 */
export function traderSigners(seed: string): Promise<KeyPairSigner[]> {
  return Promise.all(Array.from({ length: TRADER_COUNT }, (_, i) => deriveKeyPairSigner(seed, `bot:${i}`)));
}

export function keeperSigner(seed: string): Promise<KeyPairSigner> {
  return deriveKeyPairSigner(seed, "keeper");
}

export function creatorSigner(seed: string, index: number): Promise<KeyPairSigner> {
  return deriveKeyPairSigner(seed, `creator:${index}`);
}

/** SOL for the keeper's fees and the rent of the pair pools it creates. */
export function fundKeeper(world: GenesisWorld, keeper: KeyPairSigner): void {
  world.devnet.airdrop(keeper.address, KEEPER_LAMPORTS);
}

export function fundCreator(world: GenesisWorld, creator: KeyPairSigner): void {
  world.devnet.airdrop(creator.address, CREATOR_LAMPORTS);
}

/**
 * Gives a trader SOL, wrapped SOL for the venues, and a deep stock of every component: a
 * curve buy deposits the recipe's components, so a trader must hold them.
 */
export async function fundTrader(world: GenesisWorld, trader: KeyPairSigner): Promise<void> {
  const grants = world.components.map((component) => ({
    mint: component.mint,
    amount: BigInt(Math.round((TRADER_COMPONENT_VALUE_SOL / component.listing.priceSol) * 10 ** component.listing.decimals)),
  }));
  await world.fund(trader.address, { lamports: TRADER_LAMPORTS });
  // Five components a transaction keeps each funding transaction under the size limit.
  for (let i = 0; i < grants.length; i += 5) await world.fund(trader.address, { components: grants.slice(i, i + 5) });
  const wrapped = await world.tokenAccountOf(trader.address, NATIVE_MINT_ADDRESS);
  const transaction = await signInstructions({
    feePayer: trader,
    lifetime: world.devnet.latestBlockhash(),
    instructions: [
      getCreateAssociatedTokenIdempotentInstruction({ payer: trader, ata: wrapped, owner: trader.address, mint: NATIVE_MINT_ADDRESS }),
      getTransferSolInstruction({ source: trader, destination: wrapped, amount: TRADER_WRAPPED_LAMPORTS }),
      getSyncNativeInstruction({ account: wrapped }),
    ],
  });
  const result = world.devnet.send(transaction);
  if (!result.landed || !result.transaction.ok) throw new Error(`wrapping SOL for trader ${trader.address} failed`);
}

/**
 * The actors of the world's collectibles, all derived from the seed: the dealer who owns
 * the cards (mints them, sells them through list_card, is paid in USDC on acquisition), the
 * issuer who creates the collectible launches and pays for their records, the treasury
 * that receives what a swap raised beyond a card's price, and the custodian who may
 * release a card from a vault.
 */
export interface CardDesk {
  readonly dealer: KeyPairSigner;
  readonly issuer: KeyPairSigner;
  readonly treasury: KeyPairSigner;
  readonly custodian: KeyPairSigner;
}

export async function cardDeskSigners(seed: string): Promise<CardDesk> {
  const [dealer, issuer, treasury, custodian] = await Promise.all(
    ["card-dealer", "collectible-issuer", "treasury", "card-custodian"].map((label) => deriveKeyPairSigner(seed, label)),
  );
  return { dealer: dealer!, issuer: issuer!, treasury: treasury!, custodian: custodian! };
}

/** SOL for the desk's fees and rent, and the dealer's and treasury's USDC accounts (list_card names them). */
export async function fundCardDesk(world: GenesisWorld, desk: CardDesk): Promise<void> {
  for (const actor of [desk.dealer, desk.issuer, desk.treasury, desk.custodian]) world.devnet.airdrop(actor.address, CARD_ACTOR_LAMPORTS);
  const usdc = world.component("USDC").mint;
  // A zero grant opens the associated accounts without minting anything into them.
  await world.fund(desk.dealer.address, { components: [{ mint: usdc, amount: 0n }] });
  await world.fund(desk.treasury.address, { components: [{ mint: usdc, amount: 0n }] });
}
