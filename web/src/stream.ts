/**
 * One WebSocket to `/v1/stream` following the specification's client survival rules:
 * connect, wait for `hello`, send the `sub` frames; on any close reconnect after a growing
 * delay and subscribe again (subscription state lives on the socket); on every reconnect
 * and every `resync`, tell the pages to re-read their REST routes; 60 s without any frame
 * means the socket is dead: close it and reconnect.
 */

export interface StreamFrame {
  readonly kind: string;
  readonly launch?: string;
  readonly data?: unknown;
  readonly [key: string]: unknown;
}

/** The part of a WebSocket this class uses, so tests can hand it a fake. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface StreamTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StreamOptions {
  readonly url: string;
  readonly connect?: (url: string) => SocketLike;
  /** Silence after which the socket counts as dead (the specification: 60 s). */
  readonly silenceMs?: number;
  /** First reconnect delay; it doubles per failed attempt up to `maxDelayMs`. */
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly timers?: StreamTimers;
  /** 0 to 1, for the jitter; default Math.random. */
  readonly random?: () => number;
}

export type StreamState = "connecting" | "open" | "waiting" | "stopped";

/** Close 1013 is a refusal (a connection cap): the specification says back off, so never sooner than this. */
export const REFUSED_DELAY_MS = 5_000;
export const SILENCE_MS = 60_000;

export class StreamConnection {
  readonly #options: Required<Omit<StreamOptions, "connect" | "timers" | "random">>;
  readonly #connect: (url: string) => SocketLike;
  readonly #timers: StreamTimers;
  readonly #random: () => number;
  #socket: SocketLike | null = null;
  #state: StreamState = "stopped";
  #attempts = 0;
  #hadHello = false;
  #silence: unknown = null;
  #retry: unknown = null;
  #cards: readonly string[] = [];
  #live: string | null = null;
  readonly #frameListeners = new Set<(frame: StreamFrame) => void>();
  readonly #rereadListeners = new Set<(why: "reconnect" | "resync") => void>();
  readonly #stateListeners = new Set<(state: StreamState, detail: string) => void>();

  constructor(options: StreamOptions) {
    this.#options = {
      url: options.url,
      silenceMs: options.silenceMs ?? SILENCE_MS,
      initialDelayMs: options.initialDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 15_000,
    };
    this.#connect = options.connect ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.#timers = options.timers ?? {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as number),
    };
    this.#random = options.random ?? Math.random;
  }

  get state(): StreamState {
    return this.#state;
  }

  /** Every frame received, in order. */
  onFrame(listener: (frame: StreamFrame) => void): () => void {
    this.#frameListeners.add(listener);
    return () => this.#frameListeners.delete(listener);
  }

  /** Told to re-read the REST routes in use: after a reconnect (not the first connect) and on `resync`. */
  onReread(listener: (why: "reconnect" | "resync") => void): () => void {
    this.#rereadListeners.add(listener);
    return () => this.#rereadListeners.delete(listener);
  }

  onState(listener: (state: StreamState, detail: string) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  start(): void {
    if (this.#state !== "stopped") return;
    this.#open();
  }

  stop(): void {
    this.#setState("stopped", "");
    this.#timers.clearTimeout(this.#retry);
    this.#timers.clearTimeout(this.#silence);
    this.#drop(1000, "client stopped");
  }

  /** The cards-tier set. A changed set clears the old one (`unsub` without mints) and subscribes anew: a fresh snapshot follows. */
  setCards(mints: readonly string[]): void {
    const same = mints.length === this.#cards.length && mints.every((mint, index) => mint === this.#cards[index]);
    if (same) return;
    this.#cards = [...mints];
    if (!this.#hello()) return;
    this.#send({ op: "unsub", tier: "cards" });
    if (mints.length > 0) this.#send({ op: "sub", tier: "cards", mints: this.#cards });
  }

  /** Asks again for the same cards (after a gap in `seq`): the server answers with a snapshot. */
  resubscribeCards(): void {
    if (this.#hello() && this.#cards.length > 0) this.#send({ op: "sub", tier: "cards", mints: this.#cards });
  }

  /** The live tier's launch; a second live `sub` replaces the first, null leaves it. */
  setLive(mint: string | null): void {
    if (mint === this.#live) return;
    const previous = this.#live;
    this.#live = mint;
    if (!this.#hello()) return;
    if (mint !== null) this.#send({ op: "sub", tier: "live", mint });
    else if (previous !== null) this.#send({ op: "unsub", tier: "live", mint: previous });
  }

  #hello(): boolean {
    return this.#state === "open" && this.#socket !== null;
  }

  #send(frame: object): void {
    try {
      this.#socket?.send(JSON.stringify(frame));
    } catch {
      // A socket closing under us: the close handler reconnects and subscribes again.
    }
  }

  #setState(state: StreamState, detail: string): void {
    this.#state = state;
    for (const listener of this.#stateListeners) listener(state, detail);
  }

  #open(): void {
    this.#setState("connecting", "");
    let socket: SocketLike;
    try {
      socket = this.#connect(this.#options.url);
    } catch {
      this.#scheduleReconnect(null);
      return;
    }
    this.#socket = socket;
    this.#armSilence();
    socket.onmessage = (event) => {
      if (socket !== this.#socket) return;
      this.#armSilence();
      let frame: StreamFrame;
      try {
        frame = JSON.parse(String(event.data)) as StreamFrame;
      } catch {
        return;
      }
      if (typeof frame !== "object" || frame === null || typeof frame.kind !== "string") return;
      if (frame.kind === "hello") this.#onHello();
      for (const listener of this.#frameListeners) listener(frame);
      if (frame.kind === "resync") this.#reread("resync");
    };
    socket.onclose = (event) => {
      if (socket !== this.#socket) return;
      this.#socket = null;
      this.#timers.clearTimeout(this.#silence);
      if (this.#state !== "stopped") this.#scheduleReconnect(event.code);
    };
    socket.onerror = () => {
      // A close always follows an error; reconnecting is the close handler's job.
    };
  }

  #onHello(): void {
    const reconnect = this.#hadHello;
    this.#hadHello = true;
    this.#attempts = 0;
    this.#setState("open", "");
    if (this.#cards.length > 0) this.#send({ op: "sub", tier: "cards", mints: this.#cards });
    if (this.#live !== null) this.#send({ op: "sub", tier: "live", mint: this.#live });
    if (reconnect) this.#reread("reconnect");
  }

  #reread(why: "reconnect" | "resync"): void {
    for (const listener of this.#rereadListeners) listener(why);
  }

  #armSilence(): void {
    this.#timers.clearTimeout(this.#silence);
    this.#silence = this.#timers.setTimeout(() => {
      // No frame of any kind for the whole window: the socket is dead even if it looks open.
      this.#drop(4000, "no frame for 60 s");
      this.#scheduleReconnect(null);
    }, this.#options.silenceMs);
  }

  #drop(code: number, reason: string): void {
    const socket = this.#socket;
    this.#socket = null;
    if (!socket) return;
    socket.onmessage = socket.onclose = socket.onerror = socket.onopen = null;
    try {
      socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  /** The delay before attempt `attempts` (0-based): doubling from the initial delay, capped, with up to 20 % jitter. */
  delayFor(attempts: number, closeCode: number | null): number {
    const base = Math.min(this.#options.maxDelayMs, this.#options.initialDelayMs * 2 ** Math.min(attempts, 20));
    const jittered = base * (1 + 0.2 * this.#random());
    return closeCode === 1013 ? Math.max(REFUSED_DELAY_MS, jittered) : jittered;
  }

  #scheduleReconnect(closeCode: number | null): void {
    const delay = this.delayFor(this.#attempts, closeCode);
    this.#attempts += 1;
    this.#setState("waiting", `reconnecting in ${Math.round(delay / 100) / 10} s`);
    this.#timers.clearTimeout(this.#retry);
    this.#retry = this.#timers.setTimeout(() => {
      if (this.#state === "waiting") this.#open();
    }, delay);
  }
}
