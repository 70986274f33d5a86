import type { IncomingMessage, Server as HttpServer } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, WebSocket, WebSocketServer } from "ws";
import { apiError, quoted, rawHttpResponse } from "../errors/index.ts";
import { CardCache } from "./card-cache.ts";
import { announceChanges, deliverCardDeltas, type FanoutContext } from "./change-fanout.ts";
import type { StreamCloseName } from "./close-codes.ts";
import { ConnectionLimits } from "./connection-limits.ts";
import { encodeFrame } from "./encode-frame.ts";
import { parseClientFrame } from "./parse-client-frame.ts";
import { StreamConnection, closeWithGrace } from "./stream-connection.ts";
import { StreamDelivery, type StreamFault } from "./stream-delivery.ts";
import { type ResolvedStreamOptions, type StreamServerOptions, resolveStreamOptions } from "./stream-options.ts";
import type { StreamChange } from "./stream-read-model.ts";
import { StreamTimers } from "./stream-timers.ts";
import { SubscriptionRegistry } from "./subscription-registry.ts";
import { answerAndClose } from "../wire/answer-and-close.ts";

export type { StreamFault } from "./stream-delivery.ts";

/**
 * Bug injection's one seam (`src/bugs/`, `--inject-bug`): it sees every frame and every
 * close, and may change them. A server without a tap (every server not started with bug
 * injection) pays one null comparison per frame.
 */
export interface StreamTap {
  /** A frame about to be sent on `socket` (hello included): the frame to send instead, or null to send nothing. */
  outgoing(frame: Buffer, socket: WebSocket): Buffer | null;
  /** A peer's message before the server reads it: false when the tap took it (the server ignores it). */
  incoming(data: Buffer, socket: WebSocket): boolean;
  /** A close or a refusal at connect the server is about to make: false keeps the socket open (or admits it). */
  closing(name: StreamCloseName, socket: WebSocket): boolean;
}

export interface StreamStats {
  readonly connections: number;
  readonly framesSent: number;
  readonly bytesSent: number;
  readonly ignoredFrames: number;
  readonly resyncs: number;
  /** Sockets refused or closed by the server, by close name. */
  readonly closes: Readonly<Partial<Record<StreamCloseName, number>>>;
}

/** The path of a request target; null for one that is not a path (no stream is there). */
function pathOf(url: string | undefined): string | null {
  try {
    return new URL(url ?? "/", "http://stream.invalid").pathname;
  } catch {
    return null;
  }
}

/** Why a WebSocket handshake cannot be read (RFC 6455 §4.2.1), or null when ws may take it. */
function handshakeRefusal(request: IncomingMessage): string | null {
  if (request.method !== "GET") return `a WebSocket handshake is a GET, not ${request.method}`;
  if (request.headers.upgrade?.toLowerCase() !== "websocket") return "a WebSocket handshake names Upgrade: websocket";
  if (!/^[+/0-9A-Za-z]{22}==$/.test(request.headers["sec-websocket-key"] ?? ""))
    return "a WebSocket handshake needs a Sec-WebSocket-Key of 16 bytes in base64";
  const version = request.headers["sec-websocket-version"];
  if (version !== "13" && version !== "8") return "a WebSocket handshake needs Sec-WebSocket-Version 13";
  return null;
}

/**
 * The `/v1/stream` WebSocket server: `ws` in noServer mode behind an HTTP server's
 * `upgrade`, announcing the read model's change feed to subscribed sockets.
 */
export class StreamServer {
  readonly options: ResolvedStreamOptions;
  readonly #wss: WebSocketServer;
  readonly #limits: ConnectionLimits;
  readonly #cache: CardCache;
  readonly #registry: SubscriptionRegistry<StreamConnection>;
  readonly #connections = new Set<StreamConnection>();
  /** Sockets accepted only to be refused with 1013, until they close. */
  readonly #refused = new Set<WebSocket>();
  readonly #fanout: FanoutContext<StreamConnection>;
  readonly #timers: StreamTimers;
  readonly #detachFeed: () => void;
  readonly #detachServers = new Set<() => void>();
  #pending: StreamChange[] = [];
  /** Launches whose cached card moved outside a flush (a snapshot's refresh, a time sweep). */
  readonly #dirty = new Set<string>();
  #flushScheduled: NodeJS.Immediate | null = null;
  #missed = false;
  #closing: Promise<void> | null = null;
  readonly #delivery = new StreamDelivery((connection, name) => this.#close(connection, name));
  readonly #counters = { ignoredFrames: 0, resyncs: 0 };
  readonly #closes: Partial<Record<StreamCloseName, number>> = {};
  #tap: StreamTap | null = null;

  constructor(options: StreamServerOptions) {
    this.options = resolveStreamOptions(options);
    const o = this.options;
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: o.maxPayloadBytes,
      perMessageDeflate: false,
      clientTracking: false,
      // ws cuts a socket with 60 of its pongs unsent, with no close frame: a burst of pings in
      // one write met that before the frame budget, whose 1008 says why. One pong more than
      // the budget's frames lets the budget speak first.
      maxPendingAutoPongs: o.frameRate.frames + 1,
      // @types/ws does not know the option yet (ws 8.18 added it).
    } as ConstructorParameters<typeof WebSocketServer>[0]);
    this.#limits = new ConnectionLimits(o.maxConnections, o.maxConnectionsPerAddress);
    this.#cache = new CardCache(o.readModel);
    this.#registry = new SubscriptionRegistry((id) => o.readModel.getLaunch(id)?.address ?? null, o);
    this.#fanout = {
      registry: this.#registry,
      cache: this.#cache,
      everyone: () => this.#connections,
      deliver: (targets, frame) => {
        for (const connection of targets) this.#send(connection, frame);
      },
    };
    this.#detachFeed = o.readModel.onChange((changes) => this.#onChanges(changes));
    this.#timers = new StreamTimers(o, {
      connections: () => this.#connections,
      broadcast: (frame) => this.#fanout.deliver(this.#connections, frame),
      close: (connection, name) => this.#close(connection, name),
      sweepCards: () => this.#sweepCards(),
    });
  }

  /** Handles `upgrade` for the stream's path on `server`; returns a function that detaches it. */
  attach(server: HttpServer): () => void {
    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.handleUpgrade(request, socket, head)) return;
      // Another path: leave it to another listener, or answer 404 (with the API's body) when
      // there is none. Not ROUTE_NOT_FOUND: the same path may well answer a plain GET.
      if (server.listenerCount("upgrade") === 1) {
        const path = quoted(request.url?.split("?")[0] ?? "");
        answerAndClose(socket, rawHttpResponse(apiError("NO_STREAM_HERE", { path })));
      }
    };
    server.on("upgrade", onUpgrade);
    const detach = () => {
      server.off("upgrade", onUpgrade);
      this.#detachServers.delete(detach);
    };
    this.#detachServers.add(detach);
    return detach;
  }

  /** Takes over `socket` when `request` is for the stream's path; false (untouched) otherwise. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (pathOf(request.url) !== this.options.path) return false;
    socket.on("error", () => socket.destroy());
    // ws refuses a broken handshake in text/html: the common mistakes get the API's error body.
    const refusal = handshakeRefusal(request);
    if (refusal !== null) {
      answerAndClose(socket, rawHttpResponse(apiError("BAD_REQUEST", { detail: refusal })));
      return true;
    }
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#accept(ws, request));
    return true;
  }

  /** Processes the changes received so far now instead of on the next turn of the event loop. */
  flush(): void {
    if (this.#flushScheduled) clearImmediate(this.#flushScheduled);
    this.#flushScheduled = null;
    if (this.#closing) return;
    const changes = this.#pending;
    this.#pending = [];
    if (this.#missed) {
      this.resync();
      return;
    }
    try {
      const moved = announceChanges(changes, this.#fanout);
      for (const launch of this.#dirty) moved.add(launch);
      this.#dirty.clear();
      deliverCardDeltas(moved, this.#fanout);
    } catch (error) {
      // Part of the batch may be unsent: say so rather than let clients drift.
      this.options.onError(error);
      this.resync();
    }
  }

  /**
   * Sends `{kind:"resync", reason:"bus"}` to every socket, then a fresh cards snapshot to
   * every cards subscriber. The server calls it when it lost changes; the control API may.
   */
  resync(): void {
    if (this.#closing) return;
    this.#missed = false;
    this.#pending = [];
    this.#dirty.clear();
    this.#cache.invalidateAll(); // whatever was missed, every card is re-read (once per launch)
    this.#counters.resyncs += 1;
    this.#fanout.deliver(this.#connections, encodeFrame({ kind: "resync", reason: "bus" }));
    for (const connection of this.#connections) {
      if (connection.cards.size > 0) this.#sendSnapshot(connection);
    }
  }

  /** Closes every socket with 1001 and keeps serving (the control API's "close sockets"). */
  closeSockets(): number {
    const count = this.#connections.size;
    for (const connection of [...this.#connections]) this.#close(connection, "control");
    return count;
  }

  /** Routes every frame and close through `tap` (bug injection); null removes it. */
  withTap(tap: StreamTap | null): this {
    this.#tap = tap;
    return this;
  }

  injectFault(fault: StreamFault): void {
    this.#delivery.injectFault(fault);
  }

  /** Disarms an injected fault not yet spent (a restore goes back before it was armed). */
  clearFaults(): void {
    this.#delivery.clearFault();
  }

  stats(): StreamStats {
    return { connections: this.#connections.size, ...this.#delivery.counters, ...this.#counters, closes: { ...this.#closes } };
  }

  /** Stops serving: every socket gets 1001 ("server shutting down"); resolves once all are closed. */
  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    for (const detach of [...this.#detachServers]) detach();
    this.#detachFeed();
    this.#timers.stop();
    if (this.#flushScheduled) clearImmediate(this.#flushScheduled);
    const sockets = [...[...this.#connections].map((connection) => connection.socket), ...this.#refused];
    const closed = sockets.map(
      (ws) => new Promise<void>((resolve) => (ws.readyState === ws.CLOSED ? resolve() : ws.once("close", () => resolve()))),
    );
    for (const connection of [...this.#connections]) this.#close(connection, "shutdown");
    await Promise.all(closed);
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #accept(ws: WebSocket, request: IncomingMessage): void {
    ws.on("error", () => ws.terminate());
    const address = this.options.addressOf(request);
    const admission = this.#closing ? { ok: false as const, refusal: "shutdown" as const } : this.#limits.acquire(address);
    // A tap may admit a refused socket (an injected bug); it then holds no slot to release.
    const counted = admission.ok;
    if (!admission.ok && this.#tap?.closing(admission.refusal, ws) !== false) {
      this.#count(admission.refusal);
      this.#refused.add(ws);
      ws.once("close", () => this.#refused.delete(ws));
      closeWithGrace(ws, admission.refusal, this.options.closeGraceMs);
      return;
    }
    const connection = new StreamConnection(ws, address, this.options.initialScope === "scoped", this.options);
    this.#connections.add(connection);
    this.#registry.add(connection);
    ws.on("message", (data) => this.#onMessage(connection, data));
    // Control frames cost the server too (ws answers every ping with a pong): they count
    // against the same frame budget, so a ping flood closes with 1008 like a message flood.
    // A pong costs nothing and is what every client sends, unasked, for the heartbeat's
    // ping: it proves the peer alive and is not counted, or a burst the budget allows
    // would close a browser's socket just after a heartbeat.
    ws.on("ping", () => this.#heard(connection));
    ws.on("pong", () => {
      if (connection.open) connection.lastHeardAt = performance.now();
    });
    ws.once("close", () => {
      this.#connections.delete(connection);
      this.#registry.remove(connection);
      if (counted) this.#limits.release(address);
    });
    this.#send(connection, encodeFrame({ kind: "hello", at: Number(this.options.clock.now().unixMillis), v: 1 }), true);
  }

  /**
   * Notes a frame from the peer (a message or a ping) of `bytes`; false when it broke the frame
   * budget and the socket is closing. A frame past `maxFrameBytes` counts once per
   * `maxFrameBytes` it holds: it is ignored, but receiving it cost that much, and the budget
   * then bounds a socket's bytes as well as its frames.
   */
  #heard(connection: StreamConnection, bytes = 0): boolean {
    if (!connection.open) return false;
    const now = performance.now();
    connection.lastHeardAt = now;
    if (connection.limiter.allow(now, Math.max(1, Math.ceil(bytes / this.options.maxFrameBytes)))) return true;
    this.#close(connection, "tooManyFrames");
    return connection.closedAs === null; // still open only when a tap kept it so
  }

  #onMessage(connection: StreamConnection, data: RawData): void {
    // Binary frames are read like text ones: JSON is JSON whichever opcode carried it.
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (!this.#heard(connection, bytes.byteLength)) return;
    if (this.#tap && !this.#tap.incoming(bytes, connection.socket)) return;
    const parsed = parseClientFrame(bytes, this.options.maxFrameBytes);
    if (!parsed.ok) {
      this.#counters.ignoredFrames += 1;
      return;
    }
    const outcome = this.#registry.apply(connection, parsed.frame, parsed.dropped);
    if (outcome.suback) this.#send(connection, encodeFrame({ kind: "suback", ...outcome.suback }));
    if (outcome.cards?.snapshot) this.#sendSnapshot(connection);
    else if (outcome.cards && outcome.cards.removed.length > 0) {
      const frame = connection.cards.delta(this.#cache, [], outcome.cards.removed);
      if (frame) this.#send(connection, frame);
    }
  }

  #sendSnapshot(connection: StreamConnection): void {
    // Re-read stale cards first so the snapshot is current; a card that moved must reach its other holders too.
    for (const launch of connection.cards.launches()) {
      if (this.#cache.ensure(launch)) this.#dirty.add(launch);
    }
    this.#send(connection, connection.cards.snapshot(this.#cache));
    if (this.#dirty.size > 0) this.#scheduleFlush();
  }

  #sweepCards(): void {
    this.#cache.invalidateAll(); // time moved: 24-hour figures of every card, held or not, may have too
    for (const launch of this.#registry.heldLaunches()) {
      if (this.#cache.refresh(launch)) this.#dirty.add(launch);
    }
    if (this.#dirty.size > 0) this.#scheduleFlush();
  }

  #onChanges(changes: readonly StreamChange[]): void {
    if (this.#closing) return;
    // Stale at once, so a snapshot sent before the flush re-reads them.
    for (const change of changes) {
      if (change.kind === "prices") this.#cache.invalidateAll();
      else this.#cache.invalidate(change.launch);
    }
    if (this.#pending.length + changes.length > this.options.maxPendingChanges) {
      // Holding more would grow without bound: drop them and tell every socket to re-read.
      this.#pending = [];
      this.#missed = true;
    } else {
      for (const change of changes) this.#pending.push(change);
    }
    this.#scheduleFlush();
  }

  #scheduleFlush(): void {
    // One flush per turn of the event loop: a slot's many transactions become one delta per socket.
    this.#flushScheduled ??= setImmediate(() => this.flush());
  }

  #send(connection: StreamConnection, frame: Buffer, exempt = false): void {
    const sent = this.#tap ? this.#tap.outgoing(frame, connection.socket) : frame;
    if (sent) this.#delivery.send(connection, sent, exempt);
  }

  #close(connection: StreamConnection, name: StreamCloseName): void {
    if (connection.closedAs !== null) return;
    if (this.#tap?.closing(name, connection.socket) === false) return;
    connection.close(name);
    this.#count(name);
    // Gone from fan-out at once: nothing more is queued for a socket that is closing.
    this.#connections.delete(connection);
    this.#registry.remove(connection);
  }

  #count(name: StreamCloseName): void {
    this.#closes[name] = (this.#closes[name] ?? 0) + 1;
  }
}

/** Builds the stream server; attach it with `attach(httpServer)` (see `attachStream` for a fastify app). */
export function createStreamServer(options: StreamServerOptions): StreamServer {
  return new StreamServer(options);
}
