import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type Simulator, startSimulator } from "../simulator.ts";

let simulator: Simulator;

beforeAll(async () => {
  simulator = await startSimulator({ seed: "simulator-tests", port: 0, clockMode: "manual" });
});

afterAll(async () => {
  await simulator?.close();
});

async function getJson(path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${simulator.baseUrl}${path}`);
  return { status: response.status, body: await response.json() };
}

/** Advances slot by slot in manual mode, letting the bots and the keeper submit between slots. */
async function advance(slots: number): Promise<void> {
  for (let i = 0; i < slots; i++) {
    simulator.devnet.advanceSlots(1);
    await simulator.bots?.whenIdle();
    await simulator.keeper.whenIdle();
  }
}

describe("startSimulator", () => {
  it("listens on a free port and names its base and stream URLs", () => {
    expect(simulator.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(simulator.baseUrl).not.toMatch(/:0$/);
    expect(simulator.streamUrl).toBe(`${simulator.baseUrl.replace("http", "ws")}/v1/stream`);
  });

  it("serves at least 50 launches over real HTTP, in all four statuses, some sharing a ticker", async () => {
    const { status, body } = await getJson("/v1/launches?limit=100");
    expect(status).toBe(200);
    const launches = body.launches as {
      address: string;
      symbol: string;
      status: string;
      imageUri: string;
      category: string;
      description: string;
    }[];
    expect(launches.length).toBeGreaterThanOrEqual(50);
    expect(new Set(launches.map((launch) => launch.status))).toEqual(
      new Set(["activeBonding", "graduationPending", "migrating", "graduated"]),
    );
    const tickers = new Map<string, number>();
    for (const launch of launches) tickers.set(launch.symbol, (tickers.get(launch.symbol) ?? 0) + 1);
    expect([...tickers.values()].some((count) => count > 1)).toBe(true);
    for (const launch of launches) {
      expect(launch.description.length).toBeGreaterThan(0);
      expect(launch.imageUri.startsWith(`${simulator.baseUrl}/v1/media/`)).toBe(true);
    }
    const image = await fetch(launches[0]!.imageUri);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  });

  it("has history: trades, candles and launches near graduation", async () => {
    const almost = await getJson("/v1/launches/almost-paired");
    expect(almost.body.launches.length).toBeGreaterThan(0);
    const busiest = simulator.population.launches.find((launch) => launch.status === "graduated")!;
    const trades = await getJson(`/v1/launches/${busiest.address}/trades?limit=200`);
    expect(trades.body.trades.length).toBeGreaterThan(5);
    const chart = await getJson(`/v1/launches/${busiest.address}/chart?bucket=3600&limit=24`);
    expect(chart.body.candles.filter((candle: { n: number }) => candle.n > 0).length).toBeGreaterThan(1);
  });

  it("keeps trading in manual mode when slots pass: new trades reach the live feed", async () => {
    const before = (await getJson("/v1/trades/live")).body.trades.map((trade: { signature: string }) => trade.signature);
    await advance(40);
    const after = (await getJson("/v1/trades/live")).body.trades.map((trade: { signature: string }) => trade.signature);
    expect(after.filter((signature: string) => !before.includes(signature)).length).toBeGreaterThan(0);
  });

  it("serves the stream on the same port", async () => {
    const socket = new WebSocket(simulator.streamUrl);
    const [data] = (await once(socket, "message")) as [Buffer];
    expect(JSON.parse(data.toString())).toMatchObject({ kind: "hello", v: 1 });
    socket.close();
  });

  it("disturbs the stream on request: resync to every socket, then close them all with 1001", async () => {
    const socket = new WebSocket(simulator.streamUrl);
    const frames: { kind: string; reason?: string }[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(data.toString())));
    await once(socket, "open");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const post = (body: unknown) =>
      fetch(`${simulator.baseUrl}/devnet/faults/stream`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post({ kind: "resync" })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(frames.map((frame) => frame.kind)).toContain("resync");
    // A restore goes back before a drop fault armed since: the fault is disarmed, and the restore's resync arrives.
    const control = (path: string, body: unknown) =>
      fetch(`${simulator.baseUrl}/devnet/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { id: string } }));
    const snapshot = await control("snapshot", {});
    expect(snapshot.status).toBe(200);
    expect((await post({ kind: "drop", frames: 5 })).status).toBe(200);
    const resyncs = frames.filter((frame) => frame.kind === "resync").length;
    expect((await control("restore", { id: snapshot.body.id })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(frames.filter((frame) => frame.kind === "resync")).toHaveLength(resyncs + 1);
    const closed = once(socket, "close");
    expect((await post({ kind: "close" })).status).toBe(200);
    const [code] = (await closed) as [number];
    expect(code).toBe(1001);
  });

  it("runs the trade flow and the faucet on the same server", async () => {
    const wallet = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
    const airdrop = await fetch(`${simulator.baseUrl}/devnet/airdrop`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ wallet, lamports: "5000000000" }),
    });
    expect(airdrop.status).toBe(200);
    const launch = (await getJson("/v1/launches?tab=new&state=bonding&limit=1")).body.launches[0];
    const quote = await fetch(`${simulator.baseUrl}/v1/trades/quote`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ launch: launch.address, direction: "buy", amountIn: "1000000000", wallet }),
    });
    expect(quote.status).toBe(200);
    expect(((await quote.json()) as { quote: { route: { transactions: number } } }).quote.route.transactions).toBeGreaterThanOrEqual(2);
  });

  it("refuses bad options before starting anything", async () => {
    await expect(startSimulator({ port: 70_000 })).rejects.toThrow(/port must be/);
    await expect(startSimulator({ clockMode: "sometimes" as never })).rejects.toThrow(/clock must be one of/);
    await expect(startSimulator({ seed: "two words" })).rejects.toThrow(/seed must be/);
  });
});
