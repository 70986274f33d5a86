import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { connect } from "node:net";
import { afterEach, expect, test } from "vitest";
import { WebSocket } from "ws";
import { Devnet } from "../../chain/devnet.ts";
import { ReadModel } from "../../indexer/read-model.ts";
import { CLOSE_POLICY_VIOLATION, STREAM_CLOSES } from "../close-codes.ts";
import { StreamClient } from "./stream-client.ts";
import { type ServedStream, serveStream } from "./stream-fixture.ts";

const served: ServedStream[] = [];
async function serve(frames: number): Promise<ServedStream> {
  const devnet = Devnet.start({ seed: "ping-flood" });
  const readModel = new ReadModel({
    now: () => devnet.now(),
    solUsd: 150,
    components: [],
    venueAuthority: "11111111111111111111111111111111",
    mediaBaseUrl: "http://127.0.0.1",
  });
  const stream = await serveStream({ readModel, clock: devnet, frameRate: { frames, windowMs: 60_000 } });
  served.push(stream);
  return stream;
}
afterEach(async () => {
  await Promise.all(served.splice(0).map((stream) => stream.stop()));
});

test("protocol pings count against the frame budget: a ping flood closes with 1008", async () => {
  const { url, stream } = await serve(20);
  const client = await StreamClient.ready(url);
  let pongs = 0;
  client.socket.on("pong", () => (pongs += 1));
  // Within the budget (19 pings and settle's own): answered, and the socket stays open.
  for (let i = 0; i < 19; i++) client.socket.ping();
  await client.settle();
  expect(client.socket.readyState).toBe(WebSocket.OPEN);
  expect(pongs).toBe(20);
  for (let i = 0; i < 1_000 && client.socket.readyState === WebSocket.OPEN; i++) client.socket.ping();
  expect(await client.closed).toEqual({ code: CLOSE_POLICY_VIOLATION, reason: STREAM_CLOSES.tooManyFrames.reason });
  expect(stream.stats().closes).toEqual({ tooManyFrames: 1 });
});

test("a burst of pings past the default budget, arriving at once, is closed 1008 with its reason, not cut", async () => {
  // ws's own limit of pongs unsent is the default budget's size: the budget must speak first.
  const { url } = await serve(60);
  const { port } = new URL(url);
  const socket = connect(Number(port), "127.0.0.1");
  await once(socket, "connect");
  let received = Buffer.alloc(0);
  socket.on("data", (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  const key = randomBytes(16).toString("base64");
  socket.write(
    `GET ${new URL(url).pathname} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  // Seventy masked pings with one byte each, written at once: a client's bytes the server reads in one go.
  const ping = () => Buffer.concat([Buffer.from([0x89, 0x81]), Buffer.from([1, 2, 3, 4]), Buffer.from(["x".charCodeAt(0) ^ 1])]);
  socket.write(Buffer.concat(Array.from({ length: 70 }, ping)));
  await once(socket, "close");
  const close = received.lastIndexOf(Buffer.from([0x88]));
  expect(close).toBeGreaterThan(0);
  expect(received.readUInt16BE(close + 2)).toBe(CLOSE_POLICY_VIOLATION);
});

test("pings and messages share one budget", async () => {
  const { url } = await serve(6);
  const client = await StreamClient.ready(url);
  for (let i = 0; i < 3; i++) client.socket.ping();
  for (let i = 0; i < 2; i++) client.send({ kind: "chatter", i });
  await client.settle(); // a ping too: the sixth frame
  expect(client.socket.readyState).toBe(WebSocket.OPEN);
  client.socket.ping();
  expect(await client.closed).toEqual({ code: CLOSE_POLICY_VIOLATION, reason: STREAM_CLOSES.tooManyFrames.reason });
});

test("pongs, which a client sends for every heartbeat ping, leave the frame budget whole", async () => {
  const { url } = await serve(6);
  const client = await StreamClient.ready(url);
  for (let i = 0; i < 50; i++) client.socket.pong();
  for (let i = 0; i < 5; i++) client.send({ kind: "chatter", i });
  await client.settle(); // a ping: the sixth frame
  expect(client.socket.readyState).toBe(WebSocket.OPEN);
  client.send({ kind: "chatter", i: 5 });
  expect(await client.closed).toEqual({ code: CLOSE_POLICY_VIOLATION, reason: STREAM_CLOSES.tooManyFrames.reason });
});
