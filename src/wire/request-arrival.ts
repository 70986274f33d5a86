import type { ServerOptions } from "node:http";

/**
 * How long a request may take to arrive whole, on every HTTP port (the API's and the
 * JSON-RPC's): past it, 408. fastify leaves a request's arrival untimed, and a body sent a
 * byte a second held its connection for good; enough of them took every file descriptor.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * How often node looks for requests past their time to arrive (30 s by default): a request
 * that has not arrived in its time is then cut within this much more, not up to 30 s more.
 */
export const ARRIVAL_CHECK_MS = 5_000;

/**
 * Node's timing of a request's arrival, given to every HTTP server at its construction (the
 * port reservation's, and each fastify app's through its `http` option). Node cuts a request
 * whose body stalls only at `headersTimeout`, and a server given `requestTimeout` after its
 * construction (as fastify gives it) keeps the 60 s default there: a 408 promising 30 s came
 * after a minute. So the headers' time is the request's own.
 */
export const REQUEST_ARRIVAL: RequestArrival = {
  requestTimeout: REQUEST_TIMEOUT_MS,
  headersTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: ARRIVAL_CHECK_MS,
};

export type RequestArrival = Required<Pick<ServerOptions, "requestTimeout" | "headersTimeout" | "connectionsCheckingInterval">>;
