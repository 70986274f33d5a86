import { generateKeyPairSigner } from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { U64_MAX } from "../../economics/index.ts";
import { buyExactOut, launch, migrate, sell, sellOut, trader } from "../../world/__tests__/world-fixture.ts";
import { LaunchRowSchema } from "../records/index.ts";
import type { ReadModel } from "../read-model.ts";
import { type IndexedWorld, MEDIA_BASE_URL, SOL, recordValidator, startIndexedWorld } from "./indexed-world.ts";

/** Every field of the specification's Launch row, as its table lists them. */
const SPEC_LAUNCH_ROW_FIELDS = `address primaryMint creator symbol name description imageUri status socials category
  components primaryDecimals totalSupply curveInventoryInitial curveInventoryRemaining migrationInventory feeBps
  creatorFeeShareBps virtualPrimaryReserve virtualDnaReserve graduationBoundary progressBps priceE12 volume24h
  volume24hUnit priceUsd fdv marketCap supplyBasis circulatingSupply circulatingMarketCapUsd supplyModel lockedReserve
  volume24hUsd buyVolume24hUsd sellVolume24hUsd liquidityUsd liquidityAt curveDepth creatorFeesUsd
  creatorCurveEarningsUsd creatorPoolEarningsUsd curveFeesComplete solUsd trades24 buys24 sells24 lastTradeAt
  change24Bps change24Baseline change24BaselineAt priceAt24hAgoUsd ageSeconds holders netBuyerCount createdAt
  activatedAt migration dnaUnitSol priceSol recipeTarget kind pairable pairBlock pairFigures`.split(/\s+/);

let indexed: IndexedWorld;
let model: ReadModel;
const validate = recordValidator();
const addresses: string[] = [];

beforeAll(async () => {
  indexed = await startIndexedWorld("indexer-records", 5);
  ({ model } = indexed);
  const { world, devnet, creator } = indexed;
  const keeper = await generateKeyPairSigner();
  devnet.airdrop(keeper.address, 10n * SOL);
  // Graduated, migrating, on the curve with trades (two sharing a ticker), a collectible, a launch without trades.
  const graduated = await launch(world, creator, { seed: 1n, symbol: "GRAD" });
  await sellOut(world, graduated);
  for (const index of [0, 1, 2]) await migrate(world, keeper, graduated, index);
  const migrating = await launch(world, creator, { seed: 2n, symbol: "MIGR", count: 2 });
  await sellOut(world, migrating);
  await migrate(world, keeper, migrating, 1);
  const bonding = await launch(world, creator, { seed: 3n, symbol: "BOND", count: 5, uri: "/v1/media/launch-BOND-abcdef.svg" });
  const twin = await launch(world, creator, { seed: 4n, symbol: "BOND", count: 1 });
  const collectible = await launch(world, creator, { seed: 5n, symbol: "CARD", kind: "collectibles", count: 1 });
  const quiet = await launch(world, creator, { seed: 6n, symbol: "QUIET", count: 2, uri: "" });
  model.setMetadata(bonding.accounts.launch, {
    description: "A basket of five",
    website: "https://bond.example",
    x: null,
    telegram: "bondbasket",
    category: "index",
    imageUri: "/v1/media/launch-BOND-123456.svg",
  });
  for (const target of [bonding, twin, collectible]) {
    const wallet = await trader(world, target, 10n ** 15n);
    for (let i = 1n; i <= 4n; i++) {
      await buyExactOut(world, wallet, target, i * 10n ** 12n, U64_MAX);
      devnet.advanceSeconds(90);
    }
    await sell(world, wallet, target, 10n ** 12n, 0n);
  }
  devnet.advanceSeconds(25 * 3600);
  await buyExactOut(world, await trader(world, bonding, 10n ** 15n), bonding, 10n ** 12n, U64_MAX);
  model.samplePrices();
  addresses.push(...[graduated, migrating, bonding, twin, collectible, quiet].map((l) => l.accounts.launch));
});

describe("records validate against their TypeBox schemas (ajv 2020)", () => {
  it("the Launch row schema holds every field of the specification's Launch row, and no other", () => {
    expect(Object.keys(LaunchRowSchema.properties).sort()).toEqual([...SPEC_LAUNCH_ROW_FIELDS].sort());
    expect(LaunchRowSchema.required?.length).toBe(SPEC_LAUNCH_ROW_FIELDS.length);
  });

  it("launch rows in every status, from every list route", () => {
    const rows = [
      ...model.listLaunches({ mode: "legacy", limit: 100, kind: "all" }).launches,
      ...model.listLaunches({ mode: "paged", limit: 100, kind: "all", tab: "trending" }).launches,
      ...model.trending("all"),
      ...model.almostPaired("all"),
      ...model.search("BOND", "all"),
      ...addresses.map((address) => model.getLaunch(address)),
    ];
    for (const row of rows) expect(validate("LaunchRow", row)).toBeNull();
    const statuses = new Set(rows.map((row) => row?.status));
    expect([...statuses].sort()).toEqual(["activeBonding", "graduated", "migrating"]);
    expect(new Set(rows.map((row) => row?.kind))).toEqual(new Set(["pairs", "collectibles"]));
  });

  it("off-chain metadata and media paths are carried through, prefixed with the media base URL", () => {
    const bond = model.getLaunch(addresses[2]!)!;
    expect(bond).toMatchObject({
      description: "A basket of five",
      socials: { website: "https://bond.example", x: null, telegram: "bondbasket" },
      category: "index",
      imageUri: `${MEDIA_BASE_URL}/v1/media/launch-BOND-123456.svg`,
    });
    expect(bond.components.every((component) => component.logoUri.startsWith(`${MEDIA_BASE_URL}/v1/media/token-`))).toBe(true);
    const quiet = model.getLaunch(addresses[5]!)!;
    expect(quiet.imageUri).toMatch(new RegExp(`^${MEDIA_BASE_URL}/v1/media/launch-QUIET-[0-9a-f]{6}\\.svg$`));
    expect(quiet).toMatchObject({ trades24: 0, change24Bps: 0, holders: 0, volume24h: "0", description: "" });
  });

  it("short rows, trade records, live trades, candles, assets", () => {
    for (const short of model.createdBy(indexed.creator.address)) expect(validate("ShortLaunchRow", short)).toBeNull();
    for (const address of addresses) {
      const page = model.trades(address, { limit: 200 })!;
      for (const trade of page.trades) expect(validate("TradeRecord", trade)).toBeNull();
      const chart = model.chart(address, { bucket: 60, limit: 1000 })!;
      for (const candle of chart.candles) expect(validate("Candle", candle)).toBeNull();
    }
    const live = model.liveTrades();
    expect(live).toHaveLength(12);
    for (const trade of live) expect(validate("LiveTradeRecord", trade)).toBeNull();
    expect(validate("AssetsResponse", model.assets())).toBeNull();
  });

  it("wallet balances built from tokenListing validate, for a component, a launch token and an unknown mint", () => {
    const mints = [indexed.world.components[0]!.mint, model.getLaunch(addresses[2]!)!.primaryMint, addresses[0]!];
    const tokens = mints.map((mint) => {
      const listing = model.tokenListing(mint);
      return {
        mint,
        amount: "12345",
        decimals: listing?.decimals ?? 0,
        symbol: listing?.symbol ?? "",
        name: listing?.name ?? "",
        logoUri: listing?.logoUri ?? "",
        known: listing !== null,
      };
    });
    expect(tokens.map((token) => token.known)).toEqual([true, true, false]);
    expect(validate("WalletBalances", { solLamports: "1000", feeReserveLamports: "5000", tokens })).toBeNull();
  });

  it("a record with a missing field, an extra field or a malformed amount is refused", () => {
    const row = model.getLaunch(addresses[2]!)!;
    const { priceE12: _dropped, ...missing } = row;
    expect(validate("LaunchRow", missing)).not.toBeNull();
    expect(validate("LaunchRow", { ...row, extra: 1 })).not.toBeNull();
    expect(validate("LaunchRow", { ...row, totalSupply: "01" })).not.toBeNull();
  });
});
