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
