import { componentPriceSol, generatedLaunchImage, renderComponents } from "./component-renderer.ts";
import {
  change24Of,
  dnaToUsd,
  initialPriceE12,
  lamportsToUsd,
  launchTokensToUsd,
  priceSolOf,
  progressBpsOf,
  spotPriceE12,
  tradePriceE12,
} from "./launch-figures.ts";
import { launchPricing } from "./launch-pricing.ts";
import type { LaunchState } from "./launch-state.ts";
import { isoOf, ratioToNumber } from "./number-format.ts";
import type { ReadContext } from "./read-context.ts";
import type { LaunchRow, ShortLaunchRow } from "./records/index.ts";
import { WINDOW_SECONDS } from "./rolling-window.ts";

const E18 = 10n ** 18n;

/** The launch's image URL: its off-chain image, else its on-chain uri, else a generated one. */
export function imageUriOf(launch: LaunchState, context: ReadContext): string {
  return context.mediaUrl(launch.metadata?.imageUri || launch.uri || generatedLaunchImage(launch.symbol, launch.address));
}

/** The off-chain category, else the catalogue category of the recipe's heaviest component. */
export function categoryOf(launch: LaunchState, context: ReadContext): string {
  if (launch.metadata?.category) return launch.metadata.category;
  const heaviest = launch.components.reduce((best, component) => (component.targetBps > best.targetBps ? component : best));
  return context.listing(heaviest.mint)?.category ?? "basket";
}

/** Twice the component value in the pair pools, or the curve's real DNA while the curve holds it; null when unpriced. */
export function liquidityUsdOf(launch: LaunchState, lamportsE9: bigint | null, context: ReadContext): number | null {
  const pools = launch.createdPairPools;
  if (pools.length === 0) {
    if (lamportsE9 === null) return null;
    return launch.curveReserveReleased ? 0 : dnaToUsd(launch.realDna, lamportsE9, context.solUsd);
  }
  let total = 0;
  for (const pool of pools) {
    const price = context.book.price(pool.mint);
    if (!price) return null;
    total += 2 * ratioToNumber(pool.componentReserve * price.lamportsReserve, price.componentReserve * 1_000_000_000n);
  }
  return total * context.solUsd;
}

/** The price 24 hours ago in USD; null for a launch younger than that or when unpriced. */
function priceAt24hAgoUsd(launch: LaunchState, lamportsE9: bigint | null, context: ReadContext): number | null {
  const then = context.nowUnix - BigInt(WINDOW_SECONDS);
  if (lamportsE9 === null || launch.createdAt > then) return null;
  const last = launch.tape.firstAfter(Number(then)) - 1;
  const price = last >= 0 ? tradePriceE12(launch, launch.tape, last) : initialPriceE12(launch);
  return priceSolOf(price, lamportsE9) * context.solUsd;
}

/** The remaining inventory's cost at once from the current reserves (fee excluded). */
function remainingCost(launch: LaunchState): bigint {
  const remaining = launch.inventoryRemaining;
  if (remaining === 0n || launch.virtualPrimary <= remaining) return 0n;
  const denominator = launch.virtualPrimary - remaining;
  return (remaining * launch.virtualDna + denominator - 1n) / denominator;
}

/** The curve's DNA raise by completion: the whole inventory's cost from the initial reserves. */
export function graduationBoundaryOf(launch: LaunchState): bigint {
  const denominator = launch.initialVirtualPrimary - launch.curveInventory;
  if (denominator <= 0n) return 0n;
  return (launch.curveInventory * launch.initialVirtualDna + denominator - 1n) / denominator;
}

/** The launch as a Launch row (every field of the specification). */
export function renderLaunchRow(launch: LaunchState, context: ReadContext): LaunchRow {
  const { solUsd, nowUnix, book } = context;
  const pricing = launchPricing(launch, book);
  const lamportsE9 = pricing.dnaUnitLamportsE9;
  const priceE12 = spotPriceE12(launch);
  const priceSol = priceSolOf(priceE12, lamportsE9);
  const tokensUsd = (baseUnits: bigint) => launchTokensToUsd(launch, baseUnits, priceE12, lamportsE9, solUsd);
  const locked = launch.lockedReserve;
  const circulating = launch.totalSupply - launch.inventoryRemaining - locked;
  const window = launch.window.advance(launch.tape, Number(nowUnix));
  const change = change24Of(launch, nowUnix);
  const liquidityUsd = liquidityUsdOf(launch, lamportsE9, context);
  const creatorUsd = dnaToUsd(launch.creatorFeeDna, lamportsE9, solUsd);
  const pools = launch.createdPairPools;
  const tape = launch.tape;
  const migrating = launch.migrationStartedAt !== null;
  return {
    address: launch.address,
    primaryMint: launch.mint,
    creator: launch.creator,
    symbol: launch.symbol,
    name: launch.name,
    description: launch.metadata?.description ?? "",
    imageUri: imageUriOf(launch, context),
    status: launch.status,
    socials: {
      website: launch.metadata?.website ?? null,
      x: launch.metadata?.x ?? null,
      telegram: launch.metadata?.telegram ?? null,
    },
    category: categoryOf(launch, context),
    components: renderComponents(launch, pricing, context),
    primaryDecimals: launch.decimals,
    totalSupply: launch.totalSupply.toString(),
    curveInventoryInitial: launch.curveInventory.toString(),
    curveInventoryRemaining: launch.inventoryRemaining.toString(),
    migrationInventory: launch.migrationInventory.toString(),
    feeBps: launch.feeBps,
    creatorFeeShareBps: launch.creatorFeeShareBps,
    virtualPrimaryReserve: launch.virtualPrimary.toString(),
    virtualDnaReserve: launch.virtualDna.toString(),
    graduationBoundary: graduationBoundaryOf(launch).toString(),
    progressBps: progressBpsOf(launch),
    priceE12: priceE12.toString(),
    volume24h: window.volumePrimary.toString(),
    volume24hUnit: "primaryBaseUnits",
    priceUsd: priceSol * solUsd,
    fdv: tokensUsd(launch.totalSupply),
    marketCap: tokensUsd(launch.totalSupply),
    supplyBasis: "totalSupply",
    circulatingSupply: circulating.toString(),
    circulatingMarketCapUsd: tokensUsd(circulating),
    supplyModel: 0,
    lockedReserve: locked.toString(),
    volume24hUsd: lamportsToUsd(window.buyLamports + window.sellLamports, solUsd),
    buyVolume24hUsd: lamportsToUsd(window.buyLamports, solUsd),
    sellVolume24hUsd: lamportsToUsd(window.sellLamports, solUsd),
    liquidityUsd,
    liquidityAt: liquidityUsd === null ? null : Number(book.sampledAt),
    curveDepth: {
      quoteCommittedUsd: dnaToUsd(launch.realDna, lamportsE9, solUsd),
      inventoryRemainingUsd: dnaToUsd(remainingCost(launch), lamportsE9, solUsd),
    },
    creatorFeesUsd: creatorUsd,
    creatorCurveEarningsUsd: creatorUsd,
    creatorPoolEarningsUsd: pools.length === 0 ? null : 0,
    curveFeesComplete: launch.status !== "activeBonding",
    solUsd,
    trades24: window.trades,
    buys24: window.buys,
    sells24: window.sells,
    lastTradeAt: tape.length > 0 ? tape.unixAt(tape.length - 1) : Number(launch.createdAt),
    change24Bps: change.bps,
    change24Baseline: "firstTradeInWindow",
    change24BaselineAt: change.baselineAt,
    priceAt24hAgoUsd: priceAt24hAgoUsd(launch, lamportsE9, context),
    ageSeconds: Math.max(0, Number(nowUnix - launch.createdAt)),
    holders: launch.holders.holders,
    netBuyerCount: launch.holders.netBuyers,
    createdAt: isoOf(launch.createdAt),
    activatedAt: isoOf(launch.createdAt),
    migration: migrating
      ? {
          startedAt: isoOf(launch.migrationStartedAt ?? launch.createdAt),
          finalizedAt: launch.migrationFinalizedAt === null ? null : isoOf(launch.migrationFinalizedAt),
          poolCreatedBits: launch.poolCreatedBits,
          pools: pools.map((pool) => ({ mint: pool.mint, pool: pool.pool })),
        }
      : null,
    dnaUnitSol: pricing.dnaUnitSol,
    priceSol,
    recipeTarget: {
      pricedAt: isoOf(book.sampledAt),
      components: launch.components.map((component, i) => ({
        mint: component.mint,
        priceSol: componentPriceSol(pricing, i, component.decimals),
        quantity: component.quantity.toString(),
        targetBps: component.targetBps,
        realisedBps: pricing.realisedBps?.[i] ?? component.targetBps,
      })),
      dnaUnitSol: pricing.dnaUnitSol ?? 0,
      requestedDnaUnitSol: ratioToNumber(launch.requestedDnaUnitLamportsE9, E18),
    },
    kind: launch.kind,
    pairable: launch.graduated,
    pairBlock: launch.status === "activeBonding" ? "onCurve" : launch.graduated ? "none" : "migrating",
    pairFigures: migrating
      ? {
          pools: pools.map((pool) => ({
            mint: pool.mint,
            pool: pool.pool,
            primaryReserve: pool.primaryReserve.toString(),
            componentReserve: pool.componentReserve.toString(),
          })),
        }
      : null,
  };
}

/** The launch as a short row (`GET /v1/wallets/{wallet}/created`). */
export function renderShortLaunchRow(launch: LaunchState, context: ReadContext): ShortLaunchRow {
  return {
    address: launch.address,
    symbol: launch.symbol,
    name: launch.name,
    imageUri: imageUriOf(launch, context),
    status: launch.status,
    progressBps: progressBpsOf(launch),
    createdAt: isoOf(launch.createdAt),
  };
}
