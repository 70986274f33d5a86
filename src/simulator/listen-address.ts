import { once } from "node:events";
import { type IncomingMessage, type Server as HttpServer, type ServerResponse, createServer } from "node:http";
import type { Duplex } from "node:stream";
import { asksForWebSocket, serveIgnoringUpgrade } from "../wire/ignored-upgrade.ts";
import { guardRequests } from "../wire/request-guard.ts";
import { type RequestArrival, REQUEST_ARRIVAL } from "../wire/request-arrival.ts";

/**
 * The port, bound by the real HTTP server from the first milliseconds of a start: requests
 * (and WebSocket upgrades) that arrive while the world is built wait on it, and are answered
 * by the app once {@link PortReservation.handOff} gives it the port.
 */
export interface PortReservation {
  readonly port: number;
  /** The listening server: it accepts connections at once and holds their requests until the hand-off. */
  readonly server: HttpServer;
  /**
   * Serves every held and every later request and upgrade with `target`'s listeners (a
   * fastify app's own, never-listening server: its `request` listener is the app's router,
   * its `upgrade` listeners the stream's), under `target`'s timeouts.
   */
  handOff(target: HttpServer): void;
  /** Answers every held request (and any arriving until closed) 503 `{"error": message}`, then closes. Idempotent. */
  fail(message: string): Promise<void>;
  /** Closes the server (held requests get the 503 of {@link fail}); resolves once the port is free. Idempotent. */
  release(): Promise<void>;
}

type Held =
  | { readonly kind: "request"; readonly request: IncomingMessage; readonly response: ServerResponse }
  | { readonly kind: "upgrade"; readonly request: IncomingMessage; readonly socket: Duplex; readonly head: Buffer };

/** The answer a held client gets when the start fails: the API's error shape, connection closed. */
function unavailable(message: string): { readonly body: string; readonly headers: Record<string, string | number> } {
  const body = JSON.stringify({ error: message });
  return {
    body,
    headers: { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), connection: "close" },
  };
}

/**
 * Takes `port` on `host` (or a free one when `port` is 0) before the world is built, with
 * the HTTP server that will serve it: records carry the base URL (media links), so it must
 * be known first; a taken port fails in milliseconds, not after the world is populated; no
 * other process can take it meanwhile; and a client that connects early is not refused but
 * waits, and gets the very answer it would have got after the start.
 */
export async function reservePort(host: string, port: number, arrival: RequestArrival = REQUEST_ARRIVAL): Promise<PortReservation> {
  // Node's Host check is the request guard's (it answers in the API's error shape). A request's
  // time to arrive is this server's own, from construction (`arrival` is shorter only in tests):
  // the app it hands off to is given the same, and only this server reads the sockets.
  const server = createServer({ requireHostHeader: false, ...arrival });
  let held: Held[] | null = [];
  const hold = (request: IncomingMessage, response: ServerResponse) => held?.push({ kind: "request", request, response });
  const holdUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // An upgraded socket has no error listener of node's: one that resets while held (or while
    // refused, when the start fails) must not raise an 'error' nobody hears.
    socket.on("error", () => socket.destroy());
    held?.push({ kind: "upgrade", request, socket, head });
  };
  // Who answers a request now: held, then the app, or refused once the start failed. Every
  // request passes the same door first (what never reaches the app is refused in its error shape).
  let answer: (request: IncomingMessage, response: ServerResponse) => void = hold;
  let upgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void = holdUpgrade;
  guardRequests(
    server,
    (request, response) => answer(request, response),
    (failure) => JSON.stringify(failure.body),
  );
  // Only a WebSocket is an upgrade here: any other offer is served as the plain request it is.
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    asksForWebSocket(request) ? upgrade(request, socket, head) : serveIgnoringUpgrade(server, request, socket, JSON.stringify),
  );
  server.listen(port, host);
  try {
    await once(server, "listening");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") throw new Error(`port ${port} on ${host} is already in use: pick another with --port (0 picks a free one)`);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") throw new Error(`host ${host} is not an address of this machine`);
    throw error;
  }
  const address = server.address();
  const chosen = typeof address === "object" && address ? address.port : port;

  /** Stops holding: later requests go to `request`/`upgrade`; returns what was held, oldest first. */
  const stopHolding = (
    request: (request: IncomingMessage, response: ServerResponse) => void,
    upgradeTo: (request: IncomingMessage, socket: Duplex, head: Buffer) => void,
  ): Held[] => {
    const waiting = held ?? [];
    held = null;
    answer = request;
    upgrade = upgradeTo;
    return waiting;
  };

  let closed: Promise<void> | null = null;
  const fail = (message: string): Promise<void> => {
    if (closed) return closed;
    const { body, headers } = unavailable(message);
    const refuse = (response: ServerResponse) => response.writeHead(503, headers).end(body);
    const refuseUpgrade = (socket: Duplex) => {
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.end(`HTTP/1.1 503 Service Unavailable\r\n${head.join("")}\r\n${body}`);
    };
    const waiting =
      held === null
        ? []
        : stopHolding(
            (_request, response) => refuse(response),
            (_request, socket) => refuseUpgrade(socket),
          );
    for (const item of waiting) {
      if (item.kind === "request") refuse(item.response);
      else refuseUpgrade(item.socket);
    }
    closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Answered connections close themselves (connection: close); keep-alive ones idle now.
    server.closeIdleConnections();
    return closed;
  };

  return {
    port: chosen,
    server,
    handOff(target: HttpServer) {
      if (held === null) throw new Error("the port was already handed off or closed");
      // The app's connection timeouts (fastify sets them on its own server) apply to its
      // connections; the arrival times are this server's own, the same the app was given.
      server.keepAliveTimeout = target.keepAliveTimeout;
      server.maxRequestsPerSocket = target.maxRequestsPerSocket;
      server.setTimeout(target.timeout);
      const waiting = stopHolding(
        (request, response) => target.emit("request", request, response),
        (request, socket, head) => target.emit("upgrade", request, socket, head),
      );
      for (const item of waiting) {
        if (item.kind === "request") target.emit("request", item.request, item.response);
        else if (!item.socket.destroyed) target.emit("upgrade", item.request, item.socket, item.head);
      }
    },
    fail,
    release: () => fail("the server stopped"),
  };
}

/** What a client held during a start that failed is told: why the start failed. */
export function failureSentence(error: unknown): string {
  return `the simulator failed to start: ${error instanceof Error ? error.message : String(error)}`;
}

/** `host` as it goes into a URL a client on this machine can use (a wildcard becomes loopback). */
export function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::" || host === "[::]") return "[::1]";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
