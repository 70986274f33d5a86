import { getMintDecoder } from "@solana-program/token";
import { beforeAll, describe, expect, it } from "vitest";
import { Devnet } from "../../chain/devnet.ts";
import {
  COLLECTIBLE_STAGES,
  type CollectibleStage,
  NATIVE_MINT_ADDRESS,
  collectibleStageOf,
  decodeProgramEvents,
  getCurveAccountDecoder,
} from "../../programs/index.ts";
import { ActivityBots } from "../activity-bots.ts";
import { cardCatalogue } from "../card-catalogue.ts";
import { type ChainCollectible, readChainCollectible, readChainCollectibles } from "../chain-launches.ts";
import { LISTING_BUFFER_BPS, POOL_SHARE_BPS, defaultCollectibleCount, planCollectibles } from "../collectible-plan.ts";
import { GenesisWorld } from "../genesis-world.ts";
import { MigrationKeeper } from "../migration-keeper.ts";
import { type Population, populateWorld } from "../populate-world.ts";
import { tokenBalance } from "../token-balance.ts";
import { pairPoolOf, signCurveBuy } from "../world-transactions.ts";

const stageOf = (collectible: ChainCollectible): CollectibleStage => collectibleStageOf(collectible.launch.status, collectible.record);

async function populated(seed: string) {
  const devnet = Devnet.start({ seed });
  const world = await GenesisWorld.create(devnet);
  const population = await populateWorld(world, { launchCount: 12, historyHours: 1 });
  return { devnet, world, population };
}

describe("planCollectibles", () => {
  it("spreads every world's collectibles over every stage, 3+ tradable and 1+ raising, timed inside the history", () => {
    for (const launchCount of [0, 7, 8, 12, 60, 200, 1_000]) {
      const count = defaultCollectibleCount(launchCount);
      expect(count).toBe(launchCount < 8 ? 0 : Math.min(16, 8 + Math.floor(launchCount / 30)));
      for (const seed of ["p1", "p2", "p3"]) {
        const plan = planCollectibles(seed, {
          count,
          historySeconds: 3_600,
          catalogue: cardCatalogue(seed),
          historyIndexBase: launchCount,
        });
        expect(plan).toHaveLength(count);
        if (count === 0) continue;
        const stages = plan.map((planned) => planned.stage);
        expect(new Set(stages)).toEqual(new Set(COLLECTIBLE_STAGES));
        expect(stages.filter((stage) => stage === "tradable").length).toBeGreaterThanOrEqual(3);
        expect(new Set(plan.map((planned) => planned.card.cardMint)).size).toBe(count);
        for (const planned of plan) {
          expect(planned.symbol).toMatch(/^[A-Z0-9]{2,10}$/);
          expect(planned.name.length).toBeLessThanOrEqual(64);
          expect(planned.cranksAt).toHaveLength(Math.max(0, COLLECTIBLE_STAGES.indexOf(planned.stage) - 1));
          const last = Math.max(
            planned.createdAt,
            ...planned.tradesAt,
            planned.completedAt ?? 0,
            ...planned.cranksAt,
            planned.releasedAt ?? 0,
          );
          expect(last).toBeLessThan(3_600);
          for (const at of planned.tradesAt) expect(at).toBeLessThanOrEqual(planned.completedAt ?? 3_600);
        }
      }
    }
    expect(() => planCollectibles("p", { count: 5, historySeconds: 3_600, catalogue: cardCatalogue("p"), historyIndexBase: 0 })).toThrow(
      RangeError,
    );
    // A history too short for a raise and its crank steps holds none by default, and refuses them when asked.
    expect(defaultCollectibleCount(60, 599)).toBe(0);
    expect(() => planCollectibles("p", { count: 8, historySeconds: 599, catalogue: cardCatalogue("p"), historyIndexBase: 0 })).toThrow(
      RangeError,
    );
    const shortest = planCollectibles("p", { count: 16, historySeconds: 600, catalogue: cardCatalogue("p"), historyIndexBase: 0 });
    for (const planned of shortest) {
      expect(planned.createdAt).toBeGreaterThanOrEqual(0);
      for (const at of [...planned.tradesAt, planned.completedAt ?? 600, ...planned.cranksAt])
        expect(at).toBeGreaterThan(planned.createdAt);
      expect(Math.max(...planned.cranksAt, planned.releasedAt ?? 0)).toBeLessThan(600);
    }
  });
});

describe("collectibles in the seeded world", () => {
  let built: { devnet: Devnet; world: GenesisWorld; population: Population };
  beforeAll(async () => {
    built = await populated("collectible-world");
  }, 120_000);

  it("holds at least 8 collectibles over every stage: 3 tradable, 1 raising, 1 mid-acquisition at least", () => {
    const collectibles = readChainCollectibles(built.devnet);
    expect(collectibles.length).toBeGreaterThanOrEqual(8);
    const stages = collectibles.map(stageOf);
    expect(new Set(stages)).toEqual(new Set(COLLECTIBLE_STAGES));
    expect(stages.filter((stage) => stage === "tradable").length).toBeGreaterThanOrEqual(3);
    expect(stages.filter((stage) => stage === "raising").length).toBeGreaterThanOrEqual(1);
    // Each launch stands where its stage says, and the population names it so.
    const byAddress = new Map(built.population.launches.map((launch) => [launch.address, launch]));
    for (const collectible of collectibles) {
      expect(collectible.launch.kind).toBe("collectibles");
      expect(collectible.launch.componentMints).toEqual([NATIVE_MINT_ADDRESS]);
      expect(byAddress.get(collectible.launch.address)?.status).toBe(collectible.launch.status);
    }
  });

  it("lists a catalogue card per collectible: an NFT of supply 1 and 0 decimals, no mint authority, in escrow then in custody", () => {
    const catalogue = new Map(cardCatalogue(built.devnet.seed).map((card) => [card.cardMint, card]));
    const collectibles = readChainCollectibles(built.devnet);
    expect(new Set(collectibles.map((collectible) => collectible.record.cardMint)).size).toBe(collectibles.length);
    for (const collectible of collectibles) {
      const { record } = collectible;
      const card = catalogue.get(record.cardMint)!;
      expect(card).toBeDefined();
      expect(record.listedPriceUsdc).toBe(card.listedPriceUsdc);
      expect(record.standard).toBe(card.standard);
      const mint = getMintDecoder().decode(built.devnet.getAccount(record.cardMint)!.data);
      expect([mint.supply, mint.decimals, mint.mintAuthority.__option]).toEqual([1n, 0, "None"]);
      // The pool keeps 20 % of the target; the card's share was worth the price plus ~8 % at listing.
      expect(record.poolLamports).toBe(record.targetLamports - (record.targetLamports * (10_000n - POOL_SHARE_BPS)) / 10_000n);
      const index = COLLECTIBLE_STAGES.indexOf(stageOf(collectible));
      const acquired = index >= COLLECTIBLE_STAGES.indexOf("pooling");
      expect(tokenBalance(built.devnet, record.escrow)).toBe(acquired ? 0n : 1n);
      expect(tokenBalance(built.devnet, record.custody)).toBe(acquired && record.stillHeld ? 1n : 0n);
      if (acquired) {
        // The accounting adds up: the swap took the raise less the pool's share; the seller got the price, the treasury the rest.
        expect(record.wsolIn).toBe(record.fundedLamports - record.poolLamports);
        expect(record.spentUsdc).toBe(record.listedPriceUsdc);
        expect(record.surplusUsdc).toBe(record.usdcOut - record.spentUsdc);
        expect(record.surplusUsdc).toBeGreaterThan(0n);
        expect(record.usdcOut * 10_000n).toBeLessThan(record.listedPriceUsdc * (10_000n + LISTING_BUFFER_BPS + 200n));
      }
    }
  });

  it("raised each sold-out curve with wrapped SOL bought by the world's traders", () => {
    const funded = readChainCollectibles(built.devnet).filter(
      (c) => COLLECTIBLE_STAGES.indexOf(stageOf(c)) >= COLLECTIBLE_STAGES.indexOf("swapping"),
    );
    expect(funded.length).toBeGreaterThanOrEqual(6);
    for (const collectible of funded) {
      expect(collectible.record.fundedLamports).toBeGreaterThanOrEqual(collectible.record.targetLamports);
      // Fees on top of the raise: at most the curve's 1 % fee and rounding.
      expect(collectible.record.fundedLamports * 100n).toBeLessThanOrEqual(collectible.record.targetLamports * 102n);
    }
  });

  it("parks the mid-acquisition exhibits and redeems one tradable card in a world of 10 or more", () => {
    const collectibles = readChainCollectibles(built.devnet);
    const acquisition = collectibles.filter((c) => ["funding", "swapping", "acquiring", "pooling"].includes(stageOf(c)));
    for (const collectible of acquisition) expect(built.population.parked.has(collectible.launch.address)).toBe(true);
    const plan = planCollectibles("any", { count: 10, historySeconds: 3600, catalogue: cardCatalogue("any"), historyIndexBase: 0 });
    expect(plan.filter((planned) => planned.releasedAt !== null)).toHaveLength(1);
    expect(plan.find((planned) => planned.releasedAt !== null)?.stage).toBe("tradable");
  });

  it("is deterministic: the same seed gives the same collectibles, records and clock", async () => {
    const again = await populated("collectible-world");
    const records = (devnet: Devnet) => readChainCollectibles(devnet).map((collectible) => collectible.record);
    expect(records(again.devnet)).toEqual(records(built.devnet));
    expect(again.devnet.now()).toEqual(built.devnet.now());
  }, 120_000);

  it("keeper: cranks a collectible whose curve sold out to tradable, step by step, and leaves the exhibits alone", async () => {
    const { devnet, population } = await populated("collectible-keeper");
    const before = readChainCollectibles(devnet);
    const raising = before.find((collectible) => stageOf(collectible) === "raising")!;
    const parked = before.filter((collectible) => population.parked.has(collectible.launch.address));
    expect(parked.length).toBeGreaterThanOrEqual(4);
    // The simulator's keeper: the migration keeper runs the collectible keeper beside.
    const keeper = new MigrationKeeper(devnet, {
      keeper: population.keeper,
      parked: population.parked,
      onError: (error) => {
        throw error;
      },
    });
    const stages: CollectibleStage[] = [];
    devnet.onLanded((landed) => {
      for (const event of decodeProgramEvents(landed.logs))
        if (event.kind === "collectibleStage" && event.launch === raising.launch.address) stages.push(event.stage);
    });
    const curve = getCurveAccountDecoder().decode(devnet.getAccount(raising.launch.curve)!.data);
    const buyer = population.traders[0]!;
    expect(devnet.submit(await signCurveBuy(devnet, buyer, raising.launch, curve.inventoryRemaining + 1n)).accepted).toBe(true);
    for (let i = 0; i < 8; i++) {
      devnet.advanceSlots(1);
      await keeper.whenIdle();
    }
    const after = readChainCollectible(devnet, raising.address)!;
    expect(stageOf(after)).toBe("tradable");
    // The completing buy announces funding; each of the keeper's four steps the next stage.
    expect(stages).toEqual(["funding", "swapping", "acquiring", "pooling", "tradable"]);
    expect(tokenBalance(devnet, after.record.custody)).toBe(1n);
    expect(keeper.collectibles.submitted).toBe(4);
    for (const exhibit of parked) expect(stageOf(readChainCollectible(devnet, exhibit.address)!)).toBe(stageOf(exhibit));
    keeper.stop();
  }, 120_000);

  it("bots trade collectibles: raising ones on their curve, tradable ones on their pool", async () => {
    const { devnet, world, population } = await populated("collectible-bots");
    const collectibles = new Set(readChainCollectibles(devnet).map((collectible) => collectible.launch.address));
    const pools = new Set(
      (
        await Promise.all(
          readChainCollectibles(devnet)
            .filter((c) => stageOf(c) === "tradable")
            .map((c) => poolOf(c)),
        )
      ).map(String),
    );
    let curveTrades = 0;
    let poolSwaps = 0;
    devnet.onLanded((landed) => {
      for (const event of decodeProgramEvents(landed.logs)) {
        if (event.kind === "trade" && collectibles.has(event.launch)) curveTrades += 1;
        if (event.kind === "swap" && pools.has(event.pool)) poolSwaps += 1;
      }
    });
    const bots = new ActivityBots(world, {
      traders: population.traders,
      intensity: 4,
      onError: (e) => {
        throw e;
      },
    });
    for (let slot = 0; slot < 120 && (curveTrades === 0 || poolSwaps === 0); slot++) {
      devnet.advanceSlots(1);
      await bots.whenIdle();
    }
    bots.stop();
    expect(curveTrades).toBeGreaterThan(0);
    expect(poolSwaps).toBeGreaterThan(0);
  }, 120_000);
});

async function poolOf(collectible: ChainCollectible) {
  return (await pairPoolOf(collectible.launch, 0)).pool;
}
