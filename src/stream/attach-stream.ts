import type { FastifyInstance } from "fastify";
import { apiError } from "../errors/index.ts";
import { isRequestHost } from "../wire/request-host.ts";
import { asyncapiDocument, asyncapiYaml } from "./asyncapi-document.ts";
import { STREAM_PATH, type StreamServerOptions } from "./stream-options.ts";
import { type StreamServer, createStreamServer } from "./stream-server.ts";

/** Where a running server serves the stream's AsyncAPI document (the OpenAPI one is at /openapi.json). */
export const ASYNCAPI_PATH = "/asyncapi.yaml";

/** The committed document with its one server at `host` (the request's), or as committed when the request named no usable host. */
export function servedAsyncapiYaml(host: string | undefined): string {
  const document = asyncapiDocument();
  if (!isRequestHost(host)) return asyncapiYaml(document);
  const servers = { devnet: { host, protocol: "ws", description: "this server (the stream shares the HTTP API's port)" } };
  return asyncapiYaml({ ...document, servers });
}

/**
 * Serves the stream on `app`'s HTTP server (same host and port as the API) and closes it
 * with the app: `preClose` runs before fastify stops listening, so every socket gets its
 * 1001 while the server can still send it — and `app.close()` does not wait on upgraded
 * sockets that would otherwise hold the HTTP server open. Call before `app.listen()`
 * (fastify takes no hooks once ready).
 */
export function attachStream(app: FastifyInstance, options: StreamServerOptions): StreamServer {
  const stream = createStreamServer(options);
  stream.attach(app.server);
  // A WebSocket handshake never reaches a route (the server's `upgrade` takes it); a plain
  // request to the stream's path is someone pointing an HTTP client at it: say what it is.
  app.get(STREAM_PATH, { schema: { hide: true } }, async (request, reply) => {
    const failure = apiError("UPGRADE_REQUIRED", { path: STREAM_PATH });
    // A 426 names the upgrade in Connection; a client that asked to close still gets its close
    // (node keeps the socket open when the answer's Connection header does not say close).
    const closing = /(^|,)\s*close\s*(,|$)/i.test(request.headers.connection ?? "");
    return reply
      .code(failure.status)
      .header("upgrade", "websocket")
      .header("connection", closing ? "Upgrade, close" : "Upgrade")
      .send(failure.body);
  });
  // The stream's AsyncAPI document, as openapi/asyncapi.yaml holds it, naming the host it was reached at.
  app.get(ASYNCAPI_PATH, { schema: { hide: true } }, async (request, reply) =>
    reply.type("application/yaml; charset=utf-8").send(servedAsyncapiYaml(request.host)),
  );
  app.addHook("preClose", async () => {
    await stream.close();
  });
  return stream;
}
