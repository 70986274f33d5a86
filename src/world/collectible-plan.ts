import { COLLECTIBLE_STAGES, type CollectibleStage } from "../programs/index.ts";
import type { CardListing } from "./card-catalogue.ts";
import { CARD_TEMPLATES } from "./card-templates.ts";
import { seededInteger, seededUnit } from "./seeded-random.ts";
import type { LaunchMetadata } from "./world-plan.ts";

/** The least collectibles a world holds: three tradable, one raising, one in each acquisition stage. */
export const MIN_COLLECTIBLES = 8;
/** The share of the raise kept to seed the token↔wSOL pool (20 %). */
export const POOL_SHARE_BPS = 2_000n;
/** How far the card's share of the raise exceeds the listed price at listing (8 %). */
export const LISTING_BUFFER_BPS = 800n;
/** Seconds between a collectible's crank steps in the history. */
const CRANK_SPACING_SECONDS = 30;
/** The shortest history collectibles fit in: a raise, four crank steps and a release, each a while apart. */
export const MIN_COLLECTIBLE_HISTORY_SECONDS = 600;

/**
 * Collectibles of a world of `launchCount` basket launches: none in the tiny worlds tests
 * build for other purposes (under 8 launches, or a history under ten minutes), otherwise 8 plus one for every 30 launches
 * (10 in the default world of 60), at most one per catalogue card.
 */
export function defaultCollectibleCount(launchCount: number, historySeconds = MIN_COLLECTIBLE_HISTORY_SECONDS): number {
  return launchCount < MIN_COLLECTIBLES || historySeconds < MIN_COLLECTIBLE_HISTORY_SECONDS
    ? 0
    : Math.min(CARD_TEMPLATES.length, MIN_COLLECTIBLES + Math.floor(launchCount / 30));
}

/** One collectible of the plan: its card, and when things happen to it (seconds into the history). */
export interface PlannedCollectible {
  /** Position among the world's collectibles (and of its card in the catalogue). */
  readonly index: number;
  /** The history trader's label space: apart from the basket launches' indexes. */
  readonly historyIndex: number;
  readonly card: CardListing;
  /** The issuer's nth collectible, from 1: the launch address's seed. */
  readonly creatorSeq: bigint;
  readonly symbol: string;
  readonly name: string;
  readonly metadata: LaunchMetadata;
  readonly feeBps: number;
  /** Where the collectible stands when the history ends. */
  readonly stage: CollectibleStage;
  /** Target share of the curve sold while raising; 10000 once past it. */
  readonly progressBps: number;
  readonly createdAt: number;
  readonly tradesAt: readonly number[];
  readonly completedAt: number | null;
  /** The crank steps run (fund, swap, acquire, migrate: as many as `stage` needs). */
  readonly cranksAt: readonly number[];
  /** When the custodian released the card (one tradable exhibit of a world of 10 or more), or null. */
  readonly releasedAt: number | null;
  /** No pair pool migration: the history trader's shape for a launch without one. */
  readonly migrationsAt: readonly number[];
}

/**
 * The collectibles of a seeded world as pure data: the first `count` catalogue cards, each
 * left by the history in a stage so every stage is present (at least three tradable, one
 * raising, one in each acquisition stage; further ones alternate raising and tradable).
 */
export function planCollectibles(
  seed: string,
  options: { count: number; historySeconds: number; catalogue: readonly CardListing[]; historyIndexBase: number },
): PlannedCollectible[] {
  const { count, catalogue } = options;
  if (count === 0) return [];
  if (count < MIN_COLLECTIBLES) throw new RangeError(`a world holds 0 or at least ${MIN_COLLECTIBLES} collectibles, got ${count}`);
  if (options.historySeconds < MIN_COLLECTIBLE_HISTORY_SECONDS) {
    throw new RangeError(`collectibles need a history of at least ${MIN_COLLECTIBLE_HISTORY_SECONDS} s, got ${options.historySeconds}`);
  }
  if (count > catalogue.length) throw new RangeError(`the catalogue has ${catalogue.length} cards, fewer than ${count} collectibles`);
  const pool: CollectibleStage[] = ["tradable", "tradable", "tradable", "raising", "funding", "swapping", "acquiring", "pooling"];
  while (pool.length < count) pool.push(pool.length % 2 === 0 ? "raising" : "tradable");
  // Stages handed out in a seeded order, so any card may stand at any stage.
  const order = [...Array(count).keys()].sort(
    (a, b) => seededUnit(seed, `collectible-stage:${a}`) - seededUnit(seed, `collectible-stage:${b}`),
  );
  const stages = Array<CollectibleStage>(count);
  order.forEach((collectible, i) => (stages[collectible] = pool[i]!));
  // The oldest tradable one is redeemed in a world of 10 or more: a vault with a card no longer held.
  const released = count >= 10 ? stages.indexOf("tradable") : -1;
  return stages.map((stage, index) => plan(seed, index, stage, index === released, options));
}

function plan(
  seed: string,
  index: number,
  stage: CollectibleStage,
  released: boolean,
  options: { count: number; historySeconds: number; catalogue: readonly CardListing[]; historyIndexBase: number },
): PlannedCollectible {
  const { count, historySeconds: history } = options;
  const card = options.catalogue[index]!;
  const label = (name: string) => `collectible:${index}:${name}`;
  const steps = COLLECTIBLE_STAGES.indexOf(stage);
  const end = history - 60;
  // Room after completion for the crank steps and a release, all inside the history.
  const tail = CRANK_SPACING_SECONDS * 6;
  const createdAt = Math.floor((end - tail - 120) * 0.8 * ((index + seededUnit(seed, label("created"))) / count));
  const completedAt =
    steps === 0 ? null : Math.floor(createdAt + 60 + (end - tail - createdAt - 60) * (0.4 + 0.5 * seededUnit(seed, label("complete"))));
  const cranksAt = Array.from({ length: Math.max(0, steps - 1) }, (_, step) => completedAt! + CRANK_SPACING_SECONDS * (step + 1));
  const progressBps = steps === 0 ? 1_500 + seededInteger(seed, label("progress"), 0, 7_000) : 10_000;
  const tradeCount = 4 + seededInteger(seed, label("trades"), 0, 6);
  const tradesEnd = completedAt ?? end;
  const tradesAt = Array.from({ length: tradeCount }, (_, i) =>
    Math.floor(createdAt + 20 + (tradesEnd - createdAt - 20) * seededUnit(seed, `${label("trade-at")}:${i}`)),
  ).sort((a, b) => a - b);
  const symbol = collectibleSymbol(card);
  return {
    index,
    historyIndex: options.historyIndexBase + index,
    card,
    creatorSeq: BigInt(index + 1),
    symbol,
    name: `${card.itemName} ${card.grader} ${card.grade}`,
    metadata: {
      description: `A ${card.grader} ${card.grade} (${card.gradeLabel}) ${card.year} ${card.set} ${card.itemName}, ${card.serial}, certificate ${card.certificate}: the launch raises SOL to buy the card into its vault, then its token trades on a pool against SOL.`,
      category: "collectibles",
      imageUri: card.photos.front,
      website: null,
      x: null,
      telegram: null,
    },
    feeBps: 100,
    stage,
    progressBps,
    createdAt,
    tradesAt,
    completedAt,
    cranksAt,
    releasedAt: released ? cranksAt.at(-1)! + CRANK_SPACING_SECONDS : null,
    migrationsAt: [],
  };
}

/** A ticker for a card: its name's last word (not a "Holo" or "Jr."), at most 7 letters, and the grade. */
function collectibleSymbol(card: CardListing): string {
  const words = card.itemName
    .split(/\s+/)
    .map((word) =>
      word
        .normalize("NFD")
        .replace(/[^A-Za-z]/g, "")
        .toUpperCase(),
    )
    .filter((word) => word.length > 0 && word !== "HOLO" && word !== "JR");
  return `${(words.at(-1) ?? "CARD").slice(0, 7)}${card.grade}`;
}
