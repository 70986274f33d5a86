import { readFileSync } from "node:fs";
import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import {
  type ApiError,
  apiError,
  endClosingJson,
  expectationRefusal,
  hostRefusal,
  parserRefusal,
  rawJsonResponse,
} from "../errors/index.ts";
import { answerAndClose } from "./answer-and-close.ts";
import { PIPELINED_LIMITS, limitPipelining } from "./pipelined-requests.ts";

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** Connections one port keeps open from one address, and in all: one client cannot take every file descriptor of the process. */
export interface ConnectionLimits {
  readonly perAddress: number;
  readonly total: number;
}
/**
 * The process's limit of open files, as Linux reports it (null elsewhere): the connection
 * limits stay below it, so that a flood on one port leaves descriptors for the others, the
 * state directory and the programs' files.
 */
function openFilesLimit(): number | null {
  try {
    const line = readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((entry) => entry.startsWith("Max open files"));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isSafeInteger(soft) && soft > 0 ? soft : null;
  } catch {
    return null;
  }
}

/** A port takes at most a quarter of the process's descriptors (three ports: the API, the RPC, its PubSub), and never more than 8,192. */
const TOTAL = Math.max(64, Math.min(8_192, Math.floor((openFilesLimit() ?? 32_768) / 4)));
export const MAX_CONNECTIONS: ConnectionLimits = { perAddress: Math.min(1_024, TOTAL), total: TOTAL };

/**
 * Counts `server`'s open connections by the address they come from, and answers one past
 * either limit 429 TOO_MANY_CONNECTIONS (in the port's own error shape) and closes it; the
 * sockets so refused are added to `refused`, so that a request the peer had already sent on
 * one is never served (node's parser still reads it).
 */
export function limitConnections(
  server: HttpServer,
  bodyOf: (failure: ApiError) => string,
  limits: ConnectionLimits,
  refused: WeakSet<object> = new WeakSet(),
): void {
  const byAddress = new Map<string, number>();
  let total = 0;
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const held = byAddress.get(address) ?? 0;
    const which = held >= limits.perAddress ? "the first" : total >= limits.total ? "the second" : null;
    if (which !== null) {
      const named = { perAddress: String(limits.perAddress), total: String(limits.total), which };
      const failure = apiError("TOO_MANY_CONNECTIONS", named);
      refused.add(socket);
      // Let go as soon as it is written: lingering, a flood of refused connections would hold descriptors all the same.
      return answerAndClose(socket, rawJsonResponse(failure.status, bodyOf(failure)), 0);
    }
    byAddress.set(address, held + 1);
    total++;
    socket.once("close", () => {
      total--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left === 0) byAddress.delete(address);
      else byAddress.set(address, left);
    });
  });
}

/**
 * Puts every refusal a request can meet before any route sees it on `server`, one door for
 * every HTTP port: what node's parser refuses (`clientError`: headers too large, too slow,
 * not HTTP), an `Expect` other than 100-continue, a Host missing or named twice, a CONNECT, a
 * connection pipelining past the limit (the rest of its requests answered a few at a time),
 * and a connection past the limits of one address or of the port (see limitConnections).
 * Each is answered with `bodyOf(failure)` (the port's own shape of the error) and the
 * connection closed; `serve` gets every other request. The server must be made with
 * `requireHostHeader: false`: node's own Host check answers a bare 400 before this door.
 */
export function guardRequests(
  server: HttpServer,
  serve: RequestListener,
  bodyOf: (failure: ApiError) => string,
  limits: ConnectionLimits = MAX_CONNECTIONS,
): void {
  const answer = (response: ServerResponse, failure: ApiError) => endClosingJson(response, failure.status, bodyOf(failure));
  const refused = new WeakSet<object>();
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection already gone is only closed.
    if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    const failure = parserRefusal(error, server.requestTimeout);
    answerAndClose(socket, rawJsonResponse(failure.status, bodyOf(failure)));
  });
  limitConnections(server, bodyOf, limits, refused);
  // A CONNECT asks for a tunnel: node closes the socket unanswered when nothing listens for it.
  server.on("connect", (_request: IncomingMessage, socket: Duplex) => {
    const failure = apiError("BAD_REQUEST", { detail: "CONNECT asks for a tunnel, and this server is no proxy" });
    answerAndClose(socket, rawJsonResponse(failure.status, bodyOf(failure)));
  });
  server.on("checkExpectation", (request: IncomingMessage, response: ServerResponse) => answer(response, expectationRefusal(request)));
  const hostChecked: RequestListener = (request, response) => {
    // Its connection was refused and is closing: nothing it sent is served.
    if (refused.has(request.socket)) return;
    const refusal = hostRefusal(request);
    if (refusal === null) serve(request, response);
    else answer(response, refusal);
  };
  server.on(
    "request",
    limitPipelining(hostChecked, (response) => answer(response, apiError("TOO_MANY_PIPELINED", PIPELINED_LIMITS))),
  );
}
