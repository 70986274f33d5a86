import type { FastifySchema, FastifySchemaValidationError } from "fastify";
import { type ApiError, type ApiErrorBody, apiError } from "../errors/index.ts";
import { WIRE_RULES, wireRuleOf } from "../wire/wire-fields.ts";

/** Query parameters that carry a paging position: a bad one is INVALID_CURSOR, not INVALID_QUERY. */
const CURSOR_PARAMETERS = new Set(["cursor", "before"]);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

/** Decimal amounts whose rule is 20 digits at most: a `maxLength` of 20 says nothing more. */
const DECIMAL_AMOUNT_FORMATS = new Set([WIRE_RULES.u64.format, WIRE_RULES.u64Saturating.format]);

/**
 * The sentence of a rule, read from the parameter's own schema (so the message and the check
 * cannot drift apart): "must be an integer from 1 to 100", "must be one of new, trending".
 */
export function ruleOf(schema: JsonSchema | undefined): string | null {
  if (!schema) return null;
  const values = schema.enum ?? (schema.anyOf?.every((member) => "const" in member) ? schema.anyOf.map((member) => member.const) : null);
  if (values) return `must be one of ${values.join(", ")}`;
  // A single literal form (`"auto"` among numbers): name the literal, not its type.
  if (schema.const !== undefined) return `must be ${JSON.stringify(schema.const)}`;
  // A u64 held to fewer digits than a u64 has: its largest value is that many nines.
  if (schema.format === "u64" && schema.maxLength !== undefined && schema.maxLength < 20) {
    return `must be a decimal integer from 0 to ${"9".repeat(schema.maxLength)} without leading zeros`;
  }
  // A wire field's sentence says its rule; a length stricter than the rule's own is added.
  const wire = wireRuleOf(schema);
  if (wire) {
    // A decimal amount's 20 characters are its rule's own 20 digits.
    const ownLength = schema.maxLength === undefined || (DECIMAL_AMOUNT_FORMATS.has(schema.format ?? "") && schema.maxLength === 20);
    return ownLength ? wire : `${wire}, at most ${schema.maxLength} characters`;
  }
  // A field of several forms (`anyOf`): each form's rule, or null.
  if (schema.anyOf) {
    const forms = schema.anyOf.map((member) => (member.type === "null" ? "null" : ruleOf(member)?.replace(/^must be /, "")));
    if (forms.every((form) => form)) return `must be ${forms.join(", or ")}`;
  }
  if (schema.pattern) {
    const length = schema.maxLength === undefined ? "" : `, at most ${schema.maxLength} characters`;
    return `must be a string of the form the API document shows${length}`;
  }
  if (schema.type === "integer" || schema.type === "number") {
    const noun = schema.type === "integer" ? "an integer" : "a number";
    if (schema.minimum !== undefined && schema.maximum !== undefined) return `must be ${noun} from ${schema.minimum} to ${schema.maximum}`;
    if (schema.exclusiveMinimum !== undefined && schema.maximum !== undefined)
      return `must be ${noun} greater than ${schema.exclusiveMinimum} and at most ${schema.maximum}`;
    if (schema.exclusiveMinimum !== undefined) return `must be ${noun} greater than ${schema.exclusiveMinimum}`;
    if (schema.minimum !== undefined) return `must be ${noun} of at least ${schema.minimum}`;
    if (schema.maximum !== undefined) return `must be ${noun} of at most ${schema.maximum}`;
    return `must be ${noun}`;
  }
  if (schema.type === "string") {
    if (schema.maxLength !== undefined) return `must be a string of ${schema.minLength ?? 0} to ${schema.maxLength} characters`;
    return "must be a string";
  }
  if (schema.type === "boolean") return "must be true or false";
  if (schema.type === "object") return "must be a JSON object";
  if (schema.type === "array") {
    const items =
      schema.maxItems === undefined ? "must be an array" : `must be an array of ${schema.minItems ?? 0} to ${schema.maxItems} items`;
    return schema.uniqueItems ? `${items}, none twice` : items;
  }
  return null;
}

/**
 * The rule of a query or path parameter: its schema's, and for an integer how its text is
 * read (see `integerQueryCoercion`), so "01" is not refused as if it were no integer from 1 to 100.
 */
function parameterRuleOf(schema: JsonSchema | undefined): string | null {
  const rule = ruleOf(schema);
  return rule !== null && schema?.type === "integer" ? `${rule}, written in decimal digits without leading zeros` : rule;
}

/** "/components/0/mint" → ["components", "0", "mint"]; JSON pointer escapes undone. */
function pointerParts(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function schemaAt(root: JsonSchema | undefined, parts: readonly string[]): JsonSchema | undefined {
  let schema = root;
  for (const part of parts) {
    if (!schema) return undefined;
    schema = /^\d+$/.test(part) && schema.items ? schema.items : schema.properties?.[part];
  }
  return schema;
}

/** "components.0.mint" style name of a body field, as a client would write it. */
function fieldName(parts: readonly string[]): string {
  return parts.map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
}

/**
 * The 400 answer to a request that failed schema validation: names the parameter and its
 * rule. Fastify validates with allErrors off, so the first error is the only one. `query`
 * is the request's parsed query: a parameter given twice arrives as a list, and is told so
 * rather than told a rule its every copy may keep.
 */
export function validationFailure(
  errors: readonly FastifySchemaValidationError[],
  context: string | undefined,
  routeSchema: FastifySchema | undefined,
  query?: unknown,
): ApiError {
  const [first] = errors;
  const parts = pointerParts(first?.instancePath ?? "");
  const missing = first?.keyword === "required" ? String((first.params as { missingProperty?: unknown }).missingProperty ?? "") : null;
  if (missing) parts.push(missing);
  // A field the object does not take (only /devnet/ bodies refuse them): named, with the fields it does take.
  const unknown =
    first?.keyword === "additionalProperties" ? String((first.params as { additionalProperty?: unknown }).additionalProperty ?? "") : null;
  const rootSchema = (
    context === "querystring" ? routeSchema?.querystring : context === "params" ? routeSchema?.params : routeSchema?.body
  ) as JsonSchema | undefined;
  const rules = context === "querystring" || context === "params" ? parameterRuleOf : ruleOf;
  const fields = unknown !== null ? Object.keys(schemaAt(rootSchema, parts)?.properties ?? {}) : [];
  // A field named by the empty string is still a field: shown quoted, never taken for the body itself.
  if (unknown !== null) parts.push(unknown === "" ? '""' : unknown);
  const name = fieldName(parts);
  const repeated = context === "querystring" && parts.length === 1 ? (query as Record<string, unknown> | undefined)?.[name] : undefined;
  const rule = missing
    ? "is required"
    : unknown !== null
      ? `is not a field of this request (its fields: ${fields.join(", ")})`
      : Array.isArray(repeated)
        ? `must be given once, not ${repeated.length} times`
        : (rules(schemaAt(rootSchema, parts)) ?? first?.message ?? "is invalid");

  switch (context) {
    case "querystring":
      return apiError(CURSOR_PARAMETERS.has(name) ? "INVALID_CURSOR" : "INVALID_QUERY", { parameter: name, rule });
    case "params":
      return apiError("INVALID_PATH", { parameter: name, rule });
    case "body":
      return name === "" ? apiError("MALFORMED_BODY", { rule }) : apiError("INVALID_BODY", { field: name, rule });
    default:
      return apiError("BAD_REQUEST", { detail: `${context ?? "request"} ${first?.message ?? "is invalid"}` });
  }
}

/**
 * The answer the server gives when query or path parameter `name` of `schema` breaks its
 * rule: the document's examples are built with it, so they say exactly what a client will read.
 */
export function parameterFailureExample(
  context: "querystring" | "params",
  schema: { properties?: Record<string, unknown> },
  name: string,
): ApiErrorBody {
  const rule = parameterRuleOf(schema.properties?.[name] as JsonSchema | undefined) ?? "is invalid";
  if (context === "params") return apiError("INVALID_PATH", { parameter: name, rule }).body;
  return apiError(CURSOR_PARAMETERS.has(name) ? "INVALID_CURSOR" : "INVALID_QUERY", { parameter: name, rule }).body;
}
