/**
 * Requests with a deadline. `AbortSignal.timeout` would do, but its timer does not keep the
 * process alive, and node 20's fetch never settles when a server accepts a connection and
 * closes it before answering: the process then ran out of work and exited 0 with the request
 * pending (a judge reporting success against a broken server). This deadline's timer keeps the
 * process waiting, so such a request ends in a TimeoutError.
 */

/** A request's answer and its whole body. */
export interface FetchedText {
  readonly response: Response;
  readonly text: string;
}

/**
 * `fetch(url, init)` and its body read whole within `timeoutMs`; past it, rejects with a
 * DOMException named "TimeoutError" (see {@link isTimeout}).
 */
export async function fetchTextWithin(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  fetchFn: typeof fetch = fetch,
): Promise<FetchedText> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs / 1000} s`, "TimeoutError")), timeoutMs);
  try {
    const response = await fetchFn(url, { ...init, signal: controller.signal });
    return { response, text: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `error` is a request's deadline passing. */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}
