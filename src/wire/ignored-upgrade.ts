import { type IncomingMessage, type Server as HttpServer, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { apiError, rawJsonResponse } from "../errors/index.ts";
import { answerAndClose } from "./answer-and-close.ts";
import { hasBody } from "./request-body.ts";

/** Whether `request` asks to become a WebSocket: the one upgrade our servers take. */
export function asksForWebSocket(request: IncomingMessage): boolean {
  return (request.headers.upgrade ?? "").split(",").some((protocol) => protocol.trim().toLowerCase() === "websocket");
}

/**
 * Serves a request that offered an upgrade other than a WebSocket (`curl --http2` offers
 * `h2c` on every plain-HTTP request) as the request it also is, through `server`'s own
 * `request` listeners: a server may ignore an Upgrade it does not take (RFC 9110, 7.8). Node
 * hands such a request to `upgrade` listeners with its socket already out of the parser's
 * hands, so it gets its one answer and the connection closes; one with a body is refused,
 * for the parser that would have read the body is gone.
 */
export function serveIgnoringUpgrade(server: HttpServer, request: IncomingMessage, socket: Duplex, bodyOf: (body: object) => string): void {
  if (hasBody(request)) {
    const failure = apiError("BAD_REQUEST", {
      detail: `a request with a body may offer no Upgrade but websocket (this one offers ${JSON.stringify(request.headers.upgrade)}): send it without`,
    });
    return answerAndClose(socket, rawJsonResponse(failure.status, bodyOf(failure.body)));
  }
  const response = new ServerResponse(request);
  response.shouldKeepAlive = false;
  response.assignSocket(socket as Socket);
  response.once("finish", () => {
    response.detachSocket(socket as Socket);
    answerAndClose(socket, "");
  });
  server.emit("request", request, response);
}
