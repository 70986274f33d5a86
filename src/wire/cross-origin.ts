import cors, { type FastifyCorsOptions } from "@fastify/cors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ANY_ORIGIN } from "../errors/index.ts";

/**
 * Every origin may call the simulator's HTTP ports (`/v1`, `/devnet`, the JSON-RPC), as a
 * validator's RPC lets any page call it: a wallet or front end under development is served
 * from its own origin (a dev server's port), and a browser refuses it answers that do not
 * say so. Nothing is authorized by a cookie or a header here, so `*` opens nothing a local
 * client could not already reach.
 */
const CROSS_ORIGIN: FastifyCorsOptions = {
  origin: ANY_ORIGIN.value,
  methods: ["GET", "HEAD", "POST"],
  // Preflights are answered for ten minutes at a time.
  maxAge: 600,
};

/** A CORS preflight: OPTIONS from a browser, naming its origin and the method it means to use. */
function isPreflight(request: FastifyRequest): boolean {
  return (
    request.method === "OPTIONS" && request.headers.origin !== undefined && request.headers["access-control-request-method"] !== undefined
  );
}

/**
 * Registers @fastify/cors on `app`: every answer says any origin may read it, and a preflight
 * is answered 204 before routing. Any other OPTIONS request goes on to the app's own answers
 * (a 405 naming the methods the path has, or a 404), never the plugin's plain-text 400.
 */
export function registerCrossOrigin(app: FastifyInstance): PromiseLike<unknown> {
  const preflight: FastifyCorsOptions = { ...CROSS_ORIGIN, preflight: true };
  const other: FastifyCorsOptions = { ...CROSS_ORIGIN, preflight: false };
  return app.register(
    cors,
    () => (request: FastifyRequest, answer: (error: Error | null, options: FastifyCorsOptions) => void) =>
      answer(null, isPreflight(request) ? preflight : other),
  );
}

/** The route @fastify/cors adds so that preflights reach its hook: it answers no other request, so it is no method a path has. */
export function isPreflightRoute(route: { readonly method: string | readonly string[]; readonly url: string }): boolean {
  return route.url === "*" && [route.method].flat().every((method) => method === "OPTIONS");
}
