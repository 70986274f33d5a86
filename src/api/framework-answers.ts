import type { ApiErrorBody, ApiErrorCode } from "../errors/index.ts";
import { type ErrorStatus, errorResponses } from "./schemas/error-body-schema.ts";

type Answers = Partial<Record<ErrorStatus, readonly (ApiErrorCode | ApiErrorBody)[]>>;
type Responses = Record<string, unknown>;
type ErrorResponse = { content?: { "application/json"?: { examples?: Record<string, { value: ApiErrorBody }> } } };

/**
 * The answers the server gives before a route's handler runs, which no route schema would
 * otherwise document: a body that is not JSON or too large on a POST; a body of another
 * content type, or compressed, on any method; a URL whose percent-encoding is broken (in a
 * path parameter or the query); what the connection's guard answers any request (headers too
 * large, an Expect it does not meet, a request that arrives too slowly, too many pipelined);
 * and the 500 any route can answer. Each code is listed once per status, beside the route's own.
 */
function frameworkAnswers(methods: readonly string[], url: string): Answers {
  const answers: Answers = {
    408: ["REQUEST_TIMEOUT"],
    415: ["UNSUPPORTED_MEDIA_TYPE"],
    417: ["EXPECTATION_FAILED"],
    429: ["TOO_MANY_PIPELINED", "TOO_MANY_CONNECTIONS"],
    431: ["HEADERS_TOO_LARGE"],
    500: ["INTERNAL"],
  };
  const bad: ApiErrorCode[] = [];
  if (methods.includes("POST")) {
    bad.push("MALFORMED_BODY");
    answers[413] = ["PAYLOAD_TOO_LARGE"];
  }
  // A URL whose percent-encoding is broken, in a path parameter or in the query string.
  bad.push("BAD_REQUEST");
  answers[400] = bad;
  return answers;
}

/** The bodies a documented error response already shows (its examples, one per answer). */
function documentedBodies(response: unknown): ApiErrorBody[] {
  const examples = (response as ErrorResponse | undefined)?.content?.["application/json"]?.examples ?? {};
  return Object.values(examples).map((example) => example.value);
}

/**
 * `responses` with the framework's answers merged in (statuses in ascending order, as an
 * object with numeric keys keeps them). A status the route documents keeps its examples;
 * a code it already lists is not added twice.
 */
export function withFrameworkAnswers(responses: Responses, methods: readonly string[], url: string): Responses {
  const merged: Responses = { ...responses };
  for (const [status, codes] of Object.entries(frameworkAnswers(methods, url)) as [string, ApiErrorCode[]][]) {
    const known = documentedBodies(responses[status]);
    const added = codes.filter((code) => !known.some((body) => body.code === code));
    if (added.length === 0) continue;
    merged[status] = errorResponses({ [status]: [...known, ...added] } as Record<ErrorStatus, ApiErrorCode[]>)[
      Number(status) as ErrorStatus
    ];
  }
  return merged;
}
