import { describe, expect, it } from "vitest";
import { DEFAULT_GENESIS_UNIX_TIMESTAMP } from "../../chain/virtual-clock.ts";
import { type Simulator, startSimulator } from "../simulator.ts";

// Without the world cache: slot 0 is exactly one history before the start (the cache floors it, tested below).
const SMALL = { seed: "genesis", port: 0, clockMode: "manual", launchCount: 3, historyHours: 0.2, bots: false, worldCache: false } as const;

/** What a seed decides: every launch and trade, with their times. */
function facts(simulator: Simulator) {
  return simulator.population.launches.map((launch) => ({
    row: simulator.readModel.getLaunch(launch.address),
    trades: simulator.readModel.trades(launch.address, { limit: 200 })!.trades,
  }));
}

/** The facts with media links by path (each server has its own port). */
function portless(simulator: Simulator): unknown {
  return JSON.parse(JSON.stringify(facts(simulator)).replaceAll(simulator.baseUrl, ""));
}

/** The same facts with every timestamp left out: what must not depend on when the server started. */
function timeless(simulator: Simulator): unknown {
  // Instants (`at`, `createdAt`, `pricedAt`, unix `liquidityAt`…) and ages measured from now.
  const time = /^at$|At$|Seconds$/;
  return JSON.parse(JSON.stringify(portless(simulator), (key, value: unknown) => (time.test(key) ? undefined : value)));
}

async function withSimulator<T>(options: Parameters<typeof startSimulator>[0], run: (simulator: Simulator) => T | Promise<T>): Promise<T> {
  const simulator = await startSimulator(options);
  try {
    return await run(simulator);
  } finally {
    await simulator.close();
  }
}

describe("genesis time", () => {
  it("follows the wall clock by default: the clock reads about Date.now() once serving, the history lies before it", async () => {
    await withSimulator(SMALL, async (simulator) => {
      const response = await fetch(`${simulator.baseUrl}/devnet/clock`);
      const clock = (await response.json()) as { unixMillis: number };
      expect(Math.abs(clock.unixMillis - Date.now())).toBeLessThan(5_000);
      const now = Date.now();
      for (const { row, trades } of facts(simulator)) {
        expect(Date.parse(row!.createdAt)).toBeLessThanOrEqual(now);
        for (const trade of trades) expect(Date.parse(trade.at)).toBeLessThanOrEqual(now);
      }
      // Slot 0 sits one history (0.2 h) before the start, give or take the time building took.
      const genesis = Number(simulator.devnet.now().unixMillis - simulator.devnet.now().slot * 400n);
      expect(Math.abs(genesis - (now - 0.2 * 3_600_000))).toBeLessThan(60_000);
    });
  });

  it("with the world cache, floors slot 0 to ten minutes so close starts share a world: the history ends before the start", async () => {
    await withSimulator({ ...SMALL, worldCache: undefined }, (simulator) => {
      const now = Date.now();
      const genesis = Number(simulator.devnet.now().unixMillis - simulator.devnet.now().slot * 400n);
      expect(genesis % 600_000).toBe(0);
      expect(genesis).toBeLessThanOrEqual(now - 0.2 * 3_600_000);
      expect(genesis).toBeGreaterThan(now - 0.2 * 3_600_000 - 600_000 - 60_000);
    });
  });

  it("reproduces a pinned run exactly, and a wall-clock run in everything but its timestamps", async () => {
    const pinned = { ...SMALL, genesisTime: DEFAULT_GENESIS_UNIX_TIMESTAMP };
    const first = await withSimulator(pinned, (simulator) => ({
      now: simulator.devnet.now(),
      facts: portless(simulator),
      timeless: timeless(simulator),
    }));
    const second = await withSimulator(pinned, (simulator) => ({ now: simulator.devnet.now(), facts: portless(simulator) }));
    expect(second.now).toEqual(first.now);
    expect(second.facts).toEqual(first.facts);
    expect(first.now.unixTimestamp).toBe(DEFAULT_GENESIS_UNIX_TIMESTAMP + (first.now.slot * 400n) / 1000n);
    const wall = await withSimulator(SMALL, (simulator) => timeless(simulator));
    expect(wall).toEqual(first.timeless);
  });
});
