/**
 * Requests per second of one URL, measured with autocannon's programmatic API. The load
 * generator runs in a worker thread (autocannon's `workers` option), so on a two-core
 * machine the server's event loop keeps a core to itself instead of sharing it with the
 * client that measures it.
 */
import { createRequire } from "node:module";

/** The autocannon options used here (it ships no types). */
interface LoadOptions {
  readonly url: string;
  readonly connections: number;
  readonly workers: number;
  readonly duration?: number;
  readonly amount?: number;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** The parts of autocannon's result read here. */
interface LoadResult {
  readonly duration: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly requests: { readonly total: number };
  readonly latency: { readonly p99: number };
}

const autocannon = createRequire(import.meta.url)("autocannon") as (options: LoadOptions) => Promise<LoadResult>;

/** Connections kept open by the load generator: a few, as a handful of browser tabs would. */
export const CONNECTIONS = 4;

export interface LoadSample {
  readonly requests: number;
  readonly seconds: number;
  /** The 99th percentile of request latency, milliseconds. */
  readonly p99Ms: number;
}

/** A request other than a bare GET: a JSON-RPC call is a POST of its body. */
export interface LoadRequest {
  readonly method: "POST";
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Loads `url` for `seconds` (or for `amount` requests) and returns what completed. Throws
 * when any request failed or answered other than 2xx: a rate of errors measures nothing.
 */
export async function loadUrl(url: string, limit: { seconds: number } | { amount: number }, request?: LoadRequest): Promise<LoadSample> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    workers: 1,
    ...request,
    ...("seconds" in limit ? { duration: limit.seconds } : { amount: limit.amount }),
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return { requests: result.requests.total, seconds: result.duration, p99Ms: result.latency.p99 };
}
