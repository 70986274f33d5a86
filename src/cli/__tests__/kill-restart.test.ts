import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type SpawnedDevnet, spawnDevnet, stop } from "./spawned-devnet.ts";

const dir = mkdtempSync(join(tmpdir(), "basket-kill-"));
const running: SpawnedDevnet[] = [];
afterAll(async () => {
  for (const devnet of running) await stop(devnet.child, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

// Realtime at 20 wall ms a slot: the bots land trades quickly, so the journal holds many
// lines past the checkpoint taken after the world's history, and all of them must replay.
const ARGS = ["--state-dir", dir, "--port", "0", "--clock", "realtime", "--slot-ms", "20", "--launches", "12", "--history-hours", "1"];

interface Trade {
  signature: string;
  slot: number;
  seq: number;
  [field: string]: unknown;
}

async function json(url: string): Promise<any> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/** Every trade of every launch, read page by page through the public routes. */
async function everyTrade(baseUrl: string): Promise<Map<string, Trade>> {
  const { launches } = await json(`${baseUrl}/v1/launches?limit=100`);
  const trades = new Map<string, Trade>();
  for (const launch of launches as { address: string }[]) {
    let cursor: string | null = null;
    do {
      const page: { trades: Trade[]; nextCursor: string | null } = await json(
        `${baseUrl}/v1/launches/${launch.address}/trades?limit=200${cursor ? `&before=${cursor}` : ""}`,
      );
      for (const trade of page.trades) trades.set(trade.signature, trade);
      cursor = page.trades.length === 200 ? page.nextCursor : null;
    } while (cursor);
  }
  return trades;
}

/** The fields a trade has from the chain alone (USD and SOL values move with later price samples). */
const chainFacts = ({ signature, launch, trader, direction, primaryAmount, dnaUnits, priceE12, progressBps, slot, seq, at }: Trade) => ({
  signature,
  launch,
  trader,
  direction,
  primaryAmount,
  dnaUnits,
  priceE12,
  progressBps,
  slot,
  seq,
  at,
});

describe("basket-devnet up --state-dir after kill -9", () => {
  it("serves again every trade it served before it was killed", { timeout: 180_000 }, async () => {
    const first = await spawnDevnet(ARGS);
    running.push(first);
    expect(first.output()).toContain("(new)");
    const historyTrades = await everyTrade(first.baseUrl);
    const historyEnd = Math.max(...[...historyTrades.values()].map((trade) => trade.slot));

    // Let the bots trade past the history (a loaded machine runs them slower: wait for a
    // count, not a time), then read everything the server serves.
    let seen = historyTrades;
    const botTrades = () => [...seen.values()].filter((trade) => trade.slot > historyEnd);
    for (const deadline = Date.now() + 45_000; botTrades().length < 25 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      seen = await everyTrade(first.baseUrl);
    }
    expect(botTrades().length).toBeGreaterThanOrEqual(25);
    await stop(first.child, "SIGKILL");

    const second = await spawnDevnet(ARGS);
    running.push(second);
    expect(second.output()).toContain("(resumed)");
    expect(second.output()).not.toMatch(/replayed differently/);
    const served = await everyTrade(second.baseUrl);
    const missing = [...seen.keys()].filter((signature) => !served.has(signature));
    expect(missing).toEqual([]);
    for (const trade of seen.values()) expect(chainFacts(served.get(trade.signature)!)).toEqual(chainFacts(trade));
    expect(await stop(second.child, "SIGTERM")).toBe(0);
  });
});
