import type { FastifyInstance } from "fastify";
import { apiError } from "../errors/index.ts";
import { STREAM_PATH, type StreamServerOptions } from "./stream-options.ts";
import { type StreamServer, createStreamServer } from "./stream-server.ts";

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
  app.get(STREAM_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const failure = apiError("UPGRADE_REQUIRED", { path: STREAM_PATH });
    return reply.code(failure.status).header("upgrade", "websocket").header("connection", "Upgrade").send(failure.body);
  });
  app.addHook("preClose", async () => {
    await stream.close();
  });
  return stream;
}
