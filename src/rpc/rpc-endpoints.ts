import { once } from "node:events";
import type { Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { PubSubServer } from "./pubsub-server.ts";
import type { RpcDeps } from "./rpc-method.ts";
import { buildRpcServer } from "./rpc-server.ts";

/** Attempts at a free pair of neighbouring ports before giving up. */
const PAIR_ATTEMPTS = 20;

export interface RpcEndpoints {
  readonly port: number;
  /** e.g. http://127.0.0.1:8899 */
  readonly rpcUrl: string;
  /** e.g. ws://127.0.0.1:8900 */
  readonly pubsubUrl: string;
  /** Set when the port asked for by default was taken and another pair was used: a sentence for the banner. */
  readonly notice: string | null;
  close(): Promise<void>;
}

export interface RpcEndpointOptions {
  readonly host: string;
  /** URL form of `host`. */
  readonly urlHost: string;
  /** 0 picks any free pair. */
  readonly port: number;
  /** True when the user named the port: taken is then an error, not a reason to move. */
  readonly explicit: boolean;
  readonly logger?: boolean;
}

async function listen(server: Server, port: number, host: string): Promise<number | null> {
  server.listen(port, host);
  try {
    await once(server, "listening");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") return null;
    throw error;
  }
  const address = server.address();
  return typeof address === "object" && address ? address.port : port;
}

/**
 * Starts the JSON-RPC on `port` and PubSub on `port + 1`. When the default pair is taken
 * (another simulator, a test validator) a free pair is used and `notice` says so; a pair
 * the user asked for is an error when taken.
 */
export async function startRpcEndpoints(deps: RpcDeps, options: RpcEndpointOptions): Promise<RpcEndpoints> {
  const http: FastifyInstance = buildRpcServer(deps, options.logger === undefined ? {} : { logger: options.logger });
  await http.ready();
  const pubsub = new PubSubServer(deps);
  const closeAll = async () => {
    await pubsub.close().catch(() => {});
    await http.close();
  };
  let port: number | null = null;
  try {
    for (let attempt = 0; attempt < PAIR_ATTEMPTS && port === null; attempt++) {
      const wanted = attempt === 0 ? options.port : 0;
      const got = await listen(http.server, wanted, options.host);
      if (got !== null && got < 65_535 && (await listen(pubsub.server, got + 1, options.host)) !== null) port = got;
      else {
        if (got !== null) await new Promise<void>((resolve) => http.server.close(() => resolve()));
        if (options.explicit && options.port !== 0) {
          throw new Error(
            `RPC port ${options.port} or its PubSub port ${options.port + 1} on ${options.host} is already in use: pick another with --rpc-port`,
          );
        }
      }
    }
    if (port === null) throw new Error(`no free pair of neighbouring ports for the RPC on ${options.host}`);
  } catch (error) {
    await closeAll();
    throw error;
  }
  const moved = options.port !== 0 && port !== options.port;
  return {
    port,
    rpcUrl: `http://${options.urlHost}:${port}`,
    pubsubUrl: `ws://${options.urlHost}:${port + 1}`,
    notice: moved ? `RPC port ${options.port} is in use: serving the RPC on ${port} and PubSub on ${port + 1}` : null,
    close: closeAll,
  };
}
