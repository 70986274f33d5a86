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
