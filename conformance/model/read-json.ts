import type { Exchange, ExchangeRequest, Query } from "../../src/client/basket-client.ts";
import type { CheckContext } from "../engine/check.ts";
import { Violation } from "./violation.ts";

/**
 * Sends a request a correct server answers with 200 and a JSON object, and returns the body;
 * anything else is a Violation naming the request and the answer (the specification:
 * "Successful responses are HTTP 200 with a JSON object").
 */
export async function okJson<T = Record<string, any>>(context: CheckContext, request: ExchangeRequest): Promise<T> {
  const answer = await context.exchange(request);
  return okBody<T>(answer);
}

/** The body of a 200 JSON-object answer, or a Violation that shows the answer. */
export function okBody<T = Record<string, any>>(answer: Exchange): T {
  if (answer.status !== 200 || typeof answer.body !== "object" || answer.body === null || Array.isArray(answer.body))
    throw new Violation(`${answer.request.method} ${answer.request.url} answered ${answer.status} instead of 200 with a JSON object`, {
      input: answer.request,
      actual: answer.body ?? answer.text.slice(0, 500),
    });
  return answer.body as T;
}

/** GET `path` with `query`, expecting 200 and a JSON object. */
export function getJson<T = Record<string, any>>(context: CheckContext, path: string, query: Query = {}): Promise<T> {
  return okJson<T>(context, { method: "GET", path, query });
}

/** POST `json` to `path`, expecting 200 and a JSON object. */
export function postJson<T = Record<string, any>>(context: CheckContext, path: string, json: unknown): Promise<T> {
  return okJson<T>(context, { method: "POST", path, json });
}

/** The path of a launch-scoped route, the id encoded. */
export function launchPath(id: string, suffix = ""): string {
  return `/v1/launches/${encodeURIComponent(id)}${suffix}`;
}
