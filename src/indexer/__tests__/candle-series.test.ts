import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultCurveParameters } from "../../economics/index.ts";
import { buildCandles, CandleSeries } from "../candle-builder.ts";
import { LaunchState } from "../launch-state.ts";
import { randomAddress } from "./synthetic-chain.ts";

const SOL_USD = 150;
const CREATED = 1_767_225_607; // off every bucket boundary
const p = defaultCurveParameters;

function freshLaunch(): LaunchState {
  return new LaunchState(
    {
      kind: "launchCreated",
      launch: randomAddress(),
      creator: randomAddress(),
      mint: randomAddress(),
      curve: randomAddress(),
      migrationVault: randomAddress(),
      seed: 1n,
      launchKind: "pairs",
      decimals: p.decimals,
      feeBps: p.feeBps,
      creatorFeeShareBps: p.creatorFeeShareBps,
      totalSupply: p.curveInventory + p.migrationInventory,
      curveInventory: p.curveInventory,
      migrationInventory: p.migrationInventory,
      virtualPrimary: p.virtualPrimary,
      virtualDna: p.virtualDna,
      dnaUnitLamportsE9: 1_000_000_000n,
      createdAt: BigInt(CREATED),
      components: [{ mint: randomAddress(), quantity: 1_000_000_000n, targetBps: 10_000, decimals: 9 }],
      symbol: "CNDL",
      name: "CNDL basket",
      uri: "",
    },
    0,
    [10_000],
  );
}

const SHAPES = [
  { bucket: 1, limit: 3 },
  { bucket: 7, limit: 30 },
  { bucket: 60, limit: 1 },
  { bucket: 60, limit: 500 },
  { bucket: 300, limit: 2 },
  { bucket: 3_600, limit: 48 },
  { bucket: 86_400, limit: 7 },
];

/**
 * Steps: time passing (sometimes going back, as after a snapshot), trades at the clock or
 * late (block times behind the clock, older than the open candle), and reads of charts.
 */
const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant("time" as const),
      seconds: fc.constantFrom(0, 1, 6, 29, 59, 60, 61, 299, 3_600, 86_400, 400_000),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("back" as const), seconds: fc.constantFrom(1, 60, 3_600) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant("trade" as const),
      late: fc.constantFrom(0, 0, 0, 0, 1, 61, 4_000),
      primary: fc.bigInt({ min: 1n, max: 10n ** 15n }),
      dna: fc.bigInt({ min: 1n, max: 10n ** 12n }),
      lamportsE9: fc.bigInt({ min: 0n, max: 10n ** 12n }),
      price: fc.bigInt({ min: 1n, max: 10n ** 6n }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant("read" as const),
      shapes: fc.subarray(
        SHAPES.map((_, i) => i),
        { minLength: 1 },
      ),
    }),
  },
);

/** Runs `steps` and compares every read with a from-scratch build; returns how the series got up to date. */
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

function run(steps: readonly Step[]) {
  const launch = freshLaunch();
  const series = SHAPES.map((shape) => new CandleSeries(shape, SOL_USD));
  let now = CREATED + 3;
  let lastTrade = CREATED;
  let slot = 1n;
  for (const s of steps) {
    if (s.k === "time") now += s.seconds;
    else if (s.k === "back") now = Math.max(CREATED, now - s.seconds);
    else if (s.k === "trade") {
      // Block times never decrease along the tape; a late one is behind the clock.
      const at = Math.max(lastTrade, now - s.late);
      lastTrade = at;
      launch.tape.append({
        slot: slot++,
        seq: 0,
        unixTimestamp: BigInt(at),
        direction: s.primary % 2n === 0n ? "buy" : "sell",
        pairPool: false,
        primaryAmount: s.primary,
        dnaUnits: s.dna,
        dnaUnitLamportsE9: s.lamportsE9,
        trader: 0,
        signature: new Uint8Array(64),
        virtualPrimary: p.virtualPrimary,
        virtualDna: p.virtualDna * s.price,
      });
    } else {
      for (const i of s.shapes) {
        const { candles, json } = series[i]!.update(launch, BigInt(now));
        const scratch = buildCandles(launch, SHAPES[i]!, BigInt(now), SOL_USD);
        expect(candles).toEqual(scratch);
        expect(json).toEqual(scratch.map((candle) => JSON.stringify(candle)));
      }
    }
  }
  // A series' first update is a build; any later one is the fallback.
  return {
    extensions: series.reduce((sum, one) => sum + one.extensions, 0),
    fallbacks: series.reduce((sum, one) => sum + Math.max(0, one.builds - 1), 0),
  };
}

describe("CandleSeries", () => {
  it("extended by trades and time always equals the candles built from scratch", () => {
    const total = { fallbacks: 0, extensions: 0 };
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const { fallbacks, extensions } = run(steps);
        total.fallbacks += fallbacks;
        total.extensions += extensions;
      }),
      { numRuns: 300 },
    );
    // Both paths were compared, many times each.
    expect(total.extensions).toBeGreaterThan(200);
    expect(total.fallbacks).toBeGreaterThan(30);
  });

  it("extends rather than rebuilds for trades at the clock and time moving forward", () => {
    const series = new CandleSeries({ bucket: 60, limit: 500 }, SOL_USD);
    const launch = freshLaunch();
    series.update(launch, BigInt(CREATED));
    for (let k = 1; k <= 100; k++) {
      launch.tape.append({
        slot: BigInt(k),
        seq: 0,
        unixTimestamp: BigInt(CREATED + k * 13),
        direction: "buy",
        pairPool: false,
        primaryAmount: 10n ** 9n,
        dnaUnits: 10n ** 6n,
        dnaUnitLamportsE9: 10n ** 9n,
        trader: 0,
        signature: new Uint8Array(64),
        virtualPrimary: p.virtualPrimary - BigInt(k) * 10n ** 9n,
        virtualDna: p.virtualDna + BigInt(k) * 10n ** 6n,
      });
      series.update(launch, BigInt(CREATED + k * 13));
    }
    expect(series).toMatchObject({ builds: 1, extensions: 100 });
    expect(series.update(launch, BigInt(CREATED + 1_300)).candles).toEqual(
      buildCandles(launch, { bucket: 60, limit: 500 }, BigInt(CREATED + 1_300), SOL_USD),
    );
  });
});
