import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Requests of one connection answered at once. HTTP/1.1 sends a connection's answers in the
 * order its requests came, so answering more of them at a time only holds finished answers
 * in memory behind the first (node renders every pipelined request it has read at once).
 */
export const PIPELINED_IN_FLIGHT = 4;
/**
 * Requests of one connection that may wait behind those being answered. Browsers do not
 * pipeline, and clients that do (undici's `pipelining`, curl) keep a handful in flight; a
 * client past this sent requests without reading answers, and is refused.
 */
export const PIPELINED_WAITING = 64;
/** Both limits as the refusal's sentence names them. */
export const PIPELINED_LIMITS = { inFlight: String(PIPELINED_IN_FLIGHT), waiting: String(PIPELINED_WAITING) } as const;

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** One connection's requests: how many are being answered, and which wait their turn. */
interface Connection {
  inFlight: number;
  readonly waiting: { readonly request: IncomingMessage; readonly response: ServerResponse }[];
  /** Refused: the connection closes after the refusal, and what it sent after is never answered. */
  refused: boolean;
}

/**
 * `serve`, with each connection's pipelined requests answered a few at a time
 * ({@link PIPELINED_IN_FLIGHT}) in arrival order, so one client writing thousands of requests
 * at once holds a few answers in memory, not thousands, and cannot starve the others. A
 * connection with more than {@link PIPELINED_WAITING} requests waiting gets `refuse` for the
 * next (answered in its turn, a 4xx that closes the connection); the requests it sent after
 * that one are dropped with the connection.
 *
 * @param refuse answers a request whose connection sent too many: it must end the response
 *   and mark it `Connection: close`.
 */
export function limitPipelining(serve: RequestListener, refuse: (response: ServerResponse) => void): RequestListener {
  const connections = new WeakMap<Socket, Connection>();
  const start = (connection: Connection, request: IncomingMessage, response: ServerResponse) => {
    connection.inFlight++;
    // 'close' comes once the answer is sent or the connection is gone, whichever is first.
    response.once("close", () => {
      connection.inFlight--;
      // A connection that is gone has nobody to answer: its waiting requests are dropped unread.
      if (request.socket.destroyed) connection.waiting.length = 0;
      const next = connection.waiting.shift();
      if (next) start(connection, next.request, next.response);
    });
    serve(request, response);
  };
  return (request, response) => {
    const socket = request.socket;
    let connection = connections.get(socket);
    if (connection === undefined) {
      connection = { inFlight: 0, waiting: [], refused: false };
      connections.set(socket, connection);
    }
    if (connection.refused) return;
    if (connection.inFlight < PIPELINED_IN_FLIGHT) start(connection, request, response);
    else if (connection.waiting.length < PIPELINED_WAITING) connection.waiting.push({ request, response });
    else {
      connection.refused = true;
      refuse(response);
    }
  };
}
