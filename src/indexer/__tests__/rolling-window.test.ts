import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { U64_MAX } from "../../economics/index.ts";
import { type LaunchedLaunch, buyExactOut, launch, sell, trader } from "../../world/__tests__/world-fixture.ts";
import type { ReadModel } from "../read-model.ts";
import type { LaunchRow, TradeRecord } from "../records/index.ts";
import { type IndexedWorld, SOL_USD, startIndexedWorld } from "./indexed-world.ts";
import { SyntheticChain, randomAddress } from "./synthetic-chain.ts";

const DAY = 86_400;

/** The 24-hour figures of a row recomputed naively from its whole tape at `now`. */
function naive24h(tape: readonly TradeRecord[], row: LaunchRow, now: number) {
  const inWindow = tape.filter((trade) => Date.parse(trade.at) / 1000 > now - DAY); // oldest first
  const sum = (trades: TradeRecord[], field: "primaryAmount" | "solLamports") => trades.reduce((s, t) => s + BigInt(t[field]), 0n);
  const buys = inWindow.filter((trade) => trade.direction === "buy");
  const sells = inWindow.filter((trade) => trade.direction === "sell");
  const first = inWindow[0];
  const baseline = first ? BigInt(first.priceE12) : 0n;
  return {
    trades24: inWindow.length,
    buys24: buys.length,
    sells24: sells.length,
    volume24h: sum(inWindow, "primaryAmount").toString(),
    volume24hUsd: (Number(sum(inWindow, "solLamports")) / 1e9) * SOL_USD,
    buyVolume24hUsd: (Number(sum(buys, "solLamports")) / 1e9) * SOL_USD,
    sellVolume24hUsd: (Number(sum(sells, "solLamports")) / 1e9) * SOL_USD,
    change24Bps: first ? Number(((BigInt(row.priceE12) - baseline) * 10_000n) / baseline) : 0,
    change24BaselineAt: first ? Date.parse(first.at) / 1000 : now,
  };
}

function expectWindowMatches(model: ReadModel, id: string, now: number): void {
  const row = model.getLaunch(id)!;
  const tape = [...model.trades(id, { limit: 200 })!.trades].reverse();
  const expected = naive24h(tape, row, now);
  const { volume24hUsd, buyVolume24hUsd, sellVolume24hUsd, ...exact } = expected;
  expect(row).toMatchObject(exact);
  expect(row.volume24hUsd).toBeCloseTo(volume24hUsd, 9);
  expect(row.buyVolume24hUsd).toBeCloseTo(buyVolume24hUsd, 9);
  expect(row.sellVolume24hUsd).toBeCloseTo(sellVolume24hUsd, 9);
}

describe("24-hour figures on a real chain, as the devnet clock moves", () => {
  let indexed: IndexedWorld;
  let launched: LaunchedLaunch;

  beforeAll(async () => {
    indexed = await startIndexedWorld("indexer-window", 3);
    launched = await launch(indexed.world, indexed.creator, { symbol: "WNDW" });
  });

  it("equal a naive recomputation from the tape at every step", async () => {
    const { world, devnet, model } = indexed;
    const wallets = await Promise.all([0, 1, 2].map(() => trader(world, launched, 10n ** 15n)));
    const steps = [0, 30, 3_600, 20_000, 40_000, 86_399, 1, 90_000, 7, 200_000, 12];
    for (const [i, seconds] of steps.entries()) {
      devnet.advanceSeconds(seconds);
      const amount = BigInt(1 + i) * 10n ** 12n;
      await buyExactOut(world, wallets[i % 3]!, launched, amount, U64_MAX);
      if (i % 3 === 2) await sell(world, wallets[i % 3]!, launched, amount / 2n, 0n);
      expectWindowMatches(model, "WNDW", Number(devnet.now().unixTimestamp));
      devnet.advanceSeconds(43_200);
      expectWindowMatches(model, "WNDW", Number(devnet.now().unixTimestamp));
    }
    devnet.advanceSeconds(2 * DAY);
    const row = model.getLaunch("WNDW")!;
    expect(row).toMatchObject({ trades24: 0, volume24h: "0", volume24hUsd: 0, change24Bps: 0 });
    expect(row.priceAt24hAgoUsd).toBeCloseTo(row.priceUsd, 12); // no trade since then
  });
});

describe("24-hour figures and holders under random histories (synthetic chain)", () => {
  const step = fc.record({
    launch: fc.integer({ min: 0, max: 2 }),
    trader: fc.integer({ min: 0, max: 4 }),
    sell: fc.boolean(),
    amount: fc.bigInt({ min: 1n, max: 50n * 10n ** 12n }),
    // Even seconds keep the synthetic clock (400 ms slots) on whole seconds, so a trade can sit exactly on the window's edge.
    wait: fc
      .oneof(
        fc.constant(0),
        fc.constantFrom(DAY, DAY - 2, DAY + 2, DAY / 2),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1_800, max: DAY }),
      )
      .map((n) => 2 * Math.floor(n / 2)),
    look: fc.boolean(),
    price: fc.option(fc.bigInt({ min: 10n ** 11n, max: 10n ** 14n }), { nil: undefined }),
  });

  it("the incremental window, holders and net buyers equal a naive recomputation at any query time", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const chain = new SyntheticChain();
        const launches = ["AAA", "BBB", "CCC"].map((symbol) => chain.createLaunch(symbol));
        const traders = Array.from({ length: 5 }, randomAddress);
        for (const s of steps) {
          chain.advanceSeconds(s.wait);
          if (s.look) for (const launch of launches) expectWindowMatches(chain.model, launch.address, Number(chain.now().unixTimestamp));
          if (s.price !== undefined) chain.moveVenue(s.price, 10n ** 13n); // trades carry the value sampled when they landed
          chain.trade(launches[s.launch]!, traders[s.trader]!, s.sell ? "sell" : "buy", s.amount);
          if (!s.look) continue; // rows read only now and then: the window must catch up over many trades
          for (const launch of launches) expectWindowMatches(chain.model, launch.address, Number(chain.now().unixTimestamp));
        }
        for (const launch of launches) {
          const row = chain.model.getLaunch(launch.address)!;
          const tape = chain.model.trades(launch.address, { limit: 200 })!.trades;
          const position = new Map<string, { tokens: bigint; dna: bigint }>();
          for (const trade of tape) {
            const sign = trade.direction === "buy" ? 1n : -1n;
            const p = position.get(trade.trader) ?? { tokens: 0n, dna: 0n };
            position.set(trade.trader, {
              tokens: p.tokens + sign * BigInt(trade.primaryAmount),
              dna: p.dna + sign * BigInt(trade.dnaUnits),
            });
          }
          expect(row.holders).toBe([...position.values()].filter((p) => p.tokens > 0n).length);
          expect(row.netBuyerCount).toBe([...position.values()].filter((p) => p.dna > 0n).length);
        }
      }),
      { numRuns: 150 },
    );
  });
});
