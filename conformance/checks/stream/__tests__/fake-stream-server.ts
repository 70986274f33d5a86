import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { syntheticAddresses } from "../synthetic-addresses.ts";

/** One rule the fake breaks; without any it keeps the rules its tests judge. */
export interface FakeFaults {
  /** hello's `v`; default 1. */
  readonly helloVersion?: number;
  /** The second cards delta is numbered but never sent, so the third's prev names a frame the client never had. */
  readonly skipSeq?: boolean;
  /** Connections per address before 1013; default 24, null: never refuses. */
  readonly perAddressCap?: number | null;
  /** A frame with a malformed address closes the socket 1007 instead of dropping the address. */
  readonly closeOnMalformed?: boolean;
  /** A `ping` frame this often; default none. */
  readonly pingEveryMs?: number;
  /** Closes a socket 1001 after this long without a frame or pong (pinging it meanwhile); default never. */
  readonly idleMs?: number;
  /** ws's payload limit: 65,536 makes ws itself close 1009 on a larger frame instead of ignoring it. Default 1 MiB. */
  readonly maxPayload?: number;
  /** Closes every socket 1011 before sending anything (no hello). */
  readonly closeAtOnce?: boolean;
  /** Refuses the first this many connections 1013, as a server still counting sockets closed a moment ago would. */
  readonly refuseFirst?: number;
}

export interface FakeServer {
  readonly baseUrl: string;
  readonly streamUrl: string;
  close(): Promise<void>;
}

const MAX_FRAME = 64 * 1024;
const DELTA_EVERY_MS = 150;
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * A tiny stand-in for a service: `GET /v1/launches` lists three curve launches, and
 * `/v1/stream` speaks just enough of the protocol (hello, cards snapshot and deltas, the
 * 64 KB rule, the per-address cap) for the checks under test — plus one injected fault.
 */
export async function startFakeServer(faults: FakeFaults = {}): Promise<FakeServer> {
  const [a, b, c, ma, mb, mc] = syntheticAddresses(99, 6);
  const launches = [
    [a, ma],
    [b, mb],
    [c, mc],
  ].map(([address, primaryMint], index) => ({
    address,
    primaryMint,
    symbol: `FAKE${index}`,
    status: "activeBonding",
    kind: "pairs",
    progressBps: 100,
  }));
  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const found = url.pathname === "/v1/launches";
    response.writeHead(found ? 200 : 404, { "content-type": "application/json" });
    response.end(JSON.stringify(found ? { launches, nextCursor: null } : { error: "not found" }));
  });
  const sockets = new WebSocketServer({ server: http, path: "/v1/stream", maxPayload: faults.maxPayload ?? 1024 * 1024 });
  const perAddress = new Map<string, number>();
  const cap = faults.perAddressCap === undefined ? 24 : faults.perAddressCap;
  let refusals = faults.refuseFirst ?? 0;
  sockets.on("connection", (socket, request) => {
    if (refusals > 0) {
      refusals--;
      return socket.close(1013, "connection cap reached; try again later");
    }
    const address = request.socket.remoteAddress ?? "";
    const count = (perAddress.get(address) ?? 0) + 1;
    perAddress.set(address, count);
    socket.on("close", () => perAddress.set(address, (perAddress.get(address) ?? 1) - 1));
    socket.on("error", () => {});
    if (cap !== null && count > cap) return socket.close(1013, "connection cap reached; try again later");
    if (faults.closeAtOnce) return socket.close(1011, "broken");
    socket.send(JSON.stringify({ kind: "hello", at: Date.now(), v: faults.helloVersion ?? 1 }));
    let seq = 0;
    let deltas = 0;
    let timer: NodeJS.Timeout | undefined;
    const cards = (full: boolean, addresses: readonly string[]) => {
      const prev = seq;
      seq += 1;
      // The skipped delta is numbered and never sent: the next one's prev names it.
      if (faults.skipSeq && !full && ++deltas === 2) return;
      socket.send(
        JSON.stringify({ kind: "cards", full, seq, prev, data: { cards: addresses.map((address) => ({ address })), removed: [] } }),
      );
    };
    const heartbeat = faults.pingEveryMs
      ? setInterval(() => socket.send(JSON.stringify({ kind: "ping", at: Date.now() })), faults.pingEveryMs)
      : undefined;
    let heardAt = Date.now();
    const touch = () => (heardAt = Date.now());
    socket.on("pong", touch);
    socket.on("message", touch);
    const idle = faults.idleMs
      ? setInterval(
          () => (Date.now() - heardAt > faults.idleMs! ? socket.close(1001, "idle connection closed") : socket.ping()),
          faults.idleMs / 4,
        )
      : undefined;
    socket.on("close", () => {
      clearInterval(timer);
      clearInterval(heartbeat);
      clearInterval(idle);
    });
    socket.on("message", (data: Buffer) => {
      if (data.byteLength > MAX_FRAME) return;
      let frame: { op?: unknown; tier?: unknown; mints?: unknown };
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (frame.op !== "sub" || frame.tier !== "cards" || !Array.isArray(frame.mints)) return;
      const mints = frame.mints.filter((mint): mint is string => typeof mint === "string" && ADDRESS.test(mint));
      if (faults.closeOnMalformed && mints.length < frame.mints.length) return socket.close(1007, "malformed address");
      cards(true, mints);
      timer ??= setInterval(() => cards(false, mints.slice(0, 1)), DELTA_EVERY_MS);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    streamUrl: `ws://127.0.0.1:${port}/v1/stream`,
    close: async () => {
      for (const socket of sockets.clients) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
