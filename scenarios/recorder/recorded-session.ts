/** One HTTP exchange the proxy forwarded, as the client sent it and the server answered. */
export interface RecordedExchange {
  readonly type: "http";
  /** Order of arrival among every recorded event (the request's arrival, not its answer's). */
  readonly seq: number;
  readonly method: string;
  /** Path and query, as the client sent them. */
  readonly url: string;
  readonly requestContentType: string | undefined;
  readonly requestBody: Buffer;
  status: number;
  responseContentType: string | undefined;
  /** The answer's body, decompressed when the server compressed it. */
  responseBody: Buffer;
}

/** Something that happened on one proxied stream socket. */
export type RecordedStreamEvent =
  | { readonly type: "open"; readonly seq: number; readonly socket: number; readonly path: string }
  | { readonly type: "sent"; readonly seq: number; readonly socket: number; readonly text: string }
  | { readonly type: "received"; readonly seq: number; readonly socket: number; readonly text: string }
  | { readonly type: "close"; readonly seq: number; readonly socket: number; readonly by: "client" | "server"; readonly code: number };

export type RecordedEvent = RecordedExchange | RecordedStreamEvent;

/**
 * Everything the proxy saw, in arrival order. An exchange takes its place when its request
 * arrives, so a frame the exchange caused (a trade landing on `/devnet/advance`) always comes
 * after it, even when the server sends the frame before it answers.
 */
export class RecordedSession {
  readonly #events: RecordedEvent[] = [];
  #seq = 0;
  #sockets = 0;

  /** Reserves the next place in the order (an exchange is stored once answered, in its place). */
  nextSeq(): number {
    return this.#seq++;
  }

  /** A number for a new socket: sockets are named in the order they opened. */
  nextSocket(): number {
    return ++this.#sockets;
  }

  add(event: RecordedEvent): void {
    this.#events.push(event);
  }

  /** The events so far, in arrival order. */
  events(): readonly RecordedEvent[] {
    return [...this.#events].sort((a, b) => a.seq - b.seq);
  }
}
