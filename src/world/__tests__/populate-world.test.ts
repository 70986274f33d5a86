import { describe, expect, it } from "vitest";
import { Devnet } from "../../chain/devnet.ts";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../../programs/index.ts";
import { readChainLaunches } from "../chain-launches.ts";
import { COMPONENT_CATALOG } from "../component-catalog.ts";
import { GenesisWorld } from "../genesis-world.ts";
import { MediaLibrary } from "../media-library.ts";
import { type LaunchMetadata, type Population, populateWorld } from "../populate-world.ts";
import { planWorld } from "../world-plan.ts";
import { defaultCollectibleCount } from "../collectible-plan.ts";

async function populated(seed: string, launchCount: number) {
  const devnet = Devnet.start({ seed });
  const world = await GenesisWorld.create(devnet);
  const metadata = new Map<string, LaunchMetadata>();
  const population = await populateWorld(world, { launchCount, historyHours: 2, onMetadata: (launch, m) => metadata.set(launch, m) });
  return { devnet, world, population, metadata };
}

const summary = (population: Population) =>
  population.launches.map((launch) => [launch.address, launch.mint, launch.symbol, launch.status, launch.componentMints]);

/** Every account our programs and the token program own, keyed by address. */
const chainState = (devnet: Devnet) =>
  [LAUNCH_PROGRAM_ADDRESS, CURVE_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS].map((owner) =>
    devnet.getProgramAccounts(owner),
  );

describe("populateWorld", () => {
  it("is deterministic: the same seed gives the same launches, addresses, chain state and clock", async () => {
    const first = await populated("populate-a", 16);
    const second = await populated("populate-a", 16);
    expect(summary(second.population)).toEqual(summary(first.population));
    expect([...second.metadata]).toEqual([...first.metadata]);
    expect(chainState(second.devnet)).toEqual(chainState(first.devnet));
    expect(second.devnet.now()).toEqual(first.devnet.now());
    const other = await populated("populate-b", 16);
    expect(other.population.launches[0]!.address).not.toBe(first.population.launches[0]!.address);
  });

  it("leaves every launch in its planned status, the exhibits parked, and history spread over the past", async () => {
    const { devnet, population, metadata } = await populated("populate-status", 16);
    const onChain = new Map(readChainLaunches(devnet).map((launch) => [launch.address, launch]));
    // 16 basket launches and the 8 collectibles of a world of that size.
    expect(onChain.size).toBe(16 + defaultCollectibleCount(16));
    expect(population.launches.filter((launch) => launch.kind === "pairs")).toHaveLength(16);
    for (const launch of population.launches) {
      expect(onChain.get(launch.address)?.status).toBe(launch.status);
      expect(metadata.get(launch.address)).toEqual(launch.metadata);
    }
    const statuses = new Set(population.launches.filter((launch) => launch.kind === "pairs").map((launch) => launch.status));
    expect(statuses).toEqual(new Set(["activeBonding", "graduationPending", "migrating", "graduated"]));
    const parked = population.launches.filter((launch) => launch.status === "graduationPending" || launch.status === "migrating");
    expect([...population.parked].sort()).toEqual(parked.map((launch) => launch.address).sort());
    // Two virtual hours of history: 18,000 slots of 400 ms.
    expect(devnet.now().slot).toBe(18_000n);
  });

  it("serves an image for every launch from the media library", async () => {
    const { population } = await populated("populate-media", 8);
    const media = new MediaLibrary();
    for (const launch of population.launches) {
      // A collectible's image is its card's front photo.
      expect(launch.metadata.imageUri).toMatch(
        launch.kind === "pairs" ? /^\/v1\/media\/launch-[A-Z0-9]{2,10}-[0-9a-f]{6}\.svg$/ : /^\/v1\/media\/card-.*-front\.svg$/,
      );
      expect(media.get(launch.metadata.imageUri.slice("/v1/media/".length))?.contentType).toBe("image/svg+xml");
    }
  });
});

describe("planWorld", () => {
  const plan = planWorld("plan-tests", { launchCount: 60, historySeconds: 6 * 3600, components: COMPONENT_CATALOG });

  it("plans recipes of 1–5 distinct components whose whole-percent weights sum to 10000", () => {
    const sizes = new Set(plan.map((launch) => launch.components.length));
    expect(sizes).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const launch of plan) {
      expect(launch.components.reduce((sum, component) => sum + component.targetBps, 0)).toBe(10_000);
      expect(new Set(launch.components.map((component) => component.symbol)).size).toBe(launch.components.length);
      for (const component of launch.components) expect(component.targetBps % 100).toBe(0);
      expect(launch.symbol).toMatch(/^[A-Z0-9]{2,10}$/);
      expect(launch.name.length).toBeLessThanOrEqual(64);
      expect(launch.metadata.description.length).toBeLessThanOrEqual(500);
    }
  });

  it("plans every status, near-graduation curves, shared tickers, repeat creators and several categories", () => {
    const count = (status: string) => plan.filter((launch) => launch.status === status).length;
    expect(count("graduated")).toBeGreaterThanOrEqual(4);
    expect(count("migrating")).toBeGreaterThanOrEqual(3);
    expect(count("graduationPending")).toBeGreaterThanOrEqual(3);
    expect(plan.filter((launch) => launch.status === "activeBonding" && launch.progressBps >= 7_000).length).toBeGreaterThanOrEqual(6);
    const tickers = new Map<string, number>();
    for (const launch of plan) tickers.set(launch.symbol, (tickers.get(launch.symbol) ?? 0) + 1);
    expect([...tickers.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(2);
    const creators = new Map<number, number>();
    for (const launch of plan) creators.set(launch.creatorIndex, (creators.get(launch.creatorIndex) ?? 0) + 1);
    expect(Math.max(...creators.values())).toBeGreaterThan(1);
    expect(new Set(plan.map((launch) => launch.metadata.category)).size).toBeGreaterThanOrEqual(4);
  });

  it("orders each launch's timeline inside the history: created, traded, completed, migrated", () => {
    for (const launch of plan) {
      const times = [
        launch.createdAt,
        ...launch.tradesAt,
        ...(launch.completedAt === null ? [] : [launch.completedAt]),
        ...launch.migrationsAt,
      ];
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[times.length - 1]!).toBeLessThan(6 * 3600);
      if (launch.status === "migrating") expect(launch.migrationSteps).toBeLessThan(launch.components.length);
      if (launch.status === "graduated") expect(launch.migrationSteps).toBe(launch.components.length);
    }
  });
});
