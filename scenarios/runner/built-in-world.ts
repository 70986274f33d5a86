import { type StartedServer, startBuiltInServer } from "../../conformance/cli/start-simulator.ts";
import { BasketClient } from "../../src/client/basket-client.ts";
import type { Scenario } from "./scenario-schema.ts";
import { ServerSnapshot } from "./server-snapshot.ts";

/** 2026-01-01T00:00:00Z: the genesis every in-process run pins unless the scenario names one. */
export const DEFAULT_GENESIS_TIME = 1_767_225_600;

/** Scenarios with the same key run in the same world: one simulator, restored between them. */
export function worldKey(scenario: Scenario): string {
  const world = scenario.world ?? {};
  return JSON.stringify([
    String(scenario.seed),
    world.launches ?? null,
    world.historyHours ?? null,
    world.solUsd ?? null,
    world.bots ?? false,
    world.genesisTime ?? DEFAULT_GENESIS_TIME,
  ]);
}

/**
 * The built-in simulator for one world: seeded, genesis pinned, manual clock, bots off
 * unless asked, started in this process on a free port. A snapshot taken once the world is
 * built is restored before every scenario after the first, so each starts from the same
 * state as if the simulator had just started (a restart costs seconds, a restore a fraction).
 */
export class BuiltInWorld {
  #used = false;

  private constructor(
    readonly server: StartedServer,
    readonly client: BasketClient,
    readonly snapshot: ServerSnapshot,
  ) {}

  /**
   * Starts the world of `scenario`. `injectBugs` starts it with bug injection on and no mode
   * active, so a run can switch modes on for a scenario (`withBugs`) without a restart.
   */
  static async start(scenario: Scenario, options: { readonly injectBugs?: boolean } = {}): Promise<BuiltInWorld> {
    const world = scenario.world ?? {};
    const server = await startBuiltInServer({
      seed: scenario.seed,
      ...(options.injectBugs ? { injectBugs: [] } : {}),
      genesisTime: BigInt(world.genesisTime ?? DEFAULT_GENESIS_TIME),
      bots: world.bots ?? false,
      ...(world.launches === undefined ? {} : { launchCount: world.launches }),
      ...(world.historyHours === undefined ? {} : { historyHours: world.historyHours }),
      ...(world.solUsd === undefined ? {} : { solUsd: world.solUsd }),
    });
    const client = new BasketClient(server.baseUrl);
    const snapshot = await ServerSnapshot.take(client);
    if ("refused" in snapshot) {
      await server.close();
      throw new Error(`the built-in simulator refused a snapshot (${snapshot.refused})`);
    }
    return new BuiltInWorld(server, client, snapshot);
  }

  /** Makes the world fresh for the next scenario: restores the snapshot unless nothing ran yet. */
  async fresh(): Promise<void> {
    if (!this.#used) {
      this.#used = true;
      return;
    }
    await this.snapshot.restore();
  }

  /**
   * Runs `body` with exactly the injected-bug modes `names` active, and none after it. The
   * snapshot restore (`fresh`) happens with none active, so a mode breaks only the scenario.
   */
  async withBugs<T>(names: readonly string[], body: () => Promise<T>): Promise<T> {
    const bugs = this.server.bugs;
    if (bugs === null) throw new Error("this built-in world was started without bug injection (BuiltInWorld.start with injectBugs)");
    bugs.activate(names);
    try {
      return await body();
    } finally {
      bugs.activate([]);
    }
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
