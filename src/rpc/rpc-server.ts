import Fastify, { type FastifyInstance } from "fastify";
import { RpcDispatcher } from "./rpc-dispatcher.ts";
import type { RpcDeps } from "./rpc-method.ts";

/** The validator's cap on a request body. */
const MAX_BODY_BYTES = 50 * 1024;

/**
 * The Solana JSON-RPC over HTTP: a fastify instance of its own (its own port, beside
 * `/v1`), answering `POST /` with JSON-RPC 2.0, batches included, and `GET /health` with
 * `ok` as the validator does. The body is read as text whatever its content type, so a
 * body that is not JSON is the JSON-RPC parse error (-32700), never fastify's 400.
 */
export function buildRpcServer(deps: RpcDeps, options: { readonly logger?: boolean } = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: MAX_BODY_BYTES });
  const dispatcher = new RpcDispatcher(deps);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
  app.post("/", async (request, reply) => {
    const text = await dispatcher.handleText(typeof request.body === "string" ? request.body : "");
    return reply.header("content-type", "application/json; charset=utf-8").send(text ?? "");
  });
  app.get("/health", async (_request, reply) => reply.type("text/plain").send("ok"));
  return app;
}
