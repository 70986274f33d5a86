import type { FastifyReply } from "fastify";
import type { ApiError } from "../errors/index.ts";

/** Sends an expected failure: its status and its `{error, code}` body, always as JSON. */
export function sendApiError(reply: FastifyReply, failure: ApiError): FastifyReply {
  return reply.code(failure.status).type("application/json; charset=utf-8").send(failure.body);
}
