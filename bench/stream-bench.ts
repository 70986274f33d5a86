/**
 * Issue 5's benchmark: the stream server against a bare `ws` server sending the same bytes.
 * 1,000 sockets each hold 100 cards of 500 launches; trades arrive at 200 per second (10
 * every 50 ms) for a few seconds. Measured: delivery latency from the change feed to the
 * client (p50/p99), server CPU per delivered frame, and server memory per socket.
 *
 * The read model is a stand-in (rows in a map, a change feed): the indexer has its own
 * benchmark, and this one measures what the stream adds. Clients run in a child process.
 */
import { type ChildProcess, fork } from "node:child_process";
import { createHash } from "node:crypto";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { getBase58Decoder } from "@solana/kit";
import { WebSocketServer } from "ws";
import { cardOf } from "../src/stream/card-of.ts";
import type { CardSource, StreamChange, StreamReadModel } from "../src/stream/stream-read-model.ts";
import { createStreamServer } from "../src/stream/stream-server.ts";
import { table } from "./measure.ts";

const SOCKETS = 1_000;
const CARDS_PER_SOCKET = 100;
const LAUNCHES = 500;
const TICK_MS = 50;
const TRADES_PER_TICK = 10;
const RUN_MS = 4_000;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** A small seeded generator: the same sets and trades on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

class BenchReadModel implements StreamReadModel {
  readonly rows = new Map<string, CardSource>();
  readonly #listeners = new Set<(changes: readonly StreamChange[]) => void>();
  onChange(listener: (changes: readonly StreamChange[]) => void) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  getLaunch(id: string) {
    return this.rows.get(id) ?? null;
  }
  trade(launch: string, tick: number): void {
    const row = this.rows.get(launch)!;
    this.rows.set(launch, { ...row, priceE12: String(tick), lastTradeAt: tick, trades24: row.trades24 + 1 });
    for (const listener of this.#listeners) listener([{ kind: "trade", launch, signature: `${tick}`, slot: BigInt(tick), seq: 0 }]);
  }
}

const launches = Array.from({ length: LAUNCHES }, (_, i) => getBase58Decoder().decode(createHash("sha256").update(`launch:${i}`).digest()));
const sets = Array.from({ length: SOCKETS }, (_, i) => {
  const next = random(i + 1);
  const chosen = new Set<string>();
  while (chosen.size < CARDS_PER_SOCKET) chosen.add(launches[Math.floor(next() * LAUNCHES)]!);
  return [...chosen];
});
const tradesOf = (tick: number) => {
  const next = random(1_000_000 + tick);
  return Array.from({ length: TRADES_PER_TICK }, () => launches[Math.floor(next() * LAUNCHES)]!);
};

function freshModel(): BenchReadModel {
  const model = new BenchReadModel();
  for (const [i, address] of launches.entries()) {
    model.rows.set(address, {
      address,
      primaryMint: address,
      symbol: `L${i}`,
      name: `Launch ${i}`,
      imageUri: `http://127.0.0.1/v1/media/${i}.svg`,
      kind: "pairs",
      status: "activeBonding",
      progressBps: 1_234,
      priceE12: "0",
      priceUsd: 0.0001,
      marketCap: 4_200,
      change24Bps: 0,
      volume24hUsd: 0,
      holders: 3,
      trades24: 0,
      lastTradeAt: 0,
    });
  }
  return model;
}

const ask = <T>(child: ChildProcess, message: object, reply: string) =>
  new Promise<T>((resolve) => {
    const onMessage = (answer: { type: string }) => {
      if (answer.type !== reply) return;
      child.off("message", onMessage);
      resolve(answer as T);
    };
    child.on("message", onMessage);
    child.send(message);
  });

const heapNow = async () => {
  // Closed sockets of the previous run release their memory over a few turns: let them, then collect.
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
  }
  const memory = process.memoryUsage();
  return { heap: memory.heapUsed + memory.external + memory.arrayBuffers, rss: memory.rss };
};

interface Run {
  /** Sockets the server closed during the run (slow consumers would show here). */
  closedByServer: number;
  latencies: number[];
  framesDelivered: number;
  cpuMicros: number;
  heapPerSocket: number;
  rssPerSocket: number;
}

/** One measured run: `serve` sets the server up on `http` and returns what a tick does. */
async function measure(
  child: ChildProcess,
  serve: (http: Server) => { onTick(tick: number): void; sent(): number; closed(): number; stop(): Promise<void> },
): Promise<Run> {
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const before = await heapNow();
  const server = serve(http);
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/v1/stream`;
  await ask(child, { type: "connect", url, sets }, "ready");
  const after = await heapNow();

  const emittedAt: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  // A fixed number of ticks on a fixed schedule (a late tick fires at once), so both servers get the same trades.
  for (let tick = 1; tick <= RUN_MS / TICK_MS; tick++) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + tick * TICK_MS - performance.now())));
    emittedAt[tick] = performance.timeOrigin + performance.now();
    server.onTick(tick);
  }
  const used = process.cpuUsage(cpu);
  // Every frame sent must have arrived before the samples are read (the clients may lag).
  type Samples = { ticks: Int32Array; arrivals: Float64Array; frames: number };
  let samples = await ask<Samples>(child, { type: "collect" }, "samples");
  for (let waited = 0; samples.frames < server.sent() && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    samples = await ask<Samples>(child, { type: "collect" }, "samples");
  }
  const closedByServer = server.closed();
  await ask(child, { type: "close" }, "closed");
  await server.stop();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  const latencies = Array.from(samples.ticks, (t, i) => samples.arrivals[i]! - emittedAt[t]!).filter(Number.isFinite);
  return {
    closedByServer,
    latencies,
    framesDelivered: samples.frames,
    cpuMicros: used.user + used.system,
    heapPerSocket: (after.heap - before.heap) / SOCKETS,
    rssPerSocket: (after.rss - before.rss) / SOCKETS,
  };
}

function streamServer(http: Server) {
  const model = freshModel();
  const stream = createStreamServer({
    heartbeatMs: 3_600_000,
    readModel: model,
    clock: { now: () => ({ slot: 0n, unixMillis: 0n }), latestBlockhash: () => ({ blockhash: launches[0]!, lastValidBlockHeight: 150n }) },
    maxConnectionsPerAddress: SOCKETS,
  });
  stream.attach(http);
  const base = stream.stats().framesSent;
  return {
    onTick: (tick: number) => tradesOf(tick).forEach((launch) => model.trade(launch, tick)),
    sent: () => stream.stats().framesSent - base - 2 * SOCKETS, // hello and snapshot are not counted by the clients
    closed: () => Object.values(stream.stats().closes).reduce((sum, count) => sum + count, 0),
    stop: () => stream.close(),
  };
}

/** The least a server can do: per tick, each socket's changed cards joined into one frame and sent. */
function bareServer(http: Server) {
  const model = freshModel();
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  const holders = new Map<string, number[]>();
  sets.forEach((set, i) => set.forEach((launch) => holders.set(launch, [...(holders.get(launch) ?? []), i])));
  const sockets: import("ws").WebSocket[] = [];
  const seq = new Array<number>(SOCKETS).fill(1);
  let sent = 0;
  wss.on("connection", (socket, request) => {
    const i = Number(new URL(request.url!, "http://x").searchParams.get("i"));
    sockets[i] = socket;
    socket.send('{"kind":"hello","at":0,"v":1}');
    socket.once("message", () =>
      socket.send(
        JSON.stringify({
          kind: "cards",
          full: true,
          seq: 1,
          prev: 0,
          data: { cards: sets[i]!.map((l) => cardOf(model.rows.get(l)!)), removed: [] },
        }),
      ),
    );
  });
  return {
    onTick(tick: number) {
      const perSocket = new Map<number, string[]>();
      for (const launch of new Set(tradesOf(tick))) {
        const row = model.rows.get(launch)!;
        model.rows.set(launch, { ...row, priceE12: String(tick), lastTradeAt: tick, trades24: row.trades24 + 1 });
        const json = JSON.stringify(cardOf(model.rows.get(launch)!));
        for (const i of holders.get(launch) ?? []) (perSocket.get(i) ?? perSocket.set(i, []).get(i)!).push(json);
      }
      for (const [i, cards] of perSocket) {
        const prev = seq[i]!;
        seq[i] = prev + 1;
        sent += 1;
        sockets[i]?.send(
          `{"kind":"cards","full":false,"seq":${prev + 1},"prev":${prev},"data":{"cards":[${cards.join(",")}],"removed":[]}}`,
        );
      }
    },
    sent: () => sent,
    closed: () => 0,
    stop: () => new Promise<void>((resolve) => (wss.clients.forEach((socket) => socket.terminate()), wss.close(() => resolve()))),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

export async function streamBench(): Promise<string> {
  const child = fork(new URL("./stream-bench-clients.ts", import.meta.url).pathname, [], { serialization: "advanced" });
  try {
    // Alternated rounds, pooled: the two processes share the machine, and the order must not favour either server.
    const rounds = [
      await measure(child, bareServer),
      await measure(child, streamServer),
      await measure(child, streamServer),
      await measure(child, bareServer),
    ];
    const pool = (a: Run, b: Run): Run => ({
      closedByServer: a.closedByServer + b.closedByServer,
      latencies: [...a.latencies, ...b.latencies],
      framesDelivered: a.framesDelivered + b.framesDelivered,
      cpuMicros: a.cpuMicros + b.cpuMicros,
      heapPerSocket: (a.heapPerSocket + b.heapPerSocket) / 2,
      rssPerSocket: (a.rssPerSocket + b.rssPerSocket) / 2,
    });
    const bare = pool(rounds[0]!, rounds[3]!);
    const ours = pool(rounds[1]!, rounds[2]!);
    const row = (name: string, run: Run) => [
      name,
      percentile(run.latencies, 50).toFixed(2),
      percentile(run.latencies, 99).toFixed(2),
      run.framesDelivered,
      (run.cpuMicros / run.framesDelivered).toFixed(1),
      (run.heapPerSocket / 1024).toFixed(1),
      (run.rssPerSocket / 1024).toFixed(1),
    ];
    const ratio = (f: (run: Run) => number) => (f(ours) / f(bare)).toFixed(2);
    return [
      `## Stream: ${SOCKETS} sockets × ${CARDS_PER_SOCKET} cards, ${(TRADES_PER_TICK * 1000) / TICK_MS} trades/s for ${RUN_MS / 1000} s (two runs each)`,
      "",
      table(
        [
          "server",
          "latency p50 ms",
          "latency p99 ms",
          "frames delivered",
          "server CPU µs/frame",
          "heap+external KiB/socket",
          "RSS KiB/socket",
        ],
        [row("bare ws (same bytes)", bare), row("stream server", ours)],
      ),
      "",
      `Ratios stream/bare: latency p50 ${ratio((r) => percentile(r.latencies, 50))}, p99 ${ratio((r) => percentile(r.latencies, 99))}, ` +
        `CPU per frame ${ratio((r) => r.cpuMicros / r.framesDelivered)}. Goal: memory per socket ≤ 64 KiB. ` +
        `Sockets the stream server closed during the runs: ${ours.closedByServer}. Latency is measured from the change feed to the ` +
        "client's message event across two processes sharing the machine, so p99 moves with other load.",
    ].join("\n");
  } finally {
    child.kill();
  }
}
