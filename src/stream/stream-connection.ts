import type { WebSocket } from "ws";
import { CardsBundle } from "./cards-bundle.ts";
import { STREAM_CLOSES, type StreamCloseName } from "./close-codes.ts";
import { FrameRateLimiter } from "./frame-rate-limiter.ts";
import type { Subscriber } from "./subscription-registry.ts";

export interface ConnectionSettings {
  readonly highWaterMarkBytes: number;
  readonly closeGraceMs: number;
  readonly frameRate: { readonly frames: number; readonly windowMs: number };
}

/**
 * One accepted socket: its subscriptions, its frame budget, when the peer was last heard
 * from, and the one way frames leave — `send`, which refuses to queue past the high-water
 * mark. A slow reader is closed rather than buffered without bound, so it can neither
 * hold the others back (sends never wait) nor grow the server's memory.
 */
export class StreamConnection implements Subscriber {
  readonly cards = new CardsBundle();
  readonly topics = new Set<string>();
  live: Subscriber["live"] = null;
  scoped: boolean;
  /** Wall time (performance.now) of the last frame or pong from the peer. */
  lastHeardAt = performance.now();
  readonly limiter: FrameRateLimiter;
  #closedAs: StreamCloseName | null = null;

  constructor(
    readonly socket: WebSocket,
    readonly address: string,
    scoped: boolean,
    readonly settings: ConnectionSettings,
  ) {
    this.scoped = scoped;
    this.limiter = new FrameRateLimiter(settings.frameRate.frames, settings.frameRate.windowMs);
  }

  /** Why the server closed it, once it did. */
  get closedAs(): StreamCloseName | null {
    return this.#closedAs;
  }

  get open(): boolean {
    return this.#closedAs === null && this.socket.readyState === this.socket.OPEN;
  }

  /**
   * Queues `frame` (UTF-8 JSON, sent as a text frame): `sent`, `closed` (the socket is
   * closing), or `slow` — it would pass the high-water mark, so nothing was queued and the
   * caller closes the socket as a slow consumer.
   */
  send(frame: Buffer): "sent" | "closed" | "slow" {
    if (!this.open) return "closed";
    if (this.socket.bufferedAmount + frame.byteLength > this.settings.highWaterMarkBytes) return "slow";
    this.socket.send(frame, { binary: false });
    return "sent";
  }

  close(name: StreamCloseName): void {
    if (this.#closedAs !== null) return;
    this.#closedAs = name;
    closeWithGrace(this.socket, name, this.settings.closeGraceMs);
  }
}

/**
 * Sends the close frame and cuts the TCP connection if the peer has not answered within
 * `graceMs` (a slow or dead peer may never read a close frame queued behind its backlog;
 * `ws` itself would wait 30 s).
 */
export function closeWithGrace(socket: WebSocket, name: StreamCloseName, graceMs: number): void {
  if (socket.readyState === socket.CLOSED) return;
  const { code, reason } = STREAM_CLOSES[name];
  socket.close(code, reason);
  const cut = setTimeout(() => socket.terminate(), graceMs);
  cut.unref();
  socket.once("close", () => clearTimeout(cut));
}
