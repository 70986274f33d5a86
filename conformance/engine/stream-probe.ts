import { WebSocket } from "ws";

/** A frame as received: the parsed JSON (undefined when the text is not JSON) and its text. */
export interface ProbeFrame {
  readonly text: string;
  readonly json: unknown;
  /** `json.kind` when the frame is an object with a string `kind`. */
  readonly kind: string | undefined;
}

export interface ProbeClose {
  readonly code: number;
  readonly reason: string;
}

/** Lines longer than this are cut in the transcript: a 64 KB frame must not drown the report. */
const LINE_CHARS = 600;
/** A flood of a thousand frames keeps its first lines and counts the rest. */
const MAX_LINES = 1_500;

/**
 * The frames of one check, in order, over every socket it opened: `> …` sent, `< …`
 * received, `x …` closes and refusals. Sockets are labelled `#1`, `#2`… once a check opens
 * more than one, so a reader can follow each.
 */
export class Transcript {
  readonly #lines: string[] = [];
  #omitted = 0;
  #sockets = 0;

  /** A label for the next socket. */
  nextLabel(): string {
    this.#sockets += 1;
    return `#${this.#sockets}`;
  }

  add(line: string): void {
    if (this.#lines.length >= MAX_LINES) {
      this.#omitted += 1;
      return;
    }
    this.#lines.push(line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}… (${line.length} chars)` : line);
  }

  /** Every line kept, and how many were left out. */
  get lines(): readonly string[] {
    return this.#omitted === 0 ? [...this.#lines] : [...this.#lines, `… ${this.#omitted} more lines not kept`];
  }
}

export interface ProbeOptions {
  /** The opening handshake's limit; default 5,000 ms. */
  readonly timeoutMs?: number;
  /** Answer the server's protocol pings (every live client does); false plays a dead peer. Default true. */
  readonly autoPong?: boolean;
}

interface Waiter {
  readonly predicate: (frame: ProbeFrame) => boolean;
  readonly resolve: (frame: ProbeFrame | null) => void;
}

/**
 * A WebSocket client for checks: it keeps every frame sent and received in a transcript,
 * lets a check wait for the next frame matching a predicate (or the close) within a
 * timeout, and never throws for what the server does — a check judges it instead.
 */
export class StreamProbe {
  /** Every frame received, in order. */
  readonly received: ProbeFrame[] = [];
  /** Resolves once the socket closed (a refused upgrade resolves with code 1006). */
  readonly closed: Promise<ProbeClose>;
  #close: ProbeClose | null = null;
  #cursor = 0;
  #waiters: Waiter[] = [];
  #sentCount = 0;
  #pings = 0;

  private constructor(
    readonly socket: WebSocket,
    readonly transcript: Transcript,
    readonly label: string,
  ) {
    this.closed = new Promise((resolve) => {
      socket.on("close", (code, reason) => {
        this.#close = { code, reason: reason.toString() };
        this.#line(`x closed ${code}${this.#close.reason ? ` ${JSON.stringify(this.#close.reason)}` : ""}`);
        for (const waiter of this.#waiters) waiter.resolve(null);
        this.#waiters = [];
        resolve(this.#close);
      });
    });
    socket.on("message", (data, isBinary) => {
      const text = isBinary ? `<binary ${(data as Buffer).byteLength} bytes>` : data.toString();
      let json: unknown;
      try {
        json = isBinary ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      const kind =
        typeof json === "object" && json !== null && typeof (json as { kind?: unknown }).kind === "string"
          ? (json as { kind: string }).kind
          : undefined;
      const frame: ProbeFrame = { text, json, kind };
      this.received.push(frame);
      this.#line(`< ${text}`);
      this.#waiters = this.#waiters.filter((waiter) => {
        if (!waiter.predicate(frame)) return true;
        this.#cursor = this.received.length;
        waiter.resolve(frame);
        return false;
      });
    });
    socket.on("unexpected-response", (_request, response) => {
      this.#line(`x upgrade refused with HTTP ${response.statusCode}`);
      socket.terminate();
    });
    socket.on("error", (error) => this.#line(`x error ${error.message}`));
  }

  /**
   * Opens a socket and waits for the upgrade (not for `hello`: a refused socket gets none).
   * Resolves even when the upgrade fails; `isOpen` then says false and `closed` has the code.
   */
  static async open(url: string, transcript: Transcript = new Transcript(), options: ProbeOptions = {}): Promise<StreamProbe> {
    const label = transcript.nextLabel();
    const socket = new WebSocket(url, {
      perMessageDeflate: false,
      handshakeTimeout: options.timeoutMs ?? 5_000,
      autoPong: options.autoPong ?? true,
    });
    const probe = new StreamProbe(socket, transcript, label);
    probe.#line(`x connect ${url}`);
    await new Promise<void>((resolve) => {
      socket.once("open", () => resolve());
      void probe.closed.then(() => resolve());
    });
    return probe;
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** The close, once it happened. */
  get closeInfo(): ProbeClose | null {
    return this.#close;
  }

  /** Frames this probe sent. */
  get sentCount(): number {
    return this.#sentCount;
  }

  /** Sends a JSON frame. */
  send(frame: unknown): void {
    this.sendRaw(JSON.stringify(frame));
  }

  /** Sends text (as a text frame) or bytes (as a binary frame) unchanged. Does nothing once closed. */
  sendRaw(data: string | Buffer): void {
    if (!this.isOpen) return;
    this.#sentCount += 1;
    this.#line(typeof data === "string" ? `> ${data}` : `> <binary ${data.byteLength} bytes>`);
    this.socket.send(data, () => {});
  }

  /**
   * The next frame matching `predicate` after the last one a wait returned (so a frame that
   * arrived before the call is not missed), or null on timeout or close.
   */
  next(predicate: (frame: ProbeFrame) => boolean = () => true, timeoutMs = 5_000): Promise<ProbeFrame | null> {
    for (let index = this.#cursor; index < this.received.length; index++) {
      if (predicate(this.received[index]!)) {
        this.#cursor = index + 1;
        return Promise.resolve(this.received[index]!);
      }
    }
    this.#cursor = this.received.length;
    if (this.#close) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        predicate,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((other) => other !== waiter);
        resolve(null);
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }

  /** The next frame of `kind`. */
  nextKind(kind: string, timeoutMs = 5_000): Promise<ProbeFrame | null> {
    return this.next((frame) => frame.kind === kind, timeoutMs);
  }

  /** Forgets every frame received so far: the next wait sees only later ones. */
  skipReceived(): void {
    this.#cursor = this.received.length;
  }

  /** Frames received after the wait cursor, without moving it. */
  pending(): readonly ProbeFrame[] {
    return this.received.slice(this.#cursor);
  }

  /** Waits `millis` and returns the frames received meanwhile (and skips them). */
  async collect(millis: number): Promise<readonly ProbeFrame[]> {
    const from = this.received.length;
    await new Promise((resolve) => setTimeout(resolve, millis));
    this.#cursor = this.received.length;
    return this.received.slice(from);
  }

  /** The close within `timeoutMs`, or null while still open. */
  async closeWithin(timeoutMs: number): Promise<ProbeClose | null> {
    if (this.#close) return this.#close;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    const result = await Promise.race([this.closed, timeout]);
    clearTimeout(timer);
    return result;
  }

  /**
   * A round trip with the server: sends a protocol ping and waits for its pong, the close,
   * or `timeoutMs`. A server answers a ping after the frames sent before it (they travel
   * one ordered connection), so a pong means the server has read those frames and sent
   * what it sent meanwhile: a close or a frame it owed them came first. Waiting for that
   * instead of a fixed quiet time ends as soon as the server has spoken. Resolves with what
   * happened first: `pong`, `closed` or `timeout` (a server that answers no ping).
   */
  roundTrip(timeoutMs: number): Promise<"pong" | "closed" | "timeout"> {
    if (this.#close) return Promise.resolve("closed");
    // Closing (the server's close frame came, the close event not yet): "closed" once it has, so `closeInfo` is set.
    if (!this.isOpen) return this.closeWithin(timeoutMs).then((closed) => (closed ? "closed" : "timeout"));
    const token = `probe-${++this.#pings}`;
    return new Promise((resolve) => {
      const done = (outcome: "pong" | "closed" | "timeout") => {
        clearTimeout(timer);
        this.socket.off("pong", onPong);
        resolve(outcome);
      };
      const onPong = (data: Buffer) => {
        if (data.toString() !== token) return;
        this.#line("< pong");
        done("pong");
      };
      const timer = setTimeout(() => done(this.#close ? "closed" : "timeout"), timeoutMs);
      this.socket.on("pong", onPong);
      void this.closed.then(() => done("closed"));
      this.#line("> ping");
      this.socket.ping(token, undefined, () => {});
    });
  }

  /** Closes with `code` (1000 unless told) and waits for the close (cut after 2 s if the server does not answer). */
  async close(code = 1000): Promise<ProbeClose> {
    if (this.#close) return this.#close;
    if (this.socket.readyState === WebSocket.CONNECTING || this.socket.readyState === WebSocket.OPEN) {
      this.socket.close(code);
      const cut = setTimeout(() => this.socket.terminate(), 2_000);
      const closed = await this.closed;
      clearTimeout(cut);
      return closed;
    }
    return this.closed;
  }

  #line(line: string): void {
    this.transcript.add(`${this.label} ${line}`);
  }
}
