import type { Address } from "@solana/kit";
import { COLLECTIBLE_STAGES, type CollectibleListedEvent, type CollectibleStage } from "../../programs/index.ts";
import type { CardListing } from "../../world/card-catalogue.ts";
import { type SyntheticChain, type SyntheticLaunch, randomAddress } from "./synthetic-chain.ts";

/** A card as the catalogue would list it, built by hand (the world's catalogue is not needed here). */
export function handMadeCard(index: number, cardMint: Address = randomAddress()): CardListing {
  return {
    index,
    cardMint,
    itemName: `Test Player ${index} Rookie`,
    grader: "PSA",
    grade: 1 + (index % 10),
    gradeLabel: `GRADE ${1 + (index % 10)}`,
    year: 1990 + index,
    set: "Test Set",
    serial: `#${index}`,
    certificate: `${10_000_000 + index}`,
    category: index % 2 ? "basketball" : "pokemon",
    standard: index % 2 ? "core" : "pnft",
    ratingId: `rating-${index}`,
    listedPriceUsdc: BigInt(1_000 + index) * 1_000_000n,
    insuredUsd: `${1_200 + index}.50`,
    dataSource: "Test Card Data",
    photos: {
      front: `/v1/media/card-${index}-front.svg`,
      back: `/v1/media/card-${index}-back.svg`,
      thumb: `/v1/media/card-${index}-thumb.svg`,
    },
  };
}

/** The numbers a synthetic crank step reports: invented, as a program would emit them, so tests can check they are copied. */
export interface SyntheticAccounting {
  readonly fundedLamports: bigint;
  readonly wsolIn: bigint;
  readonly usdcOut: bigint;
  readonly spentUsdc: bigint;
  readonly surplusUsdc: bigint;
  readonly swapPool: Address;
}

export interface SyntheticCollectible {
  readonly launch: SyntheticLaunch;
  readonly listing: CollectibleListedEvent;
  readonly accounting: SyntheticAccounting;
  /** The pool the migrate step opens. */
  readonly pool: Address;
  stage: CollectibleStage;
}

/** Creates a collectibles launch and lists `card` for it (the launch program's `list_card` event). */
export function listCollectible(chain: SyntheticChain, symbol: string, card: CardListing): SyntheticCollectible {
  const launch = chain.createLaunch(symbol, "collectibles");
  const listedPriceUsdc = card.listedPriceUsdc;
  const targetLamports = 10n * 1_000_000_000n + BigInt(symbol.length) * 7n;
  const poolLamports = targetLamports / 5n;
  const listing: CollectibleListedEvent = {
    kind: "collectibleListed",
    launch: launch.address,
    collectible: randomAddress(),
    cardMint: card.cardMint,
    seller: randomAddress(),
    sellerUsdc: randomAddress(),
    treasuryUsdc: randomAddress(),
    custody: randomAddress(),
    custodian: randomAddress(),
    listedPriceUsdc,
    targetLamports,
    poolLamports,
    standard: card.standard === "core" ? 1 : 0,
    unixTimestamp: chain.now().unixTimestamp,
  };
  chain.land([listing]);
  const fundedLamports = targetLamports + 12_345n;
  const wsolIn = fundedLamports - poolLamports;
  const usdcOut = listedPriceUsdc + 987_654n;
  return {
    launch,
    listing,
    accounting: {
      fundedLamports,
      wsolIn,
      usdcOut,
      spentUsdc: listedPriceUsdc,
      surplusUsdc: usdcOut - listedPriceUsdc,
      swapPool: randomAddress(),
    },
    pool: randomAddress(),
    stage: "raising",
  };
}

const ZERO = { fundedLamports: 0n, wsolIn: 0n, usdcOut: 0n, spentUsdc: 0n, surplusUsdc: 0n };

/**
 * Lands the events that move `collectible` one stage on, as the programs emit them: the
 * curve sold out with its status change (→ funding; the stage event follows in the same
 * transaction), the fund crank (status migrating, swapping), the swap, the acquisition,
 * and the migrate crank (pool, status graduated, tradable). Each event carries the
 * accounting reached so far and zeros for the steps not yet run.
 */
export function advance(chain: SyntheticChain, collectible: SyntheticCollectible): void {
  const { launch, accounting } = collectible;
  const next = COLLECTIBLE_STAGES[COLLECTIBLE_STAGES.indexOf(collectible.stage) + 1];
  if (!next) throw new Error("already tradable");
  chain.advanceSeconds(30);
  const at = chain.now().unixTimestamp;
  const stageEvent = (stage: CollectibleStage, figures: Partial<SyntheticAccounting>) => ({
    kind: "collectibleStage" as const,
    launch: launch.address,
    stage,
    unixTimestamp: at,
    ...ZERO,
    swapPool: "11111111111111111111111111111111" as Address,
    ...figures,
  });
  const funded = { fundedLamports: accounting.fundedLamports, wsolIn: accounting.wsolIn };
  const swapped = { ...funded, usdcOut: accounting.usdcOut, swapPool: accounting.swapPool };
  const acquired = { ...swapped, spentUsdc: accounting.spentUsdc, surplusUsdc: accounting.surplusUsdc };
  const status = (
    oldStatus: "activeBonding" | "graduationPending" | "migrating",
    newStatus: "graduationPending" | "migrating" | "graduated",
  ) => ({
    kind: "statusChanged" as const,
    launch: launch.address,
    oldStatus,
    newStatus,
    unixTimestamp: at,
  });
  switch (next) {
    case "funding": {
      const buyer = randomAddress();
      if (!chain.trade(launch, buyer, "buy", launch.curve.inventoryRemaining)) throw new Error("the curve refused the last buy");
      chain.land([status("activeBonding", "graduationPending"), stageEvent("funding", {})]);
      break;
    }
    case "swapping":
      chain.land([status("graduationPending", "migrating"), stageEvent("swapping", funded)]);
      break;
    case "acquiring":
      chain.land([stageEvent("acquiring", swapped)]);
      break;
    case "pooling":
      chain.land([stageEvent("pooling", acquired)]);
      break;
    case "tradable":
      chain.land([
        {
          kind: "migrationStep",
          launch: launch.address,
          index: 0,
          pool: collectible.pool,
          primaryAmount: 200_000_000n * 10n ** 6n,
          componentAmount: collectible.listing.poolLamports,
          poolCreatedBits: 1,
        },
        status("migrating", "graduated"),
        stageEvent("tradable", acquired),
      ]);
      break;
  }
  collectible.stage = next;
}

/** Advances `collectible` until it reaches `stage`. */
export function advanceTo(chain: SyntheticChain, collectible: SyntheticCollectible, stage: CollectibleStage): void {
  while (COLLECTIBLE_STAGES.indexOf(collectible.stage) < COLLECTIBLE_STAGES.indexOf(stage)) advance(chain, collectible);
}

/** The custodian releases the card (launch.c `release_card`). */
export function releaseCard(chain: SyntheticChain, collectible: SyntheticCollectible): void {
  chain.advanceSeconds(30);
  chain.land([
    {
      kind: "cardReleased",
      launch: collectible.launch.address,
      cardMint: collectible.listing.cardMint,
      destination: randomAddress(),
      unixTimestamp: chain.now().unixTimestamp,
    },
  ]);
}
