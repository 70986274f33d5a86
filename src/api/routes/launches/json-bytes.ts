import type { FastifyReply } from "fastify";

/**
 * Sends a body the read model serialized once and cached (exactly `JSON.stringify` of the
 * answer, what the app's serializer would produce), with the content type fastify gives JSON.
 */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(bytes);
}
