import type { IncomingMessage } from "node:http";
import type { StreamClock, StreamReadModel } from "./stream-read-model.ts";

/** The specification's stream limits; options may change them for a test, defaults follow the spec. */
export const STREAM_PATH = "/v1/stream";
export const CARDS_CAP = 100;
export const TOPICS_CAP = 8;
export const MAX_FRAME_BYTES = 64 * 1024;
export const HEARTBEAT_MS = 25_000;
export const CONNECTIONS_PER_ADDRESS = 24;

export type InitialScope = "scoped" | "broadcast";

export interface StreamServerOptions {
  readonly readModel: StreamReadModel;
  /** The virtual clock (a `Devnet` fits): hello/ping `at` and the blockhash frames. */
  readonly clock: StreamClock;
  /** Default `/v1/stream`; upgrades on other paths are left alone. */
  readonly path?: string;
  /**
   * Scope of a socket before its first valid `sub`. Default `scoped`: global frames only
   * (hello, ping, blockhash, prices, resync). The spec lets deployments differ and tells
   * clients to always sub; scoped costs nothing for them and nothing for the server.
   */
  readonly initialScope?: InitialScope;
  /** JSON `ping` frame and protocol ping, in wall milliseconds. Default 25,000. */
  readonly heartbeatMs?: number;
  /**
   * Wall milliseconds without anything from the peer (a frame, or the pong every client
   * returns to our protocol ping) before close 1001. Default 75,000: three heartbeats, so
   * only a dead or frozen peer is closed, never a quiet one.
   */
  readonly idleTimeoutMs?: number;
  /** Virtual milliseconds between blockhash frames (and card re-derivations for time-windowed fields). Default 1,000. */
  readonly blockhashEveryMs?: number;
  /** Wall milliseconds between reads of the virtual clock and idle checks. Default 250. */
  readonly tickMs?: number;
  /** Connections the server holds before refusing with 1013. Default 10,000. */
  readonly maxConnections?: number;
  /** Connections one remote address holds before refusing with 1013. Default 24 (the spec's). */
  readonly maxConnectionsPerAddress?: number;
  /** Default 100 (the spec's). */
  readonly maxCardMints?: number;
  /** Default 8 (the spec's). */
  readonly maxTopics?: number;
  /** Frames larger than this are ignored, the socket stays open. Default 65,536 (the spec's 64 KB). */
  readonly maxFrameBytes?: number;
  /**
   * The `ws` payload limit, above `maxFrameBytes` so oversized frames reach us and are
   * ignored instead of `ws` closing the socket with 1009. Default 4 MiB: the specification
   * ignores frames over 64 KB whatever their size, but `ws` holds a frame whole before we see
   * it, so some bound is needed. An oversized frame counts toward `frameRate` once per
   * `maxFrameBytes` it holds, so the frame budget bounds a socket's bytes too (200 × 64 KB in
   * 10 s): without that, at 16 MiB the 24 sockets of one address, each sending 16 MB frames
   * within the frame rate, held the REST API at 2.5 s a request.
   */
  readonly maxPayloadBytes?: number;
  /**
   * More than `frames` client frames within `windowMs` (sliding) closes with 1008. Default 200
   * per 10,000 ms: room for a client that subscribes mint by mint up to the cards cap of 100
   * and leaves them again, while a flood is closed within its first 201 frames.
   */
  readonly frameRate?: { readonly frames: number; readonly windowMs: number };
  /**
   * Bytes a socket may have queued and unsent; a send beyond it closes the socket 1001
   * (slow consumer). Default 1 MiB: about 25 full 100-card snapshots, so only a peer that
   * stopped reading reaches it, and memory per socket stays bounded.
   */
  readonly highWaterMarkBytes?: number;
  /** Wall milliseconds a closed socket's peer has to answer the close before it is cut. Default 2,000. */
  readonly closeGraceMs?: number;
  /** Changes held before a flush; past it they are dropped and every socket gets `resync`. Default 100,000. */
  readonly maxPendingChanges?: number;
  /** The caller's address for the per-address cap. Default: the TCP peer address. */
  readonly addressOf?: (request: IncomingMessage) => string;
  /** Where unexpected failures (a throwing read model) are reported. Default: console.error. */
  readonly onError?: (error: unknown) => void;
}

export type ResolvedStreamOptions = Required<StreamServerOptions>;

/** Every option's default (readModel and clock have none). */
export const STREAM_DEFAULTS = {
  path: STREAM_PATH,
  initialScope: "scoped",
  heartbeatMs: HEARTBEAT_MS,
  idleTimeoutMs: 75_000,
  blockhashEveryMs: 1_000,
  tickMs: 250,
  maxConnections: 10_000,
  maxConnectionsPerAddress: CONNECTIONS_PER_ADDRESS,
  maxCardMints: CARDS_CAP,
  maxTopics: TOPICS_CAP,
  maxFrameBytes: MAX_FRAME_BYTES,
  maxPayloadBytes: 4 * 1024 * 1024,
  frameRate: { frames: 200, windowMs: 10_000 },
  highWaterMarkBytes: 1024 * 1024,
  closeGraceMs: 2_000,
  maxPendingChanges: 100_000,
  addressOf: (request: IncomingMessage) => request.socket.remoteAddress ?? "unknown",
  onError: (error: unknown) => console.error("stream:", error),
} as const satisfies Omit<ResolvedStreamOptions, "readModel" | "clock">;

function positiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`stream option ${name} must be a positive integer, got ${value}`);
}

/** Options spread over the defaults and checked once, at construction (a mistake throws there, not mid-stream). */
export function resolveStreamOptions(options: StreamServerOptions): ResolvedStreamOptions {
  const resolved: ResolvedStreamOptions = { ...STREAM_DEFAULTS, ...options };
  if (!resolved.readModel || !resolved.clock) throw new TypeError("stream options need a readModel and a clock");
  if (!resolved.path.startsWith("/")) throw new RangeError(`stream option path must start with "/", got ${resolved.path}`);
  if (resolved.initialScope !== "scoped" && resolved.initialScope !== "broadcast") {
    throw new RangeError(`stream option initialScope must be "scoped" or "broadcast", got ${String(resolved.initialScope)}`);
  }
  for (const name of [
    "heartbeatMs",
    "idleTimeoutMs",
    "blockhashEveryMs",
    "tickMs",
    "maxConnections",
    "maxConnectionsPerAddress",
    "maxCardMints",
    "maxTopics",
    "maxFrameBytes",
    "maxPayloadBytes",
    "highWaterMarkBytes",
    "closeGraceMs",
    "maxPendingChanges",
  ] as const) {
    positiveInteger(name, resolved[name]);
  }
  positiveInteger("frameRate.frames", resolved.frameRate.frames);
  positiveInteger("frameRate.windowMs", resolved.frameRate.windowMs);
  if (resolved.maxPayloadBytes <= resolved.maxFrameBytes) {
    throw new RangeError(
      "stream option maxPayloadBytes must exceed maxFrameBytes, or ws would close oversized frames with 1009 instead of ignoring them",
    );
  }
  return resolved;
}
