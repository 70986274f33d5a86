import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { ANY_ORIGIN, apiError } from "../errors/index.ts";
import { RPC_ERROR, refusalBody } from "./json-rpc-envelope.ts";
import { RpcDispatcher } from "./rpc-dispatcher.ts";
import type { RpcDeps } from "./rpc-method.ts";
import { registerCrossOrigin } from "../wire/cross-origin.ts";
import { REQUEST_ARRIVAL, REQUEST_TIMEOUT_MS } from "../wire/request-arrival.ts";
import { guardRequests } from "../wire/request-guard.ts";
import { utf8TextOf } from "../wire/utf8-text.ts";

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** The validator's cap on a request body. */
const MAX_BODY_BYTES = 50 * 1024;

/** A request refused before routing (a URL that is not percent-encoding): in the JSON-RPC shape too, as the API answers it in its own. */
function refuseUnroutable(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .code(400)
    .header(ANY_ORIGIN.name, ANY_ORIGIN.value)
    .type("application/json; charset=utf-8")
    .send(refusalBody(apiError("BAD_REQUEST", { detail: "its URL is not valid percent-encoding" }).body.error));
}

/**
 * The Solana JSON-RPC over HTTP: a fastify instance of its own (its own port, beside
 * `/v1`), answering `POST /` with JSON-RPC 2.0, batches included, and `GET /health` with
 * `ok` as the validator does. The body is read as text whatever its content type, so a
 * body that is not JSON is the JSON-RPC parse error (-32700), never fastify's 400. What is
 * refused before a request is read (another path or method, a body past the validator's
 * limit, malformed HTTP) gets its HTTP status with a JSON-RPC error object (-32600) naming why.
 */
export function buildRpcServer(deps: RpcDeps, options: { readonly logger?: boolean } = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: MAX_BODY_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Node's Host check answers a bare 400: the request guard's answers instead (below).
    http: { ...REQUEST_ARRIVAL, requireHostHeader: false },
    frameworkErrors: refuseUnroutable,
  });
  // The request guard in front of fastify's own handler and in place of its clientError
  // answer, on the server fastify made (not a serverFactory's: fastify then leaves closing it,
  // and the port, to whoever listened): every refusal before a route, as a JSON-RPC error object.
  const [handler] = app.server.listeners("request") as RequestListener[];
  app.server.removeAllListeners("request").removeAllListeners("clientError");
  guardRequests(app.server, handler!, (failure) => refusalBody(failure.body.error));
  const dispatcher = new RpcDispatcher(deps);
  // A page calls a validator's RPC from any origin (a wallet under development, web3.js in a browser).
  void registerCrossOrigin(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.post("/", async (request, reply) => {
    // A batch whose client closed its connection stops: its answer would go nowhere.
    const gone = () => request.raw.socket?.destroyed === true;
    // Bytes that are not UTF-8 are no JSON text: read as none, they get the parse error, as on a validator.
    const body = request.body instanceof Uint8Array ? utf8TextOf(request.body) : null;
    const text = await dispatcher.handleText(body ?? "", undefined, gone);
    return reply.header("content-type", "application/json; charset=utf-8").send(text ?? "");
  });
  app.get("/health", async (_request, reply) => reply.type("text/plain").send("ok"));
  const refusal = (status: number, message: string) => ({ status, body: refusalBody(message) });
  app.setNotFoundHandler((request, reply) => {
    const { status, body } =
      request.url.split("?")[0] === "/"
        ? refusal(405, `the JSON-RPC answers POST /, not ${request.method}`)
        : refusal(
            404,
            `nothing answers ${request.method} ${JSON.stringify(request.url.slice(0, 80))}: the JSON-RPC answers POST / (and GET /health)`,
          );
    return reply.code(status).type("application/json; charset=utf-8").send(body);
  });
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
    const clients = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    // Not the client's doing: our defect, reported, and answered as JSON-RPC's internal error.
    if (!clients) process.emitWarning(error instanceof Error ? error : String(error.message), { code: "BASKET_DEVNET_RPC_FAILED" });
    const { status, body } =
      error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? refusal(413, `a request body is at most ${MAX_BODY_BYTES} bytes, as the validator's`)
        : clients
          ? refusal(error.statusCode!, `the request could not be read: ${error.message}`)
          : { status: 500, body: refusalBody("Internal error", RPC_ERROR.internalError) };
    return reply.code(status).type("application/json; charset=utf-8").send(body);
  });
  return app;
}
