import type { FastifyBodyParser, FastifyReply, FastifyRequest } from "fastify";
import { apiError, quoted } from "../errors/index.ts";
import { sendApiError } from "./api-error-reply.ts";
import { hasBody } from "../wire/request-body.ts";
import { utf8TextOf } from "../wire/utf8-text.ts";

/** A charset parameter of a content type, as RFC 9110 writes it (token or quoted string). */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/**
 * Refuses, with 415, a body the server would misread: one compressed by a content-encoding
 * (the parser read gzip bytes as JSON text and answered MALFORMED_BODY), or JSON declared in a
 * charset other than UTF-8 (read as UTF-8 all the same). An `onRequest` hook: nothing is parsed
 * before it.
 */
export async function refuseUnreadableBody(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  // A request no route takes is answered 404 or 405 whatever its body (the error handler's).
  if (!hasBody(request) || request.is404) return undefined;
  const type = request.headers["content-type"];
  const encoding = request.headers["content-encoding"];
  const encoded = encoding !== undefined && encoding.trim().toLowerCase() !== "identity";
  const charset = typeof type === "string" ? CHARSET.exec(type)?.[1] : undefined;
  const otherCharset = charset !== undefined && !/^utf-?8$/i.test(charset);
  if (!encoded && !otherCharset) return undefined;
  const named = `${type ?? "(none)"}${encoded ? ` with content-encoding ${encoding}` : ""}`;
  // Answered here, and returned: fastify then runs nothing more of the request.
  return sendApiError(reply, apiError("UNSUPPORTED_MEDIA_TYPE", { contentType: quoted(named) }));
}

/** The error code a JSON body that is not UTF-8 is thrown with, for the error handler to answer {@link NOT_UTF8_BODY}. */
export const NOT_UTF8_CODE = "BASKET_BODY_NOT_UTF8";

export const NOT_UTF8_BODY = apiError("MALFORMED_BODY", {
  rule: "is not UTF-8 text; JSON is read as UTF-8 only (Latin-1 bytes sent without a charset are the usual cause)",
});

/**
 * The app's JSON body parser: fastify's own (its `__proto__` and size rules) over the body's
 * bytes decoded strictly as UTF-8 (fastify reads them with U+FFFD in place of what is not).
 */
export function strictJsonParser(
  parseText: FastifyBodyParser<string>,
): (request: FastifyRequest, body: Buffer, done: (error: Error | null, body?: unknown) => void) => void {
  return (request, body, done) => {
    const text = utf8TextOf(body);
    if (text === null) return done(Object.assign(new Error("request body is not UTF-8"), { code: NOT_UTF8_CODE, statusCode: 400 }));
    void parseText.call(request.server, request, text, done);
  };
}
