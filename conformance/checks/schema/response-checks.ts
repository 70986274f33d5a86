import type { Exchange } from "../../../src/client/basket-client.ts";
import type { Check, CheckContext } from "../../engine/check.ts";
import { documentValidators } from "../../engine/document-validator.ts";
import { refusalBodySpecified } from "../../model/refusal.ts";
import { type OperationRequest, isSpecified, operationRequests } from "./operation-requests.ts";

/**
 * Hands the answer to every operation request to `judge`, which returns a problem or null;
 * the first problem fails the check. Every check of the phase judges the same answers, so
 * the requests are written once per run (one faucet wallet, one quote, one build) and each
 * is sent once; each check's reproduction still holds the requests it judged.
 */
async function judgeAnswers(
  context: CheckContext,
  judge: (request: OperationRequest, answer: Exchange) => string | null,
  only: (request: OperationRequest) => boolean = () => true,
  {
    judgesSuccesses = false,
    specifiedFor = () => true,
  }: {
    readonly judgesSuccesses?: boolean;
    /** Where the specification states the rule; elsewhere a problem is a difference from our decision (failDecision). */
    readonly specifiedFor?: (request: OperationRequest, answer: Exchange) => boolean;
  } = {},
): Promise<void> {
  const requests = (await context.shared("schema.operationRequests", operationRequests)).filter(only);
  if (requests.length === 0) context.skip("no operation could be called with inputs from this server");
  let successes = 0;
  let first: Exchange | null = null;
  let differs: { message: string; details: { input: unknown; actual: unknown } } | null = null;
  for (const request of requests) {
    const answer = await context.exchangeOnce(request.request);
    first ??= answer;
    if (answer.status >= 200 && answer.status < 300) successes++;
    const problem = judge(request, answer);
    if (problem === null) continue;
    const message = `${request.method} ${answer.request.url} answered ${answer.status}: ${problem}`;
    const details = { input: request.request, actual: answer.body ?? answer.text.slice(0, 500) };
    if (specifiedFor(request, answer)) context.fail(message, details);
    differs ??= { message, details };
  }
  if (differs !== null)
    context.failDecision(
      `${differs.message} (the specification states this for quote and build refusals; elsewhere it is our decision)`,
      differs.details,
    );
  // A rule about successful answers is not kept by a server that gave none (the base URL may not be the service).
  if (judgesSuccesses && successes === 0)
    context.skip(
      `none of the ${requests.length} requests with real inputs was answered with a success (the first: ${first?.request.method} ${first?.request.url} answered ${first?.status}): nothing to judge`,
    );
}

/** The specification states the shape of a success everywhere, of a refusal only for a quote or a build. */
function refusalShapeSpecified(request: OperationRequest, answer: Exchange): boolean {
  return answer.status < 400 || refusalBodySpecified(request.template);
}

/** JSON by its media type: `application/json`, or a JSON structured syntax (`application/problem+json`, RFC 6839). */
function isJson(answer: Exchange): boolean {
  return /^application\/(?:[\w.-]+\+)?json\b/i.test(answer.headers["content-type"] ?? "");
}

export const responsesValid: Check = {
  id: "schema.responses.valid",
  phase: "schema",
  rule: {
    section: "Resources and their fields",
    text: "every record carries the listed fields with their types (validated against the document's response schema for the status, extra fields allowed)",
  },
  enforces: "specification",
  run: (context) => {
    const { relaxed } = documentValidators(context.documents.openapi);
    return judgeAnswers(
      context,
      (request, answer) =>
        answer.status >= 400 ? null : relaxed.validateResponse(request.method, request.template, answer.status, answer.body).error,
      (request) => isSpecified(request.template),
      { judgesSuccesses: true },
    );
  },
};

export const responsesExact: Check = {
  id: "schema.responses.exact",
  phase: "schema",
  rule: {
    section: "OpenAPI document",
    text: "every answer, error bodies included, validates against the document's schema for its status exactly (no field the document leaves out)",
  },
  enforces: "decision",
  run: (context) => {
    const { exact } = documentValidators(context.documents.openapi);
    return judgeAnswers(
      context,
      (request, answer) => exact.validateResponse(request.method, request.template, answer.status, answer.body).error,
    );
  },
};

export const statusDocumented: Check = {
  id: "schema.status.documented",
  phase: "schema",
  rule: { section: "OpenAPI document", text: "every answer's status is one the document lists for the operation" },
  enforces: "decision",
  run: (context) => {
    const { exact } = documentValidators(context.documents.openapi);
    return judgeAnswers(context, (request, answer) =>
      exact.validateResponse(request.method, request.template, answer.status, answer.body).documented
        ? null
        : "the document lists no such status for this operation",
    );
  },
};

export const responsesJson: Check = {
  id: "schema.contentType.json",
  phase: "schema",
  rule: {
    section: "Endpoints",
    text: "bodies are JSON: successful responses are HTTP 200 with a JSON object, refusals of a quote or build a body with `error` (every other refusal too: our decision)",
  },
  enforces: "specification",
  run: (context) =>
    judgeAnswers(
      context,
      (_, answer) => {
        if (!isJson(answer)) return `content-type is ${JSON.stringify(answer.headers["content-type"] ?? null)}, not application/json`;
        if (typeof answer.body !== "object" || answer.body === null || Array.isArray(answer.body)) return "the body is not a JSON object";
        return null;
      },
      (request) => isSpecified(request.template),
      { specifiedFor: refusalShapeSpecified },
    ),
};

export const successIs200: Check = {
  id: "schema.success.is200",
  phase: "schema",
  rule: { section: "Endpoints", text: "successful responses are HTTP 200" },
  enforces: "specification",
  run: (context) =>
    judgeAnswers(
      context,
      (_, answer) =>
        answer.status >= 200 && answer.status < 300 && answer.status !== 200 ? `a success must be 200, got ${answer.status}` : null,
      (request) => isSpecified(request.template),
      { judgesSuccesses: true },
    ),
};

export const no5xx: Check = {
  id: "schema.responses.no5xx",
  phase: "schema",
  rule: {
    section: "Errors",
    text: "a refused request is a non-200 answer with an `error` sentence; a client's request never gets a server failure (5xx)",
  },
  enforces: "specification",
  run: (context) => judgeAnswers(context, (_, answer) => (answer.status >= 500 ? "a 5xx answered a request with real inputs" : null)),
};

export const errorsHaveSentence: Check = {
  id: "schema.errors.haveSentence",
  phase: "schema",
  rule: {
    section: "Errors",
    text: "a refused quote or build is a non-200 response whose body has `error`, a sentence (string); every other refusal too (our decision)",
  },
  enforces: "specification",
  run: (context) =>
    judgeAnswers(
      context,
      (_, answer) => {
        if (answer.status < 400) return null;
        const error = (answer.body as { error?: unknown } | undefined)?.error;
        if (typeof error === "string" && error.trim().length > 0) return null;
        if (error === undefined) return "the body has no `error` sentence";
        return `the body's \`error\` is ${kindOf(error)}, not a sentence`;
      },
      (request) => isSpecified(request.template),
      { specifiedFor: refusalShapeSpecified },
    ),
};

/** What a JSON value is, with its article: for saying what an `error` was instead of a sentence. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return "an empty string";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

export const errorsHaveCode: Check = {
  id: "schema.errors.haveCode",
  phase: "schema",
  rule: { section: "Errors (our decision)", text: "error bodies carry a stable `code` from the document's catalogue besides `error`" },
  enforces: "decision",
  run: (context) => {
    const { exact } = documentValidators(context.documents.openapi);
    return judgeAnswers(context, (request, answer) => {
      if (answer.status < 400) return null;
      const code = (answer.body as { code?: unknown } | undefined)?.code;
      if (typeof code !== "string") return "the body has no `code`";
      return exact.validateResponse(request.method, request.template, answer.status, answer.body).error;
    });
  },
};

export const SCHEMA_RESPONSE_CHECKS: readonly Check[] = [
  responsesValid,
  responsesExact,
  statusDocumented,
  responsesJson,
  successIs200,
  no5xx,
  errorsHaveSentence,
  errorsHaveCode,
];
