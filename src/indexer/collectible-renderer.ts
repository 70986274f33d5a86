import type { CardListing } from "../world/card-catalogue.ts";
import { NATIVE_MINT_ADDRESS } from "../programs/index.ts";
import { type CollectibleState, stageIndex } from "./collectible-book.ts";
import { rowOf } from "./collectible-list.ts";
import { renderComponents } from "./component-renderer.ts";
import { progressBpsOf, spotPriceE12 } from "./launch-figures.ts";
import { launchPricing } from "./launch-pricing.ts";
import { imageUriOf, liquidityUsdOf } from "./launch-row-renderer.ts";
import { isoOf } from "./number-format.ts";
import type { ReadContext } from "./read-context.ts";
import type { CollectibleDetail, CollectibleRecord, CollectibleVault, VaultCard } from "./records/index.ts";
import { WRAPPED_SOL_LISTING } from "./wrapped-sol-listing.ts";

/** The smallest raise target a card is listed for (the record's `listingMinimumLamports`): 1 SOL. */
export const LISTING_MINIMUM_LAMPORTS = 1_000_000_000n;
const STANDARDS = ["pnft", "core"] as const;
const FUNDED = stageIndex("swapping");
const SWAPPED = stageIndex("acquiring");
const ACQUIRED = stageIndex("pooling");
const TRADABLE = stageIndex("tradable");

/** What rendering a collectible needs besides the launch's context: its card from the catalogue. */
export interface CollectibleContext extends ReadContext {
  /** The catalogue's card of `mint`, or null when the catalogue does not hold it. */
  readonly card: (mint: string) => CardListing | null;
}

const unix = (value: bigint) => Number(value);

function standardOf(state: CollectibleState): "pnft" | "core" {
  return STANDARDS[state.listing.standard] ?? "pnft";
}

/** The unix second stage `index` was reached, or null. */
function reached(state: CollectibleState, index: number): number | null {
  const at = state.reachedAt[index];
  return at === null || at === undefined ? null : unix(at);
}

/** Custody holds the card now: acquired and not released. */
function heldNow(state: CollectibleState): boolean {
  return reached(state, ACQUIRED) !== null && state.released === null;
}

function cardImageOf(card: CardListing, state: CollectibleState, stillHeld: boolean, context: CollectibleContext) {
  const fullUrl = context.mediaUrl(card.photos.front);
  return {
    depicts: "front" as const,
    asset: state.listing.cardMint,
    source: card.dataSource,
    stillHeld,
    itemName: card.itemName,
    grader: card.grader,
    grade: card.grade,
    thumbUrl: context.mediaUrl(card.photos.thumb),
    fullUrl,
    sourceUrl: fullUrl,
  };
}

/** A listed collectible as a list item of `GET /v1/collectibles`. */
export function renderCollectibleRecord(state: CollectibleState, context: CollectibleContext): CollectibleRecord {
  const { launch, listing, accounting } = state;
  const card = context.card(listing.cardMint);
  const pricing = launchPricing(launch, context.book);
  const priceE12 = spotPriceE12(launch).toString();
  const sampledAt = unix(context.book.sampledAt);
  const cardLamports = listing.targetLamports - listing.poolLamports;
  const fundedAt = reached(state, FUNDED);
  const swappedAt = reached(state, SWAPPED);
  const acquiredAt = reached(state, ACQUIRED);
  const tradableAt = reached(state, TRADABLE);
  const standard = standardOf(state);
  let phaseBits = 0;
  state.reachedAt.forEach((at, i) => {
    if (at !== null) phaseBits |= 1 << i;
  });
  const need = listing.targetLamports - state.vault.lamports;
  return {
    launch: launch.address,
    primaryMint: launch.mint,
    symbol: launch.symbol,
    name: launch.name,
    description: launch.metadata?.description ?? "",
    imageUri: imageUriOf(launch, context),
    unnamed: launch.metadata === null,
    status: launch.status,
    stage: state.stage,
    row: rowOf(launch),
    stalled: null,
    belowMinimum: listing.targetLamports < LISTING_MINIMUM_LAMPORTS,
    listingMinimumLamports: LISTING_MINIMUM_LAMPORTS.toString(),
    feeBps: launch.feeBps,
    primaryDecimals: launch.decimals,
    totalSupply: launch.totalSupply.toString(),
    mintSupply: launch.totalSupply.toString(),
    lockedReserve: launch.lockedReserve.toString(),
    supplyModel: 1,
    progressBps: progressBpsOf(launch),
    priceE12,
    createdAt: unix(launch.createdAt),
    activatedAt: unix(launch.createdAt),
    card: {
      nftMint: listing.cardMint,
      vault: listing.custody,
      standard,
      category: card?.category ?? null,
      targetLamports: listing.targetLamports.toString(),
      listedPriceUsdc: listing.listedPriceUsdc.toString(),
      acquireBps: listing.targetLamports === 0n ? 0 : Number((cardLamports * 10_000n) / listing.targetLamports),
      bufferBps: state.bufferBps,
      substituteBandBps: 0,
      ratingId: card?.ratingId ?? null,
      grade: card?.grade ?? null,
      grader: card?.grader ?? null,
      itemName: card?.itemName ?? null,
      bandWidened: false,
    },
    acquisition: {
      funded: fundedAt === null ? null : { fundedAt, fundedLamports: accounting.fundedLamports.toString() },
      swap:
        swappedAt === null
          ? null
          : { swappedAt, wsolIn: accounting.wsolIn.toString(), usdcOut: accounting.usdcOut.toString(), pool: accounting.swapPool },
      acquired:
        acquiredAt === null
          ? null
          : {
              at: acquiredAt,
              source: "listing",
              spentUsdc: accounting.spentUsdc.toString(),
              outsideBand: false,
              ratingId: card?.ratingId ?? null,
              grade: card?.grade ?? null,
              grader: card?.grader ?? null,
            },
      surplusToTreasuryUsdc: accounting.surplusUsdc.toString(),
    },
    custody: {
      cards:
        acquiredAt === null
          ? []
          : [{ asset: listing.cardMint, standard, source: "listing", acquiredAt, stillHeld: state.released === null }],
      account: listing.custody,
    },
    basket: { components: renderComponents(launch, pricing, context) },
    migration: {
      step: stageIndex(state.stage),
      phaseBits,
      poolCreatedBits: launch.poolCreatedBits,
      dnaMint: null,
      dnaTotal: (state.fundedDna ?? launch.realDna).toString(),
      pools: launch.createdPairPools.map((pool) => pool.pool),
      positions: [],
      opensAt: tradableAt === null ? null : isoOf(tradableAt),
      finalizedAt: tradableAt === null ? null : isoOf(launch.migrationFinalizedAt ?? BigInt(tradableAt)),
    },
    curve: {
      completionMode: 0,
      needLamports: (state.stage === "raising" && need > 0n ? need : 0n).toString(),
      poolLamports: listing.poolLamports.toString(),
      cardLamports: cardLamports.toString(),
      feesAccruedLamports: state.vault.fees.toString(),
      feesTowardCardLamports: state.vault.fees.toString(),
    },
    cardImage: card ? cardImageOf(card, state, heldNow(state), context) : null,
    market: { priceE12, sampledAt, liquidityUsd: liquidityUsdOf(launch, pricing.dnaUnitLamportsE9, context) ?? 0, liquidityAt: sampledAt },
  };
}

/** A listed collectible as `GET /v1/collectibles/{id}` answers it. */
export function renderCollectibleDetail(state: CollectibleState, context: CollectibleContext): CollectibleDetail {
  const card = context.card(state.listing.cardMint);
  const targeted = card !== null && reached(state, ACQUIRED) === null;
  return {
    ...renderCollectibleRecord(state, context),
    targetCardImage: targeted ? cardImageOf(card, state, false, context) : null,
    serverTime: unix(context.nowUnix),
  };
}

/** The vault's card (present once the acquire crank moved it into custody). */
export function renderVaultCard(state: CollectibleState, context: CollectibleContext): VaultCard | null {
  const acquiredAt = reached(state, ACQUIRED);
  if (acquiredAt === null || state.acquiredSignature === null) return null;
  const { listing, accounting } = state;
  const card = context.card(listing.cardMint);
  const readAt = unix(listing.unixTimestamp);
  const spentUsdc = accounting.spentUsdc.toString();
  return {
    asset: listing.cardMint,
    standard: standardOf(state),
    source: "listing",
    isLaunchCard: true,
    acquiredAt,
    signature: state.acquiredSignature,
    spentUsdc,
    stillHeld: state.released === null,
    stillHeldCheckedAt: state.released === null ? unix(context.nowUnix) : unix(state.released.at),
    photo: card
      ? {
          thumbUrl: context.mediaUrl(card.photos.thumb),
          fullUrl: context.mediaUrl(card.photos.front),
          backUrl: context.mediaUrl(card.photos.back),
        }
      : null,
    identity: card
      ? {
          itemName: card.itemName,
          grader: card.grader,
          grade: card.grade,
          gradeLabel: card.gradeLabel,
          year: card.year,
          set: card.set,
          serial: card.serial,
          certificate: card.certificate,
          source: card.dataSource,
          readAt,
        }
      : null,
    values: {
      insured: card ? { usd: card.insuredUsd, source: card.dataSource, readAt, stale: false } : null,
      listedAtLaunch: { usdc: listing.listedPriceUsdc.toString(), at: readAt },
      acquiredFor: { usdc: spentUsdc, at: acquiredAt, signature: state.acquiredSignature },
    },
  };
}

/** Cents of a two-place decimal string. */
function cents(usd: string): bigint {
  const [whole = "0", fraction = "00"] = usd.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
}

function usdOfCents(total: bigint): string {
  return `${total / 100n}.${(total % 100n).toString().padStart(2, "0")}`;
}

/** A listed collectible's vault (`GET /v1/collectibles/{id}/vault`). */
export function renderCollectibleVault(state: CollectibleState, context: CollectibleContext): CollectibleVault {
  const { launch, listing } = state;
  const vaultCard = renderVaultCard(state, context);
  const cards = vaultCard ? [vaultCard] : [];
  const held = cards.filter((card) => card.stillHeld);
  const insured = held.flatMap((card) => (card.values.insured ? [card.values.insured] : []));
  const noFees = (mint: string, symbol: string, decimals: number, role: "token" | "wsol") => ({
    mint,
    symbol,
    decimals,
    role,
    collected: "0",
    seedResidue: "0",
    held: "0",
    valueUsdc: null,
    valueSource: null,
    valuedAt: null,
    spendable: false,
  });
  return {
    launch: launch.address,
    primaryMint: launch.mint,
    symbol: launch.symbol,
    name: launch.name,
    unnamed: launch.metadata === null,
    stage: state.stage,
    exists: cards.length > 0,
    custody: { account: listing.custody },
    cards,
    totals: {
      held: held.length,
      noLongerHeld: cards.length - held.length,
      insuredUsd: usdOfCents(insured.reduce((sum, value) => sum + cents(value.usd), 0n)),
      insuredKnown: insured.length,
      insuredOldestReadAt: insured.length === 0 ? null : Math.min(...insured.map((value) => value.readAt)),
      acquiredForUsdc: cards.reduce((sum, card) => sum + BigInt(card.values.acquiredFor.usdc), 0n).toString(),
      acquiredForKnown: cards.length,
    },
    fees: {
      assets: [
        noFees(launch.mint, launch.symbol, launch.decimals, "token"),
        noFees(NATIVE_MINT_ADDRESS, WRAPPED_SOL_LISTING.symbol, WRAPPED_SOL_LISTING.decimals, "wsol"),
      ],
      collectedValueUsdc: "0",
      lastClaimAt: null,
    },
    nextCard: { eligibleListings: null },
    feePurchase: { live: false },
    serverTime: unix(context.nowUnix),
  };
}
