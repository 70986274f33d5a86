import { type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { U64_MAX } from "../../economics/index.ts";
import {
  type LaunchedLaunch,
  WHALE_COMPONENTS,
  buyExactOut,
  launch,
  migrate,
  readCurve,
  sell,
  sellOut,
} from "../../world/__tests__/world-fixture.ts";
import type { LaunchListQuery, ReadModel } from "../read-model.ts";
import { parseLaunchCursor } from "../read-model.ts";
import type { LaunchRow } from "../records/index.ts";
import { type IndexedWorld, SOL, startIndexedWorld } from "./indexed-world.ts";

type Paged = Extract<LaunchListQuery, { mode: "paged" }>;

let indexed: IndexedWorld;
let model: ReadModel;
let creators: KeyPairSigner[];
/** Launch addresses in creation order. */
const created: string[] = [];
const launches: LaunchedLaunch[] = [];
let whale: KeyPairSigner;

const SYMBOLS = ["ALPHA", "BETA", "GAMMA", "DELTA", "EPS", "ZETA", "ETA", "THETA", "IOTA", "KAPPA", "LAMBDA", "MU", "NU", "XI", "OMI"];

beforeAll(async () => {
  indexed = await startIndexedWorld("indexer-paging", 5);
  ({ model } = indexed);
  const { world, devnet } = indexed;
  creators = [indexed.creator, await generateKeyPairSigner(), await generateKeyPairSigner()];
  for (const creator of creators) devnet.airdrop(creator.address, 100n * SOL);
  whale = await generateKeyPairSigner();
  await world.fund(whale.address, {
    lamports: 100n * SOL,
    components: world.components.map((c) => ({ mint: c.mint, amount: WHALE_COMPONENTS })),
  });
  const keeper = indexed.creator;
  for (const [i, symbol] of SYMBOLS.entries()) {
    const launched = await launch(world, creators[i % 3]!, {
      seed: BigInt(i + 1),
      symbol,
      count: 1 + (i % 5),
      kind: i % 4 === 3 ? "collectibles" : "pairs",
    });
    launches.push(launched);
    created.push(launched.accounts.launch);
    if (i % 3 === 0)
      model.setMetadata(launched.accounts.launch, {
        description: "",
        website: null,
        x: null,
        telegram: null,
        category: i % 2 ? "index" : "meme",
        imageUri: "",
      });
    devnet.advanceSeconds(60);
    if (i === 7) devnet.advanceSeconds(25 * 3600); // the first launches' trades leave the 24 h window
    // Trades: a few buys of varied size, some sells; two launches pushed near the end of the curve.
    const inventory = launched.curve.curveInventory;
    if (i === 3 || i === 9) await buyExactOut(world, whale, launched, (inventory * BigInt(7_200 + i * 50)) / 10_000n, U64_MAX);
    for (let k = 0; k < i % 5; k++) {
      await buyExactOut(world, whale, launched, BigInt(1 + ((i * 7 + k * 13) % 17)) * 10n ** 12n, U64_MAX);
      devnet.advanceSlots(1);
    }
    if (i % 4 === 1) await sell(world, whale, launched, 10n ** 12n, 0n);
  }
  await sellOut(world, launches[11]!);
  const graduating = launches[12]!;
  await sellOut(world, graduating);
  for (let index = 0; index < graduating.componentMints.length; index++) await migrate(world, keeper, graduating, index);
  expect(readCurve(devnet, launches[3]!).inventoryRemaining).toBeGreaterThan(0n);
  model.samplePrices();
});

/** The rows a paged query should list, computed from full rows alone, in order. */
function expectedAddresses(query: Paged, rows: readonly LaunchRow[]): string[] {
  const order = query.sort ?? { trending: "trending", new: "newest", almost: "bonding", graduated: "mcap", volume: "vol" }[query.tab];
  const keyOf = (row: LaunchRow): number => {
    switch (order) {
      case "trending":
        return row.trades24;
      case "mcap":
        return row.marketCap;
      case "vol":
        return row.volume24hUsd;
      case "change":
        return row.change24Bps;
      case "bonding":
        return row.progressBps;
      default:
        return created.indexOf(row.address);
    }
  };
  const kept = rows.filter(
    (row) =>
      (query.kind === "all" || row.kind === query.kind) &&
      (query.tab !== "almost" || (row.status === "activeBonding" && row.progressBps >= 7_000)) &&
      (query.tab !== "graduated" || row.status !== "activeBonding") &&
      (query.state !== "bonding" || row.status === "activeBonding") &&
      (query.state !== "graduated" || row.status !== "activeBonding") &&
      (query.cat === undefined || row.category.toLowerCase() === query.cat.toLowerCase()) &&
      (query.asset === undefined || row.components.some((c) => c.symbol.toLowerCase() === query.asset!.toLowerCase())) &&
      (query.creator === undefined || row.creator === query.creator) &&
      (query.ids === undefined || query.ids.includes(row.address)),
  );
  return kept.sort((a, b) => keyOf(b) - keyOf(a) || (a.address < b.address ? -1 : 1)).map((row) => row.address);
}

const queryArbitrary = (): fc.Arbitrary<Paged> =>
  fc.record(
    {
      mode: fc.constant("paged" as const),
      limit: fc.integer({ min: 1, max: 7 }),
      kind: fc.constantFrom("all" as const, "pairs" as const, "collectibles" as const),
      tab: fc.constantFrom("trending" as const, "new" as const, "almost" as const, "graduated" as const, "volume" as const),
      sort: fc.constantFrom("mcap" as const, "vol" as const, "change" as const, "bonding" as const, "newest" as const),
      state: fc.constantFrom("bonding" as const, "graduated" as const),
      cat: fc.constantFrom("meme", "INDEX", "stablecoin", "defi", "none"),
      asset: fc.constantFrom("USDC", "wif", "JUP", "NOPE"),
      creator: fc.integer({ min: 0, max: 2 }).map((i) => creators[i]!.address as string),
      ids: fc.subarray(created.concat(["11111111111111111111111111111111"]), { minLength: 1 }),
    },
    { requiredKeys: ["mode", "limit", "kind", "tab"] },
  );

describe("paged launch lists (keyset)", () => {
  it("pages are disjoint, ordered, within the limit, and together the whole ordered set, for every tab and sort", () => {
    const rows = created.map((address) => model.getLaunch(address)!);
    fc.assert(
      fc.property(queryArbitrary(), (query) => {
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages < 100; pages++) {
          const page = model.listLaunches({ ...query, ...(cursor === undefined ? {} : { cursor }) });
          expect(page.launches.length).toBeLessThanOrEqual(query.limit);
          seen.push(...page.launches.map((row) => row.address));
          if (!page.nextCursor) break;
          expect(page.launches).toHaveLength(query.limit); // only the last page may be short
          cursor = page.nextCursor;
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual(expectedAddresses(query, rows));
      }),
      { numRuns: 300 },
    );
  });

  it("a walk followed while trades reorder the list still lists every launch once", async () => {
    const { world, devnet } = indexed;
    const query: Paged = { mode: "paged", limit: 3, kind: "all", tab: "trending" };
    const before = model.listLaunches({ ...query, limit: 100 }).launches.map((row) => row.address);
    const seen: string[] = [];
    let cursor: string | undefined;
    let reordered = 0;
    for (let pages = 0; pages < 20; pages++) {
      const page = model.listLaunches({ ...query, ...(cursor === undefined ? {} : { cursor }) });
      seen.push(...page.launches.map((row) => row.address));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
      // Lift the list's last launch on the curve past everything served so far: a keyset
      // cursor alone would never come back for it; a served one sinks, and would come again.
      const order = model.listLaunches({ ...query, limit: 100 }).launches;
      const last = [...order].reverse().find((row) => row.status === "activeBonding" && !seen.includes(row.address));
      const lifted = launches.find((launched) => launched.accounts.launch === last?.address);
      if (!lifted) continue;
      for (let k = 0; k < 4; k++) await buyExactOut(world, whale, lifted, 10n ** 9n, U64_MAX);
      devnet.advanceSlots(1);
      reordered++;
    }
    expect(reordered).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(before));
  });

  it("the world covers every filter with something to find", () => {
    const count = (query: Partial<Paged>) =>
      model.listLaunches({ mode: "paged", limit: 100, kind: "all", tab: "new", ...query }).launches.length;
    expect(count({ tab: "almost" })).toBeGreaterThanOrEqual(2);
    expect(count({ tab: "graduated" })).toBe(2);
    expect(count({ kind: "collectibles" })).toBe(3);
    expect(count({ cat: "meme" })).toBeGreaterThan(0);
    expect(count({ asset: "WIF" })).toBe(3);
    expect(count({ tab: "trending" })).toBe(SYMBOLS.length);
  });

  it("a cursor is stable, and one of another order gives an empty page", () => {
    const first = model.listLaunches({ mode: "paged", limit: 3, kind: "all", tab: "volume" });
    expect(model.listLaunches({ mode: "paged", limit: 3, kind: "all", tab: "volume" }).nextCursor).toBe(first.nextCursor);
    const other = model.listLaunches({ mode: "paged", limit: 3, kind: "all", tab: "new", cursor: first.nextCursor! });
    expect(other).toEqual({ launches: [], nextCursor: null });
  });

  it("parseLaunchCursor reads what the model issues and refuses anything else without throwing", () => {
    const issued = model.listLaunches({ mode: "paged", limit: 2, kind: "all", tab: "trending", sort: "mcap" }).nextCursor!;
    expect(parseLaunchCursor(issued)).toMatchObject({ order: "mcap" });
    for (const bad of ["", "%%%", "bm90IGEgY3Vyc29y", Buffer.from("vol|1.5|x").toString("base64url")])
      expect(parseLaunchCursor(bad)).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const parsed = parseLaunchCursor(text);
        expect(parsed === null || typeof parsed === "object").toBe(true);
      }),
    );
  });
});

describe("legacy launch lists", () => {
  it("newest first, at most limit rows, filtered by status and kind", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.option(fc.constantFrom("activeBonding" as const, "graduationPending" as const, "migrating" as const, "graduated" as const), {
          nil: undefined,
        }),
        fc.constantFrom("all" as const, "pairs" as const, "collectibles" as const),
        (limit, status, kind) => {
          const { launches } = model.listLaunches({ mode: "legacy", limit, kind, ...(status ? { status } : {}) });
          const expected = [...created]
            .reverse()
            .map((address) => model.getLaunch(address)!)
            .filter((row) => (status === undefined || row.status === status) && (kind === "all" || row.kind === kind))
            .slice(0, limit);
          expect(launches.map((row) => row.address)).toEqual(expected.map((row) => row.address));
        },
      ),
      { numRuns: 100 },
    );
  });
});
