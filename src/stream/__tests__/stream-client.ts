import { WebSocket } from "ws";
import { serverFrameValidator } from "./server-frame-validator.ts";

const validate = serverFrameValidator();

export interface ReceivedFrame {
  readonly kind: string;
  readonly [field: string]: unknown;
}

export interface Closed {
  readonly code: number;
  readonly reason: string;
}

/**
 * A test's stream client: keeps every frame it receives, in order, and lets the test wait
 * for one, or for the close. `settle()` makes sure every frame the server queued before
 * the call has arrived (a protocol ping's pong travels behind them on the same TCP stream).
 */
export class StreamClient {
  readonly frames: ReceivedFrame[] = [];
  readonly raw: string[] = [];
  /** Frames that failed the published schemas, with the reason: a test expects none. */
  readonly invalid: { frame: string; error: string }[] = [];
  /** Every client a test opened, so an afterEach can check all their frames. */
  static readonly opened: StreamClient[] = [];
  readonly closed: Promise<Closed>;
  #waiters: { predicate: (frame: ReceivedFrame) => boolean; resolve: (frame: ReceivedFrame) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const text = data.toString();
      this.raw.push(text);
      const frame = JSON.parse(text) as ReceivedFrame;
      const error = validate(frame);
      if (error) this.invalid.push({ frame: text, error });
      this.frames.push(frame);
      this.#waiters = this.#waiters.filter((waiter) => (waiter.predicate(frame) ? (waiter.resolve(frame), false) : true));
    });
    this.closed = new Promise((resolve) => socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
    socket.on("error", () => {});
    StreamClient.opened.push(this);
  }

  /** Every invalid frame any client received since the last call, and forgets the clients. */
  static invalidFrames(): { frame: string; error: string }[] {
    const invalid = StreamClient.opened.flatMap((client) => client.invalid);
    StreamClient.opened.length = 0;
    return invalid;
  }

  /** Connects and waits for the upgrade (not for `hello`: a refused socket gets none). */
  static async connect(url: string, options: ConstructorParameters<typeof WebSocket>[2] = {}): Promise<StreamClient> {
    const socket = new WebSocket(url, options);
    const client = new StreamClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return client;
  }

  /** Connects and waits for `hello`. */
  static async ready(url: string, options: ConstructorParameters<typeof WebSocket>[2] = {}): Promise<StreamClient> {
    const client = await StreamClient.connect(url, options);
    await client.next("hello");
    return client;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The first frame received (now or later) that matches. */
  waitFor(predicate: (frame: ReceivedFrame) => boolean, timeoutMs = 5_000): Promise<ReceivedFrame> {
    const found = this.frames.find(predicate);
    if (found) return Promise.resolve(found);
    return this.#wait(predicate, timeoutMs);
  }

  /** The next frame of `kind` received from now on. */
  next(kind: string, timeoutMs = 5_000): Promise<ReceivedFrame> {
    if (kind === "hello") return this.waitFor((frame) => frame.kind === "hello", timeoutMs);
    return this.#wait((frame) => frame.kind === kind, timeoutMs);
  }

  ofKind(kind: string): ReceivedFrame[] {
    return this.frames.filter((frame) => frame.kind === kind);
  }

  async settle(): Promise<void> {
    // Twice: a flush may schedule one more (a snapshot that moved a card other sockets hold).
    for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.socket.readyState !== WebSocket.OPEN) return;
    await new Promise<void>((resolve) => {
      this.socket.once("pong", () => resolve());
      this.socket.ping();
    });
  }

  close(): Promise<Closed> {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000);
    return this.closed;
  }

  #wait(predicate: (frame: ReceivedFrame) => boolean, timeoutMs: number): Promise<ReceivedFrame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.push({
        predicate,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }
}
