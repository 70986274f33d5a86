import type { FastifyInstance } from "fastify";
import type { StreamServerOptions } from "./stream-options.ts";
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
  app.addHook("preClose", async () => {
    await stream.close();
  });
  return stream;
}
