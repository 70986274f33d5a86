import type { ScenarioStep } from "../runner/scenario-schema.ts";
import type { RecordedStreamEvent } from "./recorded-session.ts";
import { sendableClose } from "./recording-proxy.ts";
import type { WalletNames } from "./wallet-names.ts";

/**
 * Frames the clock sends on its own (the heartbeat, the shared blockhash): how many arrive
 * depends on how long the session took, not on what the client did, so they are not expected.
 */
const CLOCK_FRAMES = new Set(["ping", "blockhash"]);

const nameOf = (socket: number) => (socket === 1 ? "stream" : `stream${socket}`);

function kindOf(text: string): string | null {
  try {
    const frame = JSON.parse(text) as { kind?: unknown };
    return typeof frame?.kind === "string" ? frame.kind : null;
  } catch {
    return null;
  }
}

/**
 * Turns a socket's recorded events into steps: the open is `stream.connect` (waiting for
 * `hello` when the server sent it first), each frame the client sent is `stream.send`
 * (identical frames sent back to back become one with `repeat`), each frame it received is
 * `stream.expect` of its `kind` only, a close by the server is `stream.expect` of its code
 * and a close by the client is `stream.close`. Sockets on another path than `/v1/stream`
 * are left out (the runner opens only that one).
 */
export class StreamEventSteps {
  readonly #helloPending = new Set<number>();
  readonly #skipped = new Set<number>();
  #lastSend: { step: ScenarioStep; socket: number; text: string } | null = null;

  constructor(
    readonly wallets: WalletNames,
    readonly events: readonly RecordedStreamEvent[],
  ) {}

  /** The step for one event, or null when it is not replayed; a repeated send grows the previous step instead. */
  stepOf(event: RecordedStreamEvent): ScenarioStep | null {
    if (this.#skipped.has(event.socket)) return null;
    const socket = event.socket === 1 ? {} : { socket: nameOf(event.socket) };
    if (event.type !== "sent") this.#lastSend = null;
    switch (event.type) {
      case "open": {
        if (!event.path.startsWith("/v1/stream")) {
          this.#skipped.add(event.socket);
          return null;
        }
        const first = this.events.find((other) => other.socket === event.socket && other.type === "received");
        const hello = first?.type === "received" && kindOf(first.text) === "hello";
        if (hello) this.#helloPending.add(event.socket);
        return { "stream.connect": hello ? {} : { hello: false }, as: nameOf(event.socket) };
      }
      case "sent": {
        if (this.#lastSend && this.#lastSend.socket === event.socket && this.#lastSend.text === event.text) {
          const send = this.#lastSend.step["stream.send"] as { repeat?: number };
          send.repeat = (send.repeat ?? 1) + 1;
          return null;
        }
        let frame: unknown;
        try {
          frame = { frame: this.wallets.substitute(JSON.parse(event.text)) };
        } catch {
          frame = { raw: event.text };
        }
        const step: ScenarioStep = { "stream.send": { ...socket, ...(frame as object) } };
        this.#lastSend = { step, socket: event.socket, text: event.text };
        return step;
      }
      case "received": {
        const kind = kindOf(event.text);
        if (kind === null || CLOCK_FRAMES.has(kind)) return null;
        // stream.connect waits for the hello itself.
        if (kind === "hello" && this.#helloPending.delete(event.socket)) return null;
        return { "stream.expect": { ...socket, frame: { kind } } };
      }
      case "close":
        if (event.by === "server") return { "stream.expect": { ...socket, close: event.code } };
        // The client's own code, unless it is the default or none was sent (1005).
        return {
          "stream.close": { ...socket, ...(event.code === 1000 || sendableClose(event.code) === undefined ? {} : { code: event.code }) },
        };
    }
  }
}
