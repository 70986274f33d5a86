import { once } from "node:events";
import { type RequestListener, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A plain HTTP server on a free port of 127.0.0.1 answering with `handler`, for the client's tests against servers that misbehave. */
export async function startLocalServer(handler: RequestListener): Promise<{ baseUrl: string; close(): void }> {
  const server = createServer(handler);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
