import type { FastifyReply, FastifyRequest } from "fastify";
import { apiError } from "../errors/index.ts";
import { sendApiError } from "./api-error-reply.ts";

/** The refusal of a URL whose percent-encoding is broken, in its path or in its query. */
export const BROKEN_PERCENT_ENCODING = apiError("BAD_REQUEST", { detail: "the URL is not valid percent-encoded text" });

/**
 * Refuses, with 400, a query string whose percent-encoding is broken (`?q=%E0%A4%A`). The
 * query parser decodes leniently and would hand the route other text than the client sent (a
 * search for it answered an empty list), where a broken path is refused: the URL is refused
 * either way. An `onRequest` hook, so nothing reads the query before it.
 */
export async function refuseUnreadableQuery(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const start = request.url.indexOf("?");
  if (start < 0 || !request.url.includes("%", start)) return undefined;
  try {
    decodeURIComponent(request.url.slice(start + 1));
    return undefined;
  } catch {
    return sendApiError(reply, BROKEN_PERCENT_ENCODING);
  }
}
