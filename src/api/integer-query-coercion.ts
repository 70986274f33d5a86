import type { FastifyRequest } from "fastify";

/** Decimal integer text as a person writes it: no sign but minus, no leading zeros, no exponent, no spaces. */
const DECIMAL_INTEGER = /^-?(?:0|[1-9][0-9]*)$/;

/**
 * preValidation hook: query parameters declared `integer` are turned from their text into
 * numbers here, strictly, instead of by ajv's `coerceTypes` — which also accepts " 5", "0x10",
 * "1e1" and "" (as 0). Text that is not a plain decimal integer stays a string and fails the
 * schema with the parameter's rule.
 */
export async function integerQueryCoercion(request: FastifyRequest): Promise<void> {
  const properties = (request.routeOptions.schema?.querystring as { properties?: Record<string, { type?: unknown }> } | undefined)
    ?.properties;
  if (!properties) return;
  const query = request.query as Record<string, unknown>;
  for (const [name, schema] of Object.entries(properties)) {
    const value = query[name];
    if (schema.type !== "integer" || typeof value !== "string" || !DECIMAL_INTEGER.test(value)) continue;
    const number = Number(value);
    if (Number.isSafeInteger(number)) query[name] = number;
  }
}
