import { generateKeyPairSigner } from "@solana/kit";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { U64_MAX } from "../../economics/index.ts";
import { type LaunchedLaunch, buyExactOut, launch, outcomeOf, trader } from "../../world/__tests__/world-fixture.ts";
import { ReadCache } from "../read-cache.ts";
import type { ReadModel } from "../read-model.ts";
import { type IndexedWorld, SOL, startIndexedWorld } from "./indexed-world.ts";
import { SyntheticChain, randomAddress } from "./synthetic-chain.ts";

const DAY = 86_400;

describe("ReadCache", () => {
  it("computes once per key, second and version, and forgets the oldest past its capacity", () => {
    const cache = new ReadCache(2);
    let computed = 0;
    const compute = () => ({ n: ++computed });
    const first = cache.get("a", 1n, compute);
    expect(cache.get("a", 1n, compute)).toBe(first);
    expect(cache.get("a", 2n, compute)).not.toBe(first); // a new second
    cache.get("b", 2n, compute);
    cache.get("c", 2n, compute); // evicts "a" at second 2
    expect(computed).toBe(4);
    cache.invalidate();
    expect(cache.get("c", 2n, compute).n).toBe(5);
  });
});

describe("the read model's answers", () => {
  let indexed: IndexedWorld;
  let launched: LaunchedLaunch;

  beforeAll(async () => {
    indexed = await startIndexedWorld("read-cache", 2);
    const creator = await generateKeyPairSigner();
    await indexed.world.fund(creator.address, { lamports: 10n * SOL });
    launched = await launch(indexed.world, creator, { count: 2 });
  });

  it("are the same object until a transaction lands or time moves, then exactly a fresh computation", async () => {
    const { model, devnet, world } = indexed;
    const address = launched.accounts.launch;
    const row = model.getLaunch(address)!;
    const page = model.listLaunches({ mode: "paged", limit: 10, kind: "all", tab: "volume" });
    expect(model.getLaunch(address)).toBe(row);
    expect(model.listLaunches({ mode: "paged", limit: 10, kind: "all", tab: "volume" })).toBe(page);

    const wallet = await trader(world, launched, 10n ** 15n);
    expect(outcomeOf(await buyExactOut(world, wallet, launched, 10n ** 12n, U64_MAX))).toBe("ok");
    const after = model.getLaunch(address)!;
    expect(after).not.toBe(row);
    expect(after.trades24).toBe(row.trades24 + 1);
    expect(model.trades(address, { limit: 5 })!.trades).toHaveLength(1);

    devnet.advanceSlots(3); // 1.2 s: a new second
    const later = model.getLaunch(address)!;
    expect(later).not.toBe(after);
    expect(later.ageSeconds).toBeGreaterThan(after.ageSeconds);
  });
});

/** Every answer the read routes give, as values and as the bytes the routes send. */
function answers(model: ReadModel, chain: SyntheticChain): unknown[] {
  const out: unknown[] = [];
  const bytes = (buffer: Buffer | null) => buffer?.toString("utf8") ?? null;
  for (const kind of ["all", "pairs", "collectibles"] as const) {
    for (const tab of ["trending", "new", "almost", "graduated", "volume"] as const) {
      // Two-row pages followed to the end: every cursor and every page boundary is compared.
      let cursor: string | undefined;
      for (let page = 0; page < 4; page++) {
        const query = { mode: "paged", limit: 2, kind, tab, ...(cursor ? { cursor } : {}) } as const;
        const answer = model.listLaunches(query);
        out.push(answer, bytes(model.listLaunchesBytes(query)));
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
    }
    for (const sort of ["mcap", "vol", "change", "bonding", "newest"] as const) {
      out.push(model.listLaunches({ mode: "paged", limit: 50, kind, tab: "trending", sort }));
    }
    out.push(model.listLaunches({ mode: "legacy", limit: 3, kind }), bytes(model.listLaunchesBytes({ mode: "legacy", limit: 3, kind })));
    out.push(model.trending(kind), bytes(model.trendingBytes(kind)), model.almostPaired(kind), model.search("s", kind));
  }
  for (const launch of chain.launches) {
    out.push(model.getLaunch(launch.address), model.getLaunch(launch.symbol));
    for (const options of [
      { bucket: 60, limit: 30 },
      { bucket: 3_600, limit: 48 },
      { bucket: 1, limit: 5 }, // crossed by most time steps: candles appended and dropped
    ]) {
      out.push(model.chart(launch.address, options), bytes(model.chartBytes(launch.address, options)));
    }
    const first = model.trades(launch.address, { limit: 3 });
    out.push(first, bytes(model.tradesBytes(launch.address, { limit: 3 })));
    const next = first?.nextCursor?.split(":");
    if (next) out.push(model.trades(launch.address, { limit: 3, before: { slot: BigInt(next[0]!), seq: Number(next[1]) } }));
  }
  out.push(model.liveTrades(), model.assets(), model.createdBy(chain.launches[0]!.address));
  return out;
}

describe("the read model's cached answers, across trades, time, prices and metadata", () => {
  const step = fc.oneof(
    fc.record({
      k: fc.constant("trade" as const),
      launch: fc.nat(3),
      trader: fc.nat(3),
      sell: fc.boolean(),
      amount: fc.bigInt({ min: 1n, max: 80n * 10n ** 12n }),
    }),
    fc.record({ k: fc.constant("time" as const), seconds: fc.constantFrom(0.4, 1, 7, 59, 61, 3_600, DAY - 1, DAY, DAY + 3) }),
    fc.record({ k: fc.constant("price" as const), lamports: fc.bigInt({ min: 10n ** 11n, max: 10n ** 14n }) }),
    fc.record({ k: fc.constant("sample" as const) }),
    fc.record({ k: fc.constant("metadata" as const), launch: fc.nat(3), category: fc.constantFrom("memes", "art") }),
    fc.record({ k: fc.constant("create" as const) }),
  );

  it("always equal the answers of a fresh model fed the same inputs, as values and as bytes", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ step, look: fc.boolean() }), { minLength: 1, maxLength: 30 }), (steps) => {
        const chain = new SyntheticChain();
        chain.createLaunch("SUN");
        chain.createLaunch("SEA", "collectibles");
        const traders = Array.from({ length: 4 }, () => randomAddress());
        answers(chain.model, chain); // cache everything before the first step
        for (const { step: s, look } of steps) {
          if (s.k === "trade") {
            const launch = chain.launches[s.launch % chain.launches.length]!;
            chain.trade(launch, traders[s.trader]!, s.sell ? "sell" : "buy", s.amount);
          } else if (s.k === "time") chain.advanceSeconds(s.seconds);
          else if (s.k === "price") chain.moveVenue(s.lamports, 10n ** 13n);
          else if (s.k === "sample") chain.samplePrices();
          else if (s.k === "metadata") {
            const launch = chain.launches[s.launch % chain.launches.length]!;
            chain.setMetadata(launch.address, {
              description: "d",
              website: null,
              x: null,
              telegram: null,
              category: s.category,
              imageUri: "/v1/media/a.png",
            });
          } else chain.createLaunch(`S${chain.launches.length}`);
          if (look) expect(answers(chain.model, chain)).toEqual(answers(chain.freshModel(), chain));
        }
        expect(answers(chain.model, chain)).toEqual(answers(chain.freshModel(), chain));
      }),
      { numRuns: 40 },
    );
  });

  it("re-render only the launch a trade touched, and every row once a second passes", () => {
    const chain = new SyntheticChain();
    const launches = ["ONE", "TWO", "SIX"].map((symbol) => chain.createLaunch(symbol));
    const trader = randomAddress();
    for (const launch of launches) chain.trade(launch, trader, "buy", 10n ** 12n);
    const query = { mode: "paged", limit: 50, kind: "all", tab: "volume" } as const;
    chain.model.listLaunchesBytes(query);
    chain.model.trendingBytes("all");
    const before = chain.model.renderedRows;
    chain.trade(launches[1]!, trader, "buy", 10n ** 12n);
    const after = chain.model.listLaunches(query);
    chain.model.trendingBytes("all");
    chain.model.getLaunch(launches[0]!.address);
    expect(chain.model.renderedRows - before).toBe(1);
    expect(after.launches[0]!.address).toBe(launches[1]!.address); // the most volume now
    chain.advanceSeconds(1);
    chain.model.listLaunches(query);
    expect(chain.model.renderedRows - before).toBe(1 + launches.length);
  });
});
