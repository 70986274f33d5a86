import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_GENESIS_UNIX_TIMESTAMP } from "../../chain/virtual-clock.ts";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../../programs/index.ts";
import { type Simulator, type SimulatorOptions, startSimulator } from "../simulator.ts";
import { CHECKPOINT_FILE, JOURNAL_FILE } from "../state-journal.ts";
import { type WorldIdentity, worldCacheKey } from "../world-cache.ts";

const dirs: string[] = [];
function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "basket-world-cache-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Pinned genesis and no bots: two starts of the same world must answer byte for byte alike.
const SMALL = {
  seed: "cache-a",
  port: 0,
  clockMode: "manual",
  launchCount: 4,
  historyHours: 0.3,
  bots: false,
  genesisTime: DEFAULT_GENESIS_UNIX_TIMESTAMP,
} as const;

/** What a client sees of the world: the launches page, every launch's trade tape and chart, the live tape, and the chain's accounts. */
async function answers(simulator: Simulator): Promise<unknown> {
  const get = async (path: string) => {
    const response = await simulator.app.inject(path);
    expect(response.statusCode, path).toBe(200);
    // Media links carry the server's own port.
    return JSON.parse(response.body.replaceAll(simulator.baseUrl, "")) as unknown;
  };
  const page = (await get("/v1/launches?limit=100")) as { launches: { mint: string }[] };
  expect(page.launches.length).toBe(simulator.population.launches.length);
  const tapes = [];
  for (const launch of simulator.population.launches) {
    tapes.push(await get(`/v1/launches/${launch.mint}/trades?limit=200`), await get(`/v1/launches/${launch.mint}/chart`));
  }
  const accounts = [LAUNCH_PROGRAM_ADDRESS, CURVE_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS].map((owner) =>
    simulator.devnet.getProgramAccounts(owner),
  );
  return {
    // The launches, traders, keeper and exhibits the bots and the keeper work with.
    population: {
      launches: simulator.population.launches,
      traders: simulator.population.traders.map((trader) => trader.address),
      keeper: simulator.population.keeper.address,
      parked: [...simulator.population.parked],
    },
    page,
    tapes,
    live: await get("/v1/trades/live"),
    trending: await get("/v1/launches/trending"),
    accounts,
    now: simulator.devnet.now(),
  };
}

async function startAndRead(options: SimulatorOptions): Promise<{ source: string; answers: unknown }> {
  const simulator = await startSimulator(options);
  try {
    const read = await answers(simulator);
    // The server's own changes after the start (an airdrop, time) must never reach the cached entry.
    simulator.devnet.airdrop(simulator.population.traders[0]!.address, 1_000_000n);
    simulator.devnet.advanceSlots(5);
    return { source: simulator.worldSource, answers: read };
  } finally {
    await simulator.close();
  }
}

const entries = (dir: string) => readdirSync(dir).filter((name) => /^[0-9a-f]{32}$/.test(name));

describe("world cache", () => {
  it("builds a world once, then serves the same answers from the cache; a damaged entry is rebuilt", async () => {
    const dir = cacheDir();
    const options = { ...SMALL, worldCache: dir };
    const first = await startAndRead(options);
    expect(first.source).toBe("built");
    expect(entries(dir)).toHaveLength(1);

    const entry = join(dir, entries(dir)[0]!);
    const journal = readFileSync(join(entry, JOURNAL_FILE));
    const second = await startAndRead(options);
    expect(second.source).toBe("cache");
    expect(second.answers).toEqual(first.answers);
    expect(readFileSync(join(entry, JOURNAL_FILE)).equals(journal)).toBe(true);

    // A flipped byte in the chain snapshot: the entry no longer matches its manifest.
    const checkpoint = readFileSync(join(entry, CHECKPOINT_FILE));
    checkpoint[checkpoint.length - 100]! ^= 0xff;
    writeFileSync(join(entry, CHECKPOINT_FILE), checkpoint);
    const third = await startAndRead(options);
    expect(third.source).toBe("built");
    expect(third.answers).toEqual(first.answers);

    // Garbage whose manifest was rewritten to match: it fails to load, and is rebuilt, not a crash.
    const manifestPath = join(entry, "manifest.json");
    const garbage = Buffer.from('{"v":1,"seed":"cache-a","entries":1}\nnot a chain');
    writeFileSync(join(entry, CHECKPOINT_FILE), garbage);
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, string>;
    manifest.checkpoint = createHash("sha256").update(garbage).digest("hex");
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const fourth = await startAndRead(options);
    expect(fourth.source).toBe("built");
    expect(fourth.answers).toEqual(first.answers);

    // The rebuilt entry serves again.
    expect((await startAndRead(options)).source).toBe("cache");
    expect(readdirSync(dir).filter((name) => name.includes(".tmp-"))).toEqual([]);
  });

  it("misses on another seed or world option, and is not used with worldCache: false", async () => {
    const dir = cacheDir();
    expect((await startAndRead({ ...SMALL, worldCache: dir })).source).toBe("built");
    expect((await startAndRead({ ...SMALL, seed: "cache-b", worldCache: dir })).source).toBe("built");
    expect((await startAndRead({ ...SMALL, launchCount: 3, worldCache: dir })).source).toBe("built");
    expect(entries(dir)).toHaveLength(3);
    expect((await startAndRead({ ...SMALL, worldCache: false })).source).toBe("built");
    expect(entries(dir)).toHaveLength(3);
    // Options that do not shape the world (clock mode, bots, port) share the entry.
    expect((await startAndRead({ ...SMALL, clockMode: "per-transaction", worldCache: dir })).source).toBe("cache");
  });

  it("fills a new state directory from the cache, and a world built into one is cached; the directory then resumes its own", async () => {
    const dir = cacheDir();
    const options = { ...SMALL, seed: "cache-s", worldCache: dir };
    const intoState = await startAndRead({ ...options, stateDir: join(cacheDir(), "state") });
    expect(intoState.source).toBe("built");
    const plain = await startAndRead(options);
    expect(plain.source).toBe("cache");
    expect(plain.answers).toEqual(intoState.answers);

    const stateDir = join(cacheDir(), "state");
    const first = await startSimulator({ ...options, stateDir });
    const wallet = first.population.traders[1]!.address;
    let balance: bigint;
    try {
      expect(first.worldSource).toBe("cache");
      expect(await answers(first)).toEqual(plain.answers);
      first.devnet.airdrop(wallet, 123_456_789n);
      first.devnet.advanceSlots(3);
      balance = first.devnet.getBalance(wallet);
    } finally {
      await first.close();
    }
    const resumed = await startSimulator({ ...options, stateDir });
    try {
      expect(resumed.worldSource).toBe("state-dir");
      expect(resumed.devnet.getBalance(wallet)).toBe(balance);
    } finally {
      await resumed.close();
    }
  });

  it("keys on every option that shapes the world", () => {
    const base: WorldIdentity = {
      seed: "1",
      launchCount: 60,
      historyHours: 6,
      solUsd: 150,
      genesisUnixTimestamp: DEFAULT_GENESIS_UNIX_TIMESTAMP,
      slotMillis: 400,
      wallClock: false,
    };
    const variants: WorldIdentity[] = [
      { ...base, seed: "2" },
      { ...base, launchCount: 61 },
      { ...base, historyHours: 6.5 },
      { ...base, solUsd: 151 },
      { ...base, genesisUnixTimestamp: DEFAULT_GENESIS_UNIX_TIMESTAMP + 1n },
      { ...base, wallClock: true },
    ];
    const keys = new Set([base, ...variants].map(worldCacheKey));
    expect(keys.size).toBe(variants.length + 1);
    expect(worldCacheKey({ ...base })).toBe(worldCacheKey(base));
  });

  it("with genesis at the wall clock, starts in the same ten minutes share one world whose history ends before the start", async () => {
    const dir = cacheDir();
    const wall = { ...SMALL, genesisTime: "now", worldCache: dir } as const;
    const simulator = await startSimulator(wall);
    try {
      const now = Date.now();
      const genesis = Number(simulator.devnet.now().unixMillis - simulator.devnet.now().slot * 400n);
      // Slot 0 is floored to the ten-minute bucket: up to ten minutes before one history ago.
      expect(genesis % 600_000).toBe(0);
      expect(genesis).toBeLessThanOrEqual(now - 0.3 * 3_600_000);
      expect(genesis).toBeGreaterThan(now - 0.3 * 3_600_000 - 600_000 - 60_000);
      expect(Math.abs(Number(simulator.devnet.now().unixMillis) - now)).toBeLessThan(5_000);
    } finally {
      await simulator.close();
    }
    const second = await startSimulator(wall);
    try {
      // Unless the bucket turned over between the two starts, the world is the cached one.
      const sameBucket = entries(dir).length === 1;
      expect(second.worldSource).toBe(sameBucket ? "cache" : "built");
    } finally {
      await second.close();
    }
    expect(existsSync(join(dir, entries(dir)[0]!, JOURNAL_FILE))).toBe(true);
  });
});
