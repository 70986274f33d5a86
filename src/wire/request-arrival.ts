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
