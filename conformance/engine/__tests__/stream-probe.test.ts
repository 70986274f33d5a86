import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { StreamProbe, Transcript } from "../stream-probe.ts";

type Behaviour = (socket: import("ws").WebSocket) => void;
const servers: { close(): Promise<void> }[] = [];

/** A ws server on 127.0.0.1 that runs `behaviour` on each connection (refuses the upgrade when null). */
async function serve(behaviour: Behaviour | null, options: { readonly autoPong?: boolean } = {}): Promise<string> {
  const http = createServer((_request, response) => response.writeHead(503).end());
  const sockets = new WebSocketServer({ noServer: true, ...options });
  http.on("upgrade", (request, socket, head) => {
    if (!behaviour) return socket.end("HTTP/1.1 503 Service Unavailable\r\n\r\n");
    sockets.handleUpgrade(request, socket, head, (ws) => behaviour(ws));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  servers.push({
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  });
  return `ws://127.0.0.1:${(http.address() as AddressInfo).port}/v1/stream`;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("StreamProbe", () => {
  it("keeps every frame sent and received, and the close, as a transcript", async () => {
    const url = await serve((socket) => {
      socket.send(JSON.stringify({ kind: "hello", v: 1 }));
      socket.on("message", (data) => (String(data) === "bye" ? socket.close(1008, "slow down") : socket.send(String(data))));
    });
    const probe = await StreamProbe.open(url);
    probe.send({ op: "sub", topic: "trades" });
    expect(await probe.next((frame) => frame.text.includes("trades"))).toMatchObject({ json: { op: "sub", topic: "trades" } });
    probe.sendRaw("bye");
    expect(await probe.closeWithin(2_000)).toEqual({ code: 1008, reason: "slow down" });
    expect(probe.transcript.lines).toEqual([
      `#1 x connect ${url}`,
      '#1 < {"kind":"hello","v":1}',
      '#1 > {"op":"sub","topic":"trades"}',
      '#1 < {"op":"sub","topic":"trades"}',
      "#1 > bye",
      '#1 x closed 1008 "slow down"',
    ]);
  });

  it("closes with 1000, or with the code it is given (a scenario's stream.close code)", async () => {
    const heard: number[] = [];
    const url = await serve((socket) => socket.on("close", (code) => heard.push(code)));
    await (await StreamProbe.open(url)).close();
    await (await StreamProbe.open(url)).close(4000);
    await expect.poll(() => heard).toEqual([1000, 4000]);
  });

  it("finds a frame that arrived before the wait, never returns one twice, and times out with null", async () => {
    const url = await serve((socket) => {
      socket.send(JSON.stringify({ kind: "hello" }));
      socket.send(JSON.stringify({ kind: "ping", at: 1 }));
    });
    const probe = await StreamProbe.open(url);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(probe.received.map((frame) => frame.kind)).toEqual(["hello", "ping"]);
    expect(await probe.nextKind("ping", 10)).toMatchObject({ json: { kind: "ping", at: 1 } });
    const before = probe.received.length;
    expect(await probe.nextKind("hello", 100)).toBeNull();
    expect(probe.received).toHaveLength(before);
    await probe.close();
  });

  it("resolves a wait with null when the socket closes, and reports a refused upgrade as a close", async () => {
    const closing = await serve((socket) => setTimeout(() => socket.close(1013, "cap"), 20));
    const probe = await StreamProbe.open(closing);
    expect(await probe.nextKind("hello", 2_000)).toBeNull();
    expect(probe.closeInfo).toEqual({ code: 1013, reason: "cap" });

    const transcript = new Transcript();
    const refused = await StreamProbe.open(await serve(null), transcript);
    expect(refused.isOpen).toBe(false);
    expect(transcript.lines.join("\n")).toMatch(/upgrade refused with HTTP 503/);
  });

  it("cuts long lines and stops keeping lines past its bound, saying how many it left out", () => {
    const transcript = new Transcript();
    transcript.add(`> ${"x".repeat(70_000)}`);
    expect(transcript.lines[0]!.length).toBeLessThan(700);
    expect(transcript.lines[0]).toMatch(/… \(70002 chars\)$/);
    for (let index = 0; index < 2_000; index++) transcript.add(`< ${index}`);
    expect(transcript.lines.at(-1)).toBe("… 501 more lines not kept");
  });

  it("a round trip ends with the pong, after the frames the server owed what was sent before it, or with the close it caused", async () => {
    const url = await serve((socket) => {
      socket.on("message", (data) => (String(data) === "bye" ? socket.close(1008, "slow down") : socket.send(`echo ${String(data)}`)));
    });
    const probe = await StreamProbe.open(url);
    probe.sendRaw("one");
    expect(await probe.roundTrip(5_000)).toBe("pong");
    expect(probe.received.map((frame) => frame.text)).toEqual(["echo one"]);
    probe.sendRaw("bye");
    expect(await probe.roundTrip(5_000)).toBe("closed");
    expect(probe.closeInfo).toEqual({ code: 1008, reason: "slow down" });
    expect(probe.transcript.lines).toEqual([
      `#1 x connect ${url}`,
      "#1 > one",
      "#1 > ping",
      "#1 < echo one",
      "#1 < pong",
      "#1 > bye",
      "#1 > ping",
      '#1 x closed 1008 "slow down"',
    ]);
  });

  it("a round trip begun while the server's close is on its way ends closed, with the close known", async () => {
    const url = await serve((socket) => {
      socket.send("last");
      socket.close(1011, "gone");
    });
    const probe = await StreamProbe.open(url);
    await probe.next((frame) => frame.text === "last");
    expect(await probe.roundTrip(2_000)).toBe("closed");
    expect(probe.closeInfo).toEqual({ code: 1011, reason: "gone" });
  });

  it("a round trip with a server that answers no ping ends at its timeout, the socket still open", async () => {
    const url = await serve(() => {}, { autoPong: false });
    const probe = await StreamProbe.open(url);
    const started = performance.now();
    expect(await probe.roundTrip(300)).toBe("timeout");
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(probe.isOpen).toBe(true);
    await probe.close();
  });
});
