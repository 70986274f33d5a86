import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import {
  type ApiError,
  apiError,
  endClosingJson,
  expectationRefusal,
  hostlessRefusal,
  parserRefusal,
  rawJsonResponse,
} from "../errors/index.ts";
import { PIPELINED_LIMITS, limitPipelining } from "./pipelined-requests.ts";

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Puts every refusal a request can meet before any route sees it on `server`, one door for
 * every HTTP port: what node's parser refuses (`clientError`: headers too large, too slow,
 * not HTTP), an `Expect` other than 100-continue, an HTTP/1.1 request without Host, and a
 * connection pipelining past the limit (the rest of its requests answered a few at a time).
 * Each is answered with `bodyOf(failure)` (the port's own shape of the error) and the
 * connection closed; `serve` gets every other request. The server must be made with
 * `requireHostHeader: false`: node's own Host check answers a bare 400 before this door.
 */
export function guardRequests(server: HttpServer, serve: RequestListener, bodyOf: (failure: ApiError) => string): void {
  const answer = (response: ServerResponse, failure: ApiError) => endClosingJson(response, failure.status, bodyOf(failure));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection already gone is only closed.
    if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    const failure = parserRefusal(error, server.requestTimeout);
    socket.end(rawJsonResponse(failure.status, bodyOf(failure)));
  });
  server.on("checkExpectation", (request: IncomingMessage, response: ServerResponse) => answer(response, expectationRefusal(request)));
  const hostChecked: RequestListener = (request, response) => {
    const hostless = hostlessRefusal(request);
    if (hostless === null) serve(request, response);
    else answer(response, hostless);
  };
  server.on(
    "request",
    limitPipelining(hostChecked, (response) => answer(response, apiError("TOO_MANY_PIPELINED", PIPELINED_LIMITS))),
  );
}
