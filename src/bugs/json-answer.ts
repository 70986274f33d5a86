import type { FastifyRequest } from "fastify";
import type { SentAnswer } from "./injected-bug.ts";

/** A JSON object of an answer, or null when the answer is something else (an array, a string, nothing). */
export function objectOf(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The records of `field` in an answer's body (rows of a list, trades of a tape…); empty when absent. */
export function rowsOf(body: unknown, field: string): Record<string, unknown>[] {
  const rows = objectOf(body)?.[field];
  return Array.isArray(rows) ? (rows.filter((row) => objectOf(row) !== null) as Record<string, unknown>[]) : [];
}

/** The query string of a request as an object (fastify's parsed query). */
export function queryOf(answer: Pick<SentAnswer, "request">): Record<string, unknown> {
  return objectOf(answer.request.query) ?? {};
}

/** True for an answer that succeeded (2xx). */
export function succeeded(answer: SentAnswer): boolean {
  return answer.reply.statusCode >= 200 && answer.reply.statusCode < 300;
}

/** Turns an answer into a server failure: status 500 and the catalogue's INTERNAL body, what a crash would send. */
export function asServerFailure(answer: SentAnswer): Record<string, unknown> {
  answer.reply.code(500);
  return { error: "Internal server error.", code: "INTERNAL" };
}

/** A refused answer's body without `field`; undefined (unchanged) for an answer that succeeded or is not an object. */
export function refusalWithout(answer: SentAnswer, field: string): Record<string, unknown> | undefined {
  const body = objectOf(answer.body);
  if (!body || answer.reply.statusCode < 400) return undefined;
  const { [field]: _dropped, ...rest } = body;
  return rest;
}

/** A transaction status answer that reports `to` where it said `from`; undefined (unchanged) for any other status. */
export function statusReportedAs(answer: SentAnswer, from: string, to: string): Record<string, unknown> | undefined {
  const status = objectOf(answer.body);
  return status?.status === from ? { ...status, status: to } : undefined;
}

/** A request's parsed query as a mutable object, for a hook that rewrites it before validation (fastify parses it first). */
export function requestQuery(request: FastifyRequest): Record<string, unknown> {
  return (objectOf(request.query) ?? {}) as Record<string, unknown>;
}

/** The answer's body with `field` replaced by what `change` makes of its rows; undefined when the answer failed. */
export function withRows(answer: SentAnswer, field: string, change: (rows: Record<string, unknown>[]) => unknown[]): unknown {
  const body = objectOf(answer.body);
  if (!body || !succeeded(answer) || !Array.isArray(body[field])) return undefined;
  return { ...body, [field]: change(rowsOf(body, field)) };
}
