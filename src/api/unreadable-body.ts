import type { FastifyReply, FastifyRequest } from "fastify";
import { apiError, quoted } from "../errors/index.ts";
import { sendApiError } from "./api-error-reply.ts";

/** A charset parameter of a content type, as RFC 9110 writes it (token or quoted string). */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/** True when a request carries a body: a length above zero, or one sent in chunks. */
function hasBody(request: FastifyRequest): boolean {
  const length = Number(request.headers["content-length"] ?? 0);
  return length > 0 || request.headers["transfer-encoding"] !== undefined;
}

/**
 * Refuses, with 415, a body the server would misread: one compressed by a content-encoding
 * (the parser read gzip bytes as JSON text and answered MALFORMED_BODY), or JSON declared in a
 * charset other than UTF-8 (read as UTF-8 all the same). An `onRequest` hook: nothing is parsed
 * before it.
 */
export async function refuseUnreadableBody(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!hasBody(request)) return undefined;
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
