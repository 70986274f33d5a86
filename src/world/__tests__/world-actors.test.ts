import type { Address } from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { Devnet } from "../../chain/devnet.ts";
import { decodeProgramEvents } from "../../programs/index.ts";
import { ActivityBots } from "../activity-bots.ts";
import { readChainLaunch } from "../chain-launches.ts";
import { GenesisWorld } from "../genesis-world.ts";
import { MigrationKeeper } from "../migration-keeper.ts";
import { type Population, populateWorld } from "../populate-world.ts";
import { tokenBalance } from "../token-balance.ts";
import { signCurveBuy } from "../world-transactions.ts";

/** A small populated world in manual mode: time moves only when a test says so. */
async function smallWorld(seed: string) {
  const devnet = Devnet.start({ seed });
  const world = await GenesisWorld.create(devnet);
  const population = await populateWorld(world, { launchCount: 12, historyHours: 1 });
  return { devnet, world, population };
}

/** Advances slot by slot, letting the actors sign and submit between slots. */
async function advance(devnet: Devnet, slots: number, ...actors: { whenIdle(): Promise<void> }[]): Promise<void> {
  for (let i = 0; i < slots; i++) {
    devnet.advanceSlots(1);
    for (const actor of actors) await actor.whenIdle();
  }
}

describe("ActivityBots", () => {
  it("trade on curves and swap on venues at every slot, moving component prices, through submitted transactions", async () => {
    const { devnet, world, population } = await smallWorld("bots-tests");
    const venueReserves = () => world.components.map((component) => tokenBalance(devnet, component.venue.vaultA));
    const before = venueReserves();
    const kinds = new Map<string, number>();
    const traders = new Set(population.traders.map((trader) => trader.address as string));
    let foreign = 0;
    devnet.onLanded((landed) => {
      for (const event of decodeProgramEvents(landed.logs)) {
        kinds.set(event.kind, (kinds.get(event.kind) ?? 0) + 1);
        if ((event.kind === "trade" || event.kind === "swap") && !traders.has(event.trader)) foreign += 1;
      }
    });
    const bots = new ActivityBots(world, { traders: population.traders, intensity: 1.5 });
    await advance(devnet, 60, bots);
    bots.stop();

    expect(bots.submitted).toBeGreaterThan(60);
    expect(kinds.get("trade") ?? 0).toBeGreaterThan(20);
    expect(kinds.get("swap") ?? 0).toBeGreaterThan(10);
    expect(foreign).toBe(0);
    const after = venueReserves();
    expect(after.filter((reserve, i) => reserve !== before[i]).length).toBeGreaterThan(3);
  });

  it("repeat exactly on the same seed", async () => {
    const run = async () => {
      const { devnet, world, population } = await smallWorld("bots-repeat");
      const signatures: string[] = [];
      devnet.onLanded((landed) => signatures.push(`${landed.slot}:${landed.seq}:${landed.signature}`));
      const bots = new ActivityBots(world, { traders: population.traders });
      await advance(devnet, 25, bots);
      return signatures;
    };
    const first = await run();
    expect(first.length).toBeGreaterThan(10);
    expect(await run()).toEqual(first);
  });
});

describe("MigrationKeeper", () => {
  let setup: Awaited<ReturnType<typeof smallWorld>>;
  let population: Population;
  beforeAll(async () => {
    setup = await smallWorld("keeper-tests");
    population = setup.population;
  });

  it("migrates a launch whose curve completed until it is graduated, and leaves the parked exhibits alone", async () => {
    const { devnet } = setup;
    const keeper = new MigrationKeeper(devnet, { keeper: population.keeper, parked: population.parked });
    const target = population.launches.find((launch) => launch.status === "activeBonding" && launch.componentMints.length >= 2)!;
    const statusOf = (address: Address) => readChainLaunch(devnet, address)!.status;
    const parkedBefore = [...population.parked].map(statusOf);

    // A whale buys out the curve: the buy lands at the next slot and completes it.
    const whale = population.traders[0]!;
    const sellOut = await signCurveBuy(devnet, whale, target, 10n ** 18n);
    expect(devnet.submit(sellOut).accepted).toBe(true);
    await advance(devnet, 1, keeper);
    expect(statusOf(target.address)).toBe("graduationPending");

    await advance(devnet, 1, keeper);
    expect(statusOf(target.address)).toBe("graduated");
    expect(readChainLaunch(devnet, target.address)!.poolCreatedBits).toBe((1 << target.componentMints.length) - 1);

    // Sweeps find nothing else to do: the exhibits stay as the history left them.
    await advance(devnet, 120, keeper);
    expect([...population.parked].map(statusOf)).toEqual(parkedBefore);
    keeper.stop();
  });

  it("finishes, on a sweep, a migration that someone else started", async () => {
    const { devnet } = setup;
    const exhibit = population.launches.find((launch) => launch.status === "migrating")!;
    const keeper = new MigrationKeeper(devnet, { keeper: population.keeper });
    keeper.sweep();
    await keeper.whenIdle();
    await advance(devnet, 1, keeper);
    expect(readChainLaunch(devnet, exhibit.address)!.status).toBe("graduated");
    keeper.stop();
  });
});
