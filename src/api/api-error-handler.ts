import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ANY_ORIGIN, type ApiError, apiError, quoted } from "../errors/index.ts";
import { sendApiError } from "./api-error-reply.ts";
import { BROKEN_PERCENT_ENCODING } from "./unreadable-query.ts";
import { NOT_UTF8_BODY, NOT_UTF8_CODE } from "./unreadable-body.ts";
import { validationFailure } from "./validation-failure.ts";
import { isPreflightRoute } from "../wire/cross-origin.ts";

/**
 * fastify's JSON parser refuses a `__proto__` key (and `constructor.prototype`) as it refuses
 * bad syntax, with the same error and no cause: the sentence names both reasons.
 */
export const MALFORMED_JSON: ApiError = apiError("MALFORMED_BODY", {
  rule: "is not valid JSON, or holds a __proto__ or constructor.prototype key (refused for safety)",
});

/**
 * What a thrown error means for the client. Only fastify's own request errors and schema
 * validation get here on purpose (handlers return their expected failures); anything else
 * is our defect and becomes a 500 whose body says nothing about it.
 */
export function failureOf(error: FastifyError, request: FastifyRequest): ApiError {
  if (error.validation) return validationFailure(error.validation, error.validationContext, request.routeOptions.schema, request.query);
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return apiError("PAYLOAD_TOO_LARGE", { limit: String(request.routeOptions.bodyLimit) });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return apiError("UNSUPPORTED_MEDIA_TYPE", { contentType: quoted(request.headers["content-type"] ?? "(none)") });
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return MALFORMED_JSON;
    case NOT_UTF8_CODE:
      return NOT_UTF8_BODY;
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return apiError("MALFORMED_BODY", { rule: "is empty; send a JSON object" });
    case "FST_ERR_BAD_URL":
      return BROKEN_PERCENT_ENCODING;
    // The client went away in the middle of its body: its mistake (or its network's), not a defect to log.
    case "ECONNRESET":
    case "ECONNABORTED":
      return apiError("BAD_REQUEST", { detail: "the connection closed before the request body ended" });
  }
  // Fastify marks the client's mistakes it knows about with a 4xx: never answer those with a
  // 5xx. Only fastify's own errors (FST_*) are trusted to carry a message fit for a client.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500 && error.code?.startsWith("FST_"))
    return apiError("BAD_REQUEST", { detail: error.message || "malformed request" });
  return apiError("INTERNAL");
}

/** The app's one error handler, its 404 for unknown routes, and the handler of URL errors. */
export function registerErrorHandling(app: FastifyInstance): void {
  // Every route's path as a pattern, so a path that exists under other methods answers 405.
  const routes: { readonly method: string; readonly path: RegExp; readonly literal: boolean }[] = [];
  app.addHook("onRoute", (route) => {
    if (isPreflightRoute(route)) return;
    const segments = route.url.split("/");
    const path = new RegExp(`^${segments.map(patternOfSegment).join("/")}$`);
    const literal = segments.every((segment) => segment !== "*" && !segment.startsWith(":"));
    for (const method of [route.method].flat()) routes.push({ method, path, literal });
  });
  /**
   * The methods `path` answers. A path that is some route's very text answers only that
   * route's methods: `/v1/launches/build-create` is POST's, though a GET of it reaches the
   * `/v1/launches/{id}` route as an id (refused as one).
   */
  const allowedMethods = (path: string): string[] => {
    const matching = routes.filter((route) => route.path.test(path));
    const literal = matching.filter((route) => route.literal);
    return [...new Set((literal.length > 0 ? literal : matching).map((route) => route.method))].sort();
  };
  /** The answer to a request no route takes: 405 naming the methods its path has, or 404. */
  const answerUnrouted = (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    const allowed = allowedMethods(path);
    // A HEAD's answer carries the length of its GET's body (RFC 9110), so the sentence names GET.
    const method = request.method === "HEAD" ? "GET" : request.method;
    if (allowed.length === 0) return sendApiError(reply, apiError("ROUTE_NOT_FOUND", { method, path: quoted(path) }));
    void reply.header("allow", allowed.join(", "));
    return sendApiError(reply, apiError("METHOD_NOT_ALLOWED", { path: quoted(path), allowed: allowed.join(" or "), method }));
  };
  /**
   * Whether `request` is one no route takes, whatever failed first: fastify reads a body (and
   * refuses its media type) before the not-found handler runs, and a path typo is no body
   * problem; the CORS plugin's OPTIONS route takes only preflights; a path parameter refused on
   * a path that is another method's route is that route's wrong method.
   */
  const unrouted = (request: FastifyRequest, error?: FastifyError): boolean => {
    if (request.is404 || isPreflightRoute({ method: request.method, url: request.routeOptions.url ?? "" })) return true;
    if (error?.validationContext !== "params") return false;
    const path = pathOf(request);
    return routes.some((route) => route.literal && route.path.test(path) && route.method !== request.method);
  };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (unrouted(request, error)) return answerUnrouted(request, reply);
    const failure = failureOf(error, request);
    if (failure.status >= 500) {
      // The answer says the failure was logged: without a logger (the default), stderr is the log.
      if (typeof request.log.level === "string" && request.log.level !== "silent") request.log.error({ err: error }, "unexpected failure");
      else
        process.stderr.write(
          `basket-devnet: unexpected failure answering ${request.method} ${request.url}: ${error.stack ?? error.message}\n`,
        );
    }
    return sendApiError(reply, failure);
  });
  app.setNotFoundHandler(answerUnrouted);
}

/** A request's path, without its query. */
const pathOf = (request: FastifyRequest) => request.url.split("?")[0] ?? "";

/** A route path's segment as a pattern: a parameter (`:id`) or wildcard (`*`) matches any text, the rest itself. */
function patternOfSegment(segment: string): string {
  if (segment === "*") return ".*";
  if (segment.startsWith(":")) return "[^/]+";
  return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Fastify's `frameworkErrors` option: errors raised before routing (a URL that is not valid percent-encoding). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Before routing, so before the cross-origin hook: said here, as every answer says it.
  void sendApiError(reply.header(ANY_ORIGIN.name, ANY_ORIGIN.value), failureOf(error, request));
}
