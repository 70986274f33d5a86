import type { StreamCloseName } from "./close-codes.ts";
import type { StreamConnection } from "./stream-connection.ts";

/** A fault the control API injects: the next `frames` frames (hello aside) are dropped or sent twice. */
export interface StreamFault {
  readonly kind: "drop" | "duplicate";
  readonly frames: number;
  /**
   * Only frames of these kinds take the fault; the others pass as if none were armed (all
   * frames when absent). A test can then disturb the cards delta it causes while blockhash
   * and ping frames, or a busy server's other sockets, keep flowing.
   */
  readonly kinds?: readonly string[];
}

/** The `kind` of an encoded frame, or null (read only while a fault names kinds: a test's path, never a busy one's). */
function kindOf(frame: Buffer): string | null {
  try {
    const kind = (JSON.parse(frame.toString("utf8")) as { kind?: unknown }).kind;
    return typeof kind === "string" ? kind : null;
  } catch {
    return null;
  }
}

/**
 * The last step of every frame: fault injection (so a client's gap detection and dedupe can
 * be exercised on purpose), the socket's high-water check, and the counters `stats()` shows.
 */
export class StreamDelivery {
  readonly counters = { framesSent: 0, bytesSent: 0 };
  #fault: { kind: StreamFault["kind"]; remaining: number; kinds: ReadonlySet<string> | null } | null = null;
  readonly #onSlow: (connection: StreamConnection, name: StreamCloseName) => void;

  /** `onSlow` closes a socket whose unsent bytes would pass the high-water mark. */
  constructor(onSlow: (connection: StreamConnection, name: StreamCloseName) => void) {
    this.#onSlow = onSlow;
  }

  /** Disarms a fault not yet spent. */
  clearFault(): void {
    this.#fault = null;
  }

  injectFault(fault: StreamFault): void {
    this.#fault = fault.frames > 0 ? { kind: fault.kind, remaining: fault.frames, kinds: fault.kinds ? new Set(fault.kinds) : null } : null;
  }

  /** Sends `frame`; `exempt` frames (hello) never meet an injected fault. */
  send(connection: StreamConnection, frame: Buffer, exempt = false): void {
    const armed = exempt ? null : this.#fault;
    const fault = armed && (armed.kinds === null || armed.kinds.has(kindOf(frame) ?? "")) ? armed : null;
    if (fault) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.#fault = null;
      if (fault.kind === "drop") return;
      this.#sendNow(connection, frame);
    }
    this.#sendNow(connection, frame);
  }

  #sendNow(connection: StreamConnection, frame: Buffer): void {
    const outcome = connection.send(frame);
    if (outcome === "sent") {
      this.counters.framesSent += 1;
      this.counters.bytesSent += frame.byteLength;
    } else if (outcome === "slow") {
      this.#onSlow(connection, "slowConsumer");
    }
  }
}
