import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { StreamServerOptions } from "../stream-options.ts";
import { type StreamServer, createStreamServer } from "../stream-server.ts";

export interface ServedStream {
  readonly stream: StreamServer;
  readonly http: Server;
  /** ws://127.0.0.1:<port>/v1/stream */
  readonly url: string;
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** A stream on a bare HTTP server on 127.0.0.1, port 0 (the API is not needed for the stream's own rules). */
export async function serveStream(options: StreamServerOptions, http: Server = createServer()): Promise<ServedStream> {
  const stream = createStreamServer(options);
  stream.attach(http);
  if (!http.listening) await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    stream,
    http,
    url: `ws://127.0.0.1:${port}/v1/stream`,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stream.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
