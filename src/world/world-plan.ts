import type { LaunchStatus } from "../programs/index.ts";
import type { ComponentListing } from "./component-catalog.ts";
import { launchDescription, launchName } from "./launch-names.ts";
import { launchImageFile, mediaUri } from "./media-library.ts";
import { seededInteger, seededOrder, seededUnit } from "./seeded-random.ts";

/** Off-chain metadata of a launch; the same shape as the indexer's `LaunchMetadata`. */
export interface LaunchMetadata {
  readonly description: string;
  readonly website: string | null;
  readonly x: string | null;
  readonly telegram: string | null;
  readonly category: string;
  readonly imageUri: string;
}

/** One launch of the plan: what it is, and when things happen to it (seconds into the history). */
export interface PlannedLaunch {
  readonly index: number;
  readonly creatorIndex: number;
  /** The creator's nth launch, from 1: the launch address's seed. */
  readonly creatorSeq: bigint;
  readonly symbol: string;
  readonly name: string;
  readonly metadata: LaunchMetadata;
  readonly components: readonly { readonly symbol: string; readonly targetBps: number }[];
  readonly dnaUnitLamportsE9: bigint;
  readonly feeBps: number;
  /** Where the launch stands when the history ends. */
  readonly status: LaunchStatus;
  /** Target share of the curve sold (activeBonding), 10000 for the others. */
  readonly progressBps: number;
  /** Pair pools created by the end of the history. */
  readonly migrationSteps: number;
  readonly createdAt: number;
  readonly tradesAt: readonly number[];
  readonly completedAt: number | null;
  readonly migrationsAt: readonly number[];
}

export interface WorldPlanOptions {
  readonly launchCount: number;
  readonly historySeconds: number;
  /** The components the world holds (a recipe draws only from these). */
  readonly components: readonly ComponentListing[];
}

/**
 * The launches of a seeded world, as pure data: recipes of 1–5 components with varied
 * weights, names with a few shared tickers, creators with several launches each, and a
 * timeline spread over the simulated past that leaves each launch in its planned status.
 * The plan never touches a chain, so a restarted simulator can recompute it cheaply.
 */
export function planWorld(seed: string, options: WorldPlanOptions): PlannedLaunch[] {
  const { launchCount, historySeconds, components } = options;
  if (components.length === 0) throw new RangeError("a world plan needs at least one component");
  const statuses = assignStatuses(seed, launchCount);
  const creatorCount = Math.max(4, Math.ceil(launchCount / 3));
  const creatorLaunches = new Map<number, bigint>();
  const launches: PlannedLaunch[] = [];
  for (let index = 0; index < launchCount; index++) {
    const status = statuses[index]!;
    const creatorIndex = seededInteger(seed, `creator:${index}`, 0, creatorCount - 1);
    const creatorSeq = (creatorLaunches.get(creatorIndex) ?? 0n) + 1n;
    creatorLaunches.set(creatorIndex, creatorSeq);
    const minComponents = status === "migrating" ? 2 : 1;
    const recipe = planRecipe(seed, index, components, minComponents);
    let { name, symbol } = launchName(seed, index);
    // Tickers are not unique (the specification says so): some launches copy an early one's.
    if (index >= 3 && (index % 9 === 4 || seededUnit(seed, `copycat:${index}`) < 0.06)) {
      symbol = launches[seededInteger(seed, `copycat-of:${index}`, 0, 2)]!.symbol;
    }
    const lead = components.find((listing) => listing.symbol === recipe[0]!.symbol)!;
    const category = recipe.length >= 4 ? "index" : lead.category;
    const description = launchDescription(
      seed,
      index,
      recipe.map((entry) => ({ name: components.find((c) => c.symbol === entry.symbol)!.name, targetBps: entry.targetBps })),
    );
    launches.push({
      index,
      creatorIndex,
      creatorSeq,
      symbol,
      name,
      metadata: {
        description,
        category,
        imageUri: mediaUri(launchImageFile(symbol, hex(seed, `image:${index}`, 6))),
        ...socials(seed, index, symbol),
      },
      components: recipe,
      dnaUnitLamportsE9: BigInt(Math.round(50 + 100 * seededUnit(seed, `dna-value:${index}`))) * 10_000_000n,
      feeBps: [100, 100, 100, 50, 150, 200][seededInteger(seed, `fee:${index}`, 0, 5)]!,
      ...planTimeline(seed, index, status, recipe.length, launchCount, historySeconds),
    });
  }
  return launches;
}

/** About 10% graduated, 7% migrating, 7% graduation pending, 13% near graduation, the rest bonding. */
function assignStatuses(seed: string, count: number): (LaunchStatus | "almost")[] {
  const share = (fraction: number) => (count >= 8 ? Math.max(1, Math.round(count * fraction)) : 0);
  const pool: (LaunchStatus | "almost")[] = [
    ...Array<LaunchStatus>(share(0.1)).fill("graduated"),
    ...Array<LaunchStatus>(share(0.07)).fill("migrating"),
    ...Array<LaunchStatus>(share(0.07)).fill("graduationPending"),
    ...Array<"almost">(share(0.13)).fill("almost"),
  ];
  while (pool.length < count) pool.push("activeBonding");
  // Hand the statuses out in a seeded order, so that any launch index may hold any status.
  const order = seededOrder(seed, [...Array(count).keys()], (index) => `status:${index}`);
  const statuses = Array<LaunchStatus | "almost">(count);
  order.forEach((launchIndex, i) => (statuses[launchIndex] = pool[i]!));
  return statuses;
}

function planRecipe(seed: string, index: number, components: readonly ComponentListing[], minimum: number) {
  const count = Math.min(components.length, Math.max(minimum, seededInteger(seed, `recipe-size:${index}`, 1, 5)));
  const lead = components[seededInteger(seed, `recipe-lead:${index}`, 0, components.length - 1)]!;
  // Components of the lead's category come first: recipes read as themes, not noise.
  const rest = components
    .filter((listing) => listing !== lead)
    .map((listing) => ({
      listing,
      key: (listing.category === lead.category ? 0 : 0.6) + seededUnit(seed, `recipe-pick:${index}:${listing.symbol}`),
    }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.listing);
  const chosen = [lead, ...rest.slice(0, count - 1)];
  // Whole percents, each at least 5%, the lead the heaviest: descriptions stay readable.
  const raw = chosen.map((_, i) => (i === 0 ? 3 : 1) + 3 * seededUnit(seed, `recipe-weight:${index}:${i}`));
  const spare = 100 - 5 * count;
  const total = raw.reduce((sum, value) => sum + value, 0);
  const percents = raw.map((value) => 5 + Math.floor((value / total) * spare));
  percents[0]! += 100 - percents.reduce((sum, value) => sum + value, 0);
  return chosen.map((listing, i) => ({ symbol: listing.symbol, targetBps: percents[i]! * 100 })).sort((a, b) => b.targetBps - a.targetBps);
}

function planTimeline(
  seed: string,
  index: number,
  status: LaunchStatus | "almost",
  componentCount: number,
  launchCount: number,
  history: number,
) {
  const label = (name: string) => `${name}:${index}`;
  // Creation times grow with the index: launch 0 is the oldest, the last one the newest.
  const createdAt = Math.floor(history * 0.85 * ((index + seededUnit(seed, label("created"))) / launchCount));
  const end = history - 60;
  const complete = status === "graduated" || status === "migrating" || status === "graduationPending";
  const completedAt = complete
    ? Math.floor(createdAt + 60 + (end - createdAt - 60) * (0.5 + 0.3 * seededUnit(seed, label("complete"))))
    : null;
  const migrationSteps =
    status === "graduated" ? componentCount : status === "migrating" ? seededInteger(seed, label("steps"), 1, componentCount - 1) : 0;
  const migrationsAt = Array.from({ length: migrationSteps }, (_, step) => completedAt! + 30 * (step + 1));
  let progressBps = 10_000;
  let tradeCount = 8 + seededInteger(seed, label("trades"), 0, 8);
  if (status === "almost") {
    progressBps = 7_000 + seededInteger(seed, label("progress"), 0, 2_800);
    tradeCount = 10 + seededInteger(seed, label("trades"), 0, 10);
  } else if (status === "activeBonding") {
    const fresh = seededUnit(seed, label("fresh")) < 0.12;
    progressBps = fresh ? 0 : Math.max(50, Math.floor(6_500 * seededUnit(seed, label("progress")) ** 1.5));
    tradeCount = fresh ? 0 : 2 + seededInteger(seed, label("trades"), 0, 9);
  }
  const tradesEnd = completedAt ?? end;
  const tradesAt = Array.from({ length: tradeCount }, (_, i) =>
    Math.floor(createdAt + 20 + (tradesEnd - createdAt - 20) * seededUnit(seed, `${label("trade-at")}:${i}`)),
  ).sort((a, b) => a - b);
  return {
    status: status === "almost" ? ("activeBonding" as const) : status,
    progressBps,
    migrationSteps,
    createdAt,
    tradesAt,
    completedAt,
    migrationsAt,
  };
}

function socials(seed: string, index: number, symbol: string) {
  const handle = symbol.toLowerCase();
  return {
    website: seededUnit(seed, `website:${index}`) < 0.7 ? `https://${handle}-${hex(seed, `site:${index}`, 4)}.example` : null,
    x: seededUnit(seed, `x:${index}`) < 0.6 ? `https://x.com/${handle}${index}` : null,
    telegram: seededUnit(seed, `telegram:${index}`) < 0.4 ? `https://t.me/${handle}_chat${index}` : null,
  };
}

function hex(seed: string, label: string, digits: number): string {
  return seededInteger(seed, label, 0, 16 ** digits - 1)
    .toString(16)
    .padStart(digits, "0");
}
