import { generateKeyPairSigner } from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { U64_MAX, defaultCurveParameters } from "../../economics/index.ts";
import { type LaunchedLaunch, buyExactOut, launch, trader } from "../../world/__tests__/world-fixture.ts";
import type { ReadModel } from "../read-model.ts";
import { type IndexedWorld, MEDIA_BASE_URL, startIndexedWorld } from "./indexed-world.ts";
import { SyntheticChain, randomAddress } from "./synthetic-chain.ts";

let indexed: IndexedWorld;
let model: ReadModel;
let first: LaunchedLaunch;
let twin: LaunchedLaunch;
let other: LaunchedLaunch;

beforeAll(async () => {
  indexed = await startIndexedWorld("indexer-lookup", 3);
  ({ model } = indexed);
  const { world, creator } = indexed;
  first = await launch(world, creator, { seed: 1n, symbol: "TWIN", name: "First twin" });
  other = await launch(world, creator, { seed: 2n, symbol: "PLAIN", name: "Twin peaks basket" });
  indexed.devnet.advanceSeconds(5);
  twin = await launch(world, creator, { seed: 3n, symbol: "TWIN", name: "Second twin" });
  const wallet = await trader(world, first, 10n ** 15n);
  await buyExactOut(world, wallet, first, 10n ** 12n, U64_MAX);
});

describe("looking a launch up", () => {
  it("by launch address, by primary mint, and by ticker (case-insensitive; the newest launch holding it)", () => {
    expect(model.getLaunch(first.accounts.launch)?.address).toBe(first.accounts.launch);
    expect(model.getLaunch(first.accounts.mint)?.address).toBe(first.accounts.launch);
    expect(model.getLaunch("TWIN")?.address).toBe(twin.accounts.launch);
    expect(model.getLaunch("twin")?.address).toBe(twin.accounts.launch);
    expect(model.getLaunch("plain")?.address).toBe(other.accounts.launch);
    expect(model.getLaunch("NOPE")).toBeNull();
    expect(model.getLaunch(randomAddress())).toBeNull();
  });

  it("search: an exact address or mint gives that launch; text ranks exact ticker, ticker prefix, name prefix, then any match, newest first", () => {
    expect(model.search(first.accounts.mint, "all").map((row) => row.address)).toEqual([first.accounts.launch]);
    expect(model.search(other.accounts.launch, "all").map((row) => row.address)).toEqual([other.accounts.launch]);
    expect(model.search("twin", "all").map((row) => row.address)).toEqual([
      twin.accounts.launch,
      first.accounts.launch,
      other.accounts.launch,
    ]);
    expect(model.search("tw", "all").map((row) => row.symbol)).toEqual(["TWIN", "TWIN", "PLAIN"]);
    expect(model.search("peaks", "all").map((row) => row.symbol)).toEqual(["PLAIN"]);
    expect(model.search("", "all")).toEqual([]);
    expect(model.search("   ", "all")).toEqual([]);
    expect(model.search("twin", "collectibles")).toEqual([]);
  });

  it("createdBy lists a wallet's launches newest first; an unknown wallet has none", async () => {
    const created = model.createdBy(indexed.creator.address);
    expect(created.map((row) => row.address)).toEqual([twin, other, first].map((l) => l.accounts.launch));
    expect(created[2]).toMatchObject({ symbol: "TWIN", status: "activeBonding", progressBps: 12 }); // 10^12 of 7.931·10^14
    expect(model.createdBy((await generateKeyPairSigner()).address)).toEqual([]);
  });

  it("tokenListing names components and launch tokens, nothing else", () => {
    const component = indexed.world.components[1]!;
    expect(model.tokenListing(component.mint)).toEqual({
      mint: component.mint,
      symbol: component.listing.symbol,
      name: component.listing.name,
      decimals: component.listing.decimals,
      logoUri: `${MEDIA_BASE_URL}/v1/media/token-${component.listing.symbol}.svg`,
      category: component.listing.category,
    });
    expect(model.tokenListing(first.accounts.mint)).toMatchObject({ symbol: "TWIN", name: "First twin", decimals: 6 });
    expect(model.tokenListing(first.accounts.launch)).toBeNull();
  });

  it("setMetadata for an unknown launch is ignored", () => {
    model.setMetadata(randomAddress(), { description: "x", website: null, x: null, telegram: null, category: "c", imageUri: "" });
    expect(model.listLaunches({ mode: "legacy", limit: 100, kind: "all" }).launches).toHaveLength(3);
  });
});

describe("the curated lists", () => {
  const chain = new SyntheticChain();
  const inventory = defaultCurveParameters.curveInventory;
  const traderAddress = randomAddress();
  // 30 launches: the i-th bought to (40 + 2i)% of its inventory, so 15 are at 70% or more.
  for (let i = 0; i < 30; i++) {
    const created = chain.createLaunch(`ALMOST${i}`, i % 5 === 0 ? "collectibles" : "pairs");
    chain.trade(created, traderAddress, "buy", (inventory * BigInt(40 + 2 * i)) / 100n);
    for (let k = 0; k < i % 4; k++) chain.trade(created, traderAddress, "buy", 10n ** 9n);
  }
  const extra = Array.from({ length: 12 }, (_, i) => chain.createLaunch(`LATE${i}`));
  for (const created of extra) chain.trade(created, traderAddress, "buy", (inventory * 90n) / 100n);

  it("almost-paired: at most 24, on the curve at ≥ 7000 bps, highest first, kind-filtered", () => {
    const rows = chain.model.almostPaired("all");
    expect(rows).toHaveLength(24);
    expect(rows.every((row) => row.status === "activeBonding" && row.progressBps >= 7_000)).toBe(true);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.progressBps).toBeGreaterThanOrEqual(rows[i]!.progressBps);
    expect(chain.model.almostPaired("collectibles").every((row) => row.kind === "collectibles")).toBe(true);
    expect(chain.model.almostPaired("collectibles").length).toBe(3);
  });

  it("trending: at most 24, most trades in the last 24 hours first", () => {
    const rows = chain.model.trending("all");
    expect(rows).toHaveLength(24);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.trades24).toBeGreaterThanOrEqual(rows[i]!.trades24);
    expect(rows[0]!.trades24).toBe(4);
  });

  it("search returns at most 20 rows", () => {
    expect(chain.model.search("almost", "all")).toHaveLength(20);
    expect(chain.model.search("ALMOST1", "all")[0]!.symbol).toBe("ALMOST1");
  });
});

describe("ingest", () => {
  it("folds a transaction delivered twice once, and announces nothing the second time", () => {
    const chain = new SyntheticChain();
    const launched = chain.createLaunch("ONCE");
    const delivered: Parameters<ReadModel["ingest"]>[0][] = [];
    const ingest = chain.model.ingest.bind(chain.model);
    chain.model.ingest = (transaction) => (delivered.push(transaction), ingest(transaction));
    chain.trade(launched, randomAddress(), "buy", 10n ** 12n);
    expect(delivered).toHaveLength(1);
    const announced: unknown[] = [];
    chain.model.onChange((changes) => announced.push(...changes));
    expect(ingest(delivered[0]!)).toEqual([]);
    expect(announced).toEqual([]);
    expect(chain.model.getLaunch("ONCE")).toMatchObject({ trades24: 1, holders: 1 });
  });
});
