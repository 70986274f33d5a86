import { once } from "node:events";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { generateKeyPairSigner } from "@solana/kit";
import { afterEach, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { Devnet } from "../../chain/devnet.ts";
import { ReadModel } from "../../indexer/read-model.ts";
import { signInstructions } from "../../chain/sign-instructions.ts";
import { U64_MAX } from "../../economics/index.ts";
import { getBuyExactOutInstruction } from "../../programs/index.ts";
import { launch, primaryAccountSetup, tradeAccounts, trader } from "../../world/__tests__/world-fixture.ts";
import { CLOSE_GOING_AWAY, CLOSE_POLICY_VIOLATION, CLOSE_TRY_AGAIN_LATER, STREAM_CLOSES } from "../close-codes.ts";
import type { StreamServerOptions } from "../stream-options.ts";
import { createStreamServer } from "../stream-server.ts";
import { CardsState } from "./cards-client.ts";
import { rawHttp } from "../../wire/__tests__/raw-http.ts";
import { StreamClient } from "./stream-client.ts";
import { type ServedStream, serveStream } from "./stream-fixture.ts";
import { startStreamWorld } from "./stream-world.ts";

/** A real, empty read model on a bare chain: the stream's own rules need no launches. */
function emptyWorld() {
  const devnet = Devnet.start({ seed: "stream-limits" });
  const readModel = new ReadModel({
    now: () => devnet.now(),
    solUsd: 150,
    components: [],
    venueAuthority: "11111111111111111111111111111111",
    mediaBaseUrl: "http://127.0.0.1",
  });
  return { devnet, readModel };
}

const served: ServedStream[] = [];
async function serve(options: Partial<StreamServerOptions> = {}): Promise<ServedStream> {
  const { devnet, readModel } = emptyWorld();
  const stream = await serveStream({ readModel, clock: devnet, ...options });
  served.push(stream);
  return stream;
}
afterEach(async () => {
  await Promise.all(served.splice(0).map((stream) => stream.stop()));
  expect(StreamClient.invalidFrames()).toEqual([]);
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const address = async () => (await generateKeyPairSigner()).address;

describe("1013: connection caps refuse (accept, then close with a reason)", () => {
  test("per address: 24 by default, configurable; a freed slot admits again", async () => {
    const { url, stream } = await serve({ maxConnectionsPerAddress: 2 });
    const [a, b] = [await StreamClient.ready(url), await StreamClient.ready(url)];
    const refused = await StreamClient.connect(url);
    expect(await refused.closed).toEqual({ code: CLOSE_TRY_AGAIN_LATER, reason: STREAM_CLOSES.addressCap.reason });
    expect(refused.frames).toEqual([]); // no hello for a refused socket
    await a.close();
    await sleep(20);
    const admitted = await StreamClient.ready(url);
    expect(stream.stats()).toMatchObject({ connections: 2, closes: { addressCap: 1 } });
    await Promise.all([b.close(), admitted.close()]);
  });

  test("the default per-address cap is the specification's 24", async () => {
    const { url } = await serve();
    const clients = await Promise.all(Array.from({ length: 24 }, () => StreamClient.ready(url)));
    const refused = await StreamClient.connect(url);
    expect((await refused.closed).code).toBe(CLOSE_TRY_AGAIN_LATER);
    await Promise.all(clients.map((client) => client.close()));
  });

  test("server cap", async () => {
    const { url } = await serve({ maxConnections: 2, addressOf: () => `peer-${Math.random()}` });
    const clients = [await StreamClient.ready(url), await StreamClient.ready(url)];
    const refused = await StreamClient.connect(url);
    expect(await refused.closed).toEqual({ code: CLOSE_TRY_AGAIN_LATER, reason: STREAM_CLOSES.serverCap.reason });
    await Promise.all(clients.map((client) => client.close()));
  });
});

describe("1001: idle and shutdown", () => {
  test("a peer heard from neither by frame nor by pong is closed after the idle timeout; a quiet live peer stays", async () => {
    const { url } = await serve({ heartbeatMs: 40, idleTimeoutMs: 250, tickMs: 10 });
    const dead = await StreamClient.ready(url, { autoPong: false });
    const quiet = await StreamClient.ready(url);
    expect(await dead.closed).toEqual({ code: CLOSE_GOING_AWAY, reason: STREAM_CLOSES.idle.reason });
    await sleep(400);
    expect(quiet.socket.readyState).toBe(WebSocket.OPEN);
    expect(quiet.ofKind("ping").length).toBeGreaterThan(5);
    await quiet.close();
  });

  test("close() sends 1001 to every socket and resolves once all are closed", async () => {
    const { url, stream } = await serve();
    const clients = await Promise.all([1, 2, 3].map(() => StreamClient.ready(url)));
    clients[0]!.send({ op: "sub", topic: "trades" });
    await clients[0]!.settle();
    const closes = clients.map((client) => client.closed);
    await stream.close();
    for (const closed of await Promise.all(closes))
      expect(closed).toEqual({ code: CLOSE_GOING_AWAY, reason: STREAM_CLOSES.shutdown.reason });
    expect(stream.stats().connections).toBe(0);
  });

  test("closing the app (attachStream's preClose) sends 1001 before the HTTP server stops", async () => {
    const w = await startStreamWorld("stream-app-close");
    const client = await StreamClient.ready(w.url);
    await w.stop();
    expect(await client.closed).toEqual({ code: CLOSE_GOING_AWAY, reason: STREAM_CLOSES.shutdown.reason });
  });
});

test("a plain HTTP request to the stream's path is told to upgrade (426), the WebSocket still opens there, other handshakes get the API's errors", async () => {
  const w = await startStreamWorld("stream-plain-http");
  try {
    const response = await fetch(`${w.baseUrl}/v1/stream`);
    expect(response.status).toBe(426);
    expect(response.headers.get("upgrade")).toBe("websocket");
    expect(await response.json()).toEqual({
      code: "UPGRADE_REQUIRED",
      error: expect.stringContaining("/v1/stream is a WebSocket"),
    });
    // A client that asks to close is answered and closed (rawHttp reads until the server closes).
    const closing = await rawHttp(Number(new URL(w.baseUrl).port), "GET /v1/stream HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(closing.head).toMatch(/^HTTP\/1\.1 426 .*\r\n(.*\r\n)*connection: Upgrade, close/i);
    const client = await StreamClient.ready(w.url);
    await client.close();
    // The stream's document is served beside it, naming this server.
    const document = await fetch(`${w.baseUrl}/asyncapi.yaml`);
    expect(document.status).toBe(200);
    expect(document.headers.get("content-type")).toBe("application/yaml; charset=utf-8");
    expect(await document.text()).toContain(`host: "${new URL(w.baseUrl).host}"`);
    // A handshake without its key is refused in the API's error shape, not ws's text/html.
    const upgrade = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(`${w.baseUrl}${path}`, { headers: { connection: "Upgrade", upgrade: "websocket", ...headers } });
        request.on("response", (answer) => {
          let body = "";
          answer.on("data", (chunk: Buffer) => (body += chunk.toString()));
          answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body }));
        });
        request.on("error", reject);
        request.end();
      });
    const keyless = await upgrade("/v1/stream");
    expect(keyless.status).toBe(400);
    expect(JSON.parse(keyless.body)).toEqual({ code: "BAD_REQUEST", error: expect.stringContaining("Sec-WebSocket-Key") });
    // A handshake for any other path has no stream, said as the API says it and naming where the stream is:
    // not "no route", since a plain GET of the same path may have one.
    const handshake = { "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", "sec-websocket-version": "13" };
    for (const path of ["/v1/streamx", "/v1/launches"]) {
      const elsewhere = await upgrade(`${path}?x=1`, handshake);
      expect(elsewhere.status).toBe(404);
      expect(JSON.parse(elsewhere.body)).toEqual({
        code: "NO_STREAM_HERE",
        error: `no WebSocket answers at "${path}"; the stream is at /v1/stream`,
      });
    }
  } finally {
    await w.stop();
  }
});

test("1008: more frames than the window allows", async () => {
  const { url, stream } = await serve({ frameRate: { frames: 5, windowMs: 60_000 } });
  const client = await StreamClient.ready(url);
  for (let i = 0; i < 4; i++) client.send({ kind: "chatter", i }); // ignored frames count too
  await client.settle(); // settle pings: the fifth frame
  expect(client.socket.readyState).toBe(WebSocket.OPEN);
  client.send({ kind: "chatter", i: 5 });
  expect(await client.closed).toEqual({ code: CLOSE_POLICY_VIOLATION, reason: STREAM_CLOSES.tooManyFrames.reason });
  expect(stream.stats().closes).toEqual({ tooManyFrames: 1 });
});

describe("frames the server ignores (the socket stays open, nothing answers)", () => {
  /** A cards sub padded with JSON whitespace to exactly `bytes` bytes. */
  const paddedSub = (mint: string, bytes: number) => {
    const head = `{"op":"sub","tier":"cards","mints":["${mint}"]`;
    return `${head}${" ".repeat(bytes - head.length - 1)}}`;
  };

  test("the 64 KB boundary: 65,535 and 65,536 bytes are read, 65,537, 200 KB, 1 MiB and 2 MiB are ignored", async () => {
    const { url, stream } = await serve();
    const client = await StreamClient.ready(url);
    const mint = await address();
    for (const [bytes, answered] of [
      [65_535, true],
      [65_536, true],
      [65_537, false],
      [200_000, false],
      // Up to the payload bound (4 MiB) too: ignored like any frame over 64 KB, not closed with 1009.
      [1024 * 1024, false],
      [2 * 1024 * 1024 + 100, false],
      [1_000, true],
    ] as const) {
      const frame = paddedSub(mint, bytes);
      expect(Buffer.byteLength(frame)).toBe(bytes);
      const before = client.ofKind("cards").length;
      client.send(frame);
      await client.settle();
      expect([bytes, client.ofKind("cards").length - before]).toEqual([bytes, answered ? 1 : 0]);
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
    }
    expect(stream.stats().ignoredFrames).toBe(4);
    await client.close();
  });

  test("an oversized frame counts toward the frame budget once per 64 KB it holds, so the budget bounds a socket's bytes", async () => {
    const { url, stream } = await serve({ frameRate: { frames: 10, windowMs: 60_000 } });
    const client = await StreamClient.ready(url);
    const mint = await address();
    // 65,537 bytes count as 2: four of them are 8 of the 10, and the socket stays open.
    for (let sent = 0; sent < 4; sent++) client.send(paddedSub(mint, 65_537));
    await client.settle(); // a ping of its own: the 9th
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    // 200,000 bytes count as 4: past the 10.
    client.send(paddedSub(mint, 200_000));
    expect(await client.closed).toEqual({ code: CLOSE_POLICY_VIOLATION, reason: STREAM_CLOSES.tooManyFrames.reason });
    expect(stream.stats().closes).toEqual({ tooManyFrames: 1 });
  });

  test("a frame past the 4 MiB payload bound closes its socket alone with 1009: ws holds a frame whole before it is read", async () => {
    const { url } = await serve();
    const [sender, other] = await Promise.all([StreamClient.ready(url), StreamClient.ready(url)]);
    sender.send(paddedSub(await address(), 4 * 1024 * 1024 + 1));
    const [code] = (await once(sender.socket, "close")) as [number];
    expect(code).toBe(1009);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    await other.close();
  });

  test("non-JSON, unknown kinds and ops, unknown tiers, v other than 1", async () => {
    const { url, stream } = await serve();
    const client = await StreamClient.ready(url);
    const mint = await address();
    const junk = [
      "hello?",
      "",
      "[]",
      "null",
      JSON.stringify({ kind: "ping" }),
      JSON.stringify({ op: "publish", topic: "trades" }),
      JSON.stringify({ op: "sub", tier: "platinum", mints: [mint] }),
      JSON.stringify({ op: "sub", tier: "cards", mints: [mint], v: 2 }),
      JSON.stringify({ op: "sub", tier: "cards", mints: [mint], v: "1" }),
    ];
    for (const frame of junk) client.send(frame);
    client.socket.send(Buffer.from([0xff, 0xfe, 0x00]), { binary: true });
    await client.settle();
    expect(client.frames.map((frame) => frame.kind)).toEqual(["hello"]);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(stream.stats().ignoredFrames).toBe(junk.length + 1);
    client.send({ op: "sub", tier: "cards", mints: [mint], v: 1 });
    expect((await client.next("cards")).full).toBe(true);
    await client.close();
  });
});

test("8 topics per socket: the 9th is trimmed and answered with suback", async () => {
  const { url } = await serve();
  const client = await StreamClient.ready(url);
  for (const topic of ["launches", "trades", "t1", "t2", "t3", "t4", "t5", "t6"]) client.send({ op: "sub", topic });
  client.send({ op: "sub", topic: "trades" }); // held already: not a new topic
  await client.settle();
  expect(client.ofKind("suback")).toEqual([]);
  client.send({ op: "sub", topic: "t7" });
  expect(await client.next("suback")).toEqual({ kind: "suback", accepted: 0, rejected: 1, cap: 8 });
  client.send({ op: "unsub", topic: "t1" });
  client.send({ op: "sub", topic: "t7" });
  await client.settle();
  expect(client.ofKind("suback")).toHaveLength(1);
  await client.close();
});

test("a slow consumer is closed 1001 at the high-water mark; the others keep receiving everything", async () => {
  const w = await startStreamWorld("stream-slow", { highWaterMarkBytes: 256 * 1024, closeGraceMs: 30_000 });
  try {
    const launched = await launch(w.world, w.creator, { seed: 1n });
    const slow = await StreamClient.ready(w.url);
    const healthy = await StreamClient.ready(w.url);
    for (const client of [slow, healthy]) client.send({ op: "sub", tier: "cards", mints: [launched.accounts.launch] });
    await Promise.all([slow.settle(), healthy.settle()]);
    // Stop reading on the slow socket (ws keeps its net.Socket as `_socket`): TCP fills, then the server's buffer.
    const tcp = (slow.socket as unknown as { _socket: import("node:net").Socket })._socket;
    tcp.pause();
    let resyncs = 0;
    while (w.stream.stats().closes.slowConsumer === undefined && resyncs < 200_000) {
      w.stream.resync(); // a resync frame and a snapshot to each socket
      resyncs += 1;
      if (resyncs % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(w.stream.stats().closes).toEqual({ slowConsumer: 1 });
    await healthy.settle();
    expect(healthy.ofKind("resync")).toHaveLength(resyncs);
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
    tcp.resume(); // it reads its backlog, then the close frame
    expect(await slow.closed).toEqual({ code: CLOSE_GOING_AWAY, reason: STREAM_CLOSES.slowConsumer.reason });
    expect(slow.ofKind("cards").length).toBeLessThan(healthy.ofKind("cards").length); // what passed the mark was never queued
    await healthy.close();
  } finally {
    await w.stop();
  }
});

test("upgrades on other paths are not the stream's", async () => {
  const { baseUrl } = await serve();
  const socket = new WebSocket(`${baseUrl.replace("http", "ws")}/v1/other`);
  const error = await new Promise<Error>((resolve) => socket.once("error", resolve));
  expect(error.message).toContain("404");
});

test("options are validated once, at construction", () => {
  const { devnet, readModel } = emptyWorld();
  const base = { readModel, clock: devnet };
  expect(() => createStreamServer({ ...base, heartbeatMs: 0 })).toThrow(RangeError);
  expect(() => createStreamServer({ ...base, frameRate: { frames: 1.5, windowMs: 10 } })).toThrow(RangeError);
  expect(() => createStreamServer({ ...base, maxPayloadBytes: 65_536 })).toThrow(/1009/);
  expect(() => createStreamServer({ ...base, initialScope: "everything" as never })).toThrow(RangeError);
  expect(() => createStreamServer({ ...base, path: "v1/stream" })).toThrow(RangeError);
});

test("changes the server could not hold are announced as resync, followed by a fresh cards snapshot", async () => {
  const small = await startStreamWorld("stream-overflow", { maxPendingChanges: 1 });
  try {
    const launched = await launch(small.world, small.creator, { seed: 1n });
    const buyer = await trader(small.world, launched, 10n ** 16n);
    const client = await StreamClient.ready(small.url);
    const state = new CardsState(client);
    client.send({ op: "sub", tier: "cards", mints: [launched.accounts.launch] });
    await client.settle();
    state.fold();
    // Two trades land in one slot, in one turn of the event loop: two changes, one more than the server holds.
    const accounts = await tradeAccounts(buyer, launched);
    for (const amount of [10n ** 12n, 2n * 10n ** 12n]) {
      const instructions = [primaryAccountSetup(buyer, accounts), getBuyExactOutInstruction({ ...accounts, amount, maxDnaIn: U64_MAX })];
      expect(
        small.devnet.submit(await signInstructions({ feePayer: buyer, instructions, lifetime: small.devnet.latestBlockhash() })).accepted,
      ).toBe(true);
    }
    expect(small.devnet.advanceSlots(1).filter((landed) => landed.ok)).toHaveLength(2);
    await client.settle();
    expect(client.frames.slice(2).map((frame) => frame.kind)).toEqual(["resync", "cards"]);
    expect(state.fold()).toBe(1);
    const row = await small.get<Record<string, unknown>>(`/v1/launches/${launched.accounts.launch}`);
    expect(state.cards.get(launched.accounts.launch)!.priceE12).toBe(row.priceE12);
    expect(small.stream.stats().resyncs).toBe(1);
    await client.close();
  } finally {
    await small.stop();
  }
});

test("control hooks: closeSockets() closes every socket 1001 and keeps serving; injected duplicates arrive twice", async () => {
  const { url, stream } = await serve();
  const clients = await Promise.all([1, 2].map(() => StreamClient.ready(url)));
  expect(stream.closeSockets()).toBe(2);
  for (const client of clients) expect(await client.closed).toEqual({ code: CLOSE_GOING_AWAY, reason: STREAM_CLOSES.control.reason });
  const again = await StreamClient.ready(url);
  stream.injectFault({ kind: "duplicate", frames: 1 });
  stream.resync();
  await again.settle();
  expect(again.frames.map((frame) => frame.kind)).toEqual(["hello", "resync", "resync"]);
  await again.close();
});

test("a handshake the peer resets before it reads the answer ends that socket, not the server", async () => {
  const w = await startStreamWorld("stream-handshake-reset");
  try {
    const port = Number(new URL(w.baseUrl).port);
    for (const path of ["/nope", "/v1/stream"]) {
      const socket = connect(port, "127.0.0.1");
      await once(socket, "connect");
      // No key on the stream's path: refused too. Reset as the answer arrives (an RST, not a FIN).
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`);
      await once(socket, "data");
      socket.resetAndDestroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Still serving: a stream client opens and the HTTP side answers.
    const client = await StreamClient.ready(w.url);
    await client.close();
    expect((await fetch(`${w.baseUrl}/v1/stream`)).status).toBe(426);
  } finally {
    await w.stop();
  }
});
