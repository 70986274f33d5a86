import fc from "fast-check";
import type { oas31 } from "openapi3-ts";

const UNICODE = ["ŝŷмвол", "😀😀", "\u0000", "a\u202Eb", "名前"];

/**
 * JSON values a body property's schema rejects, with what is wrong with each: wrong types,
 * values past a bound, strings breaking the pattern, unicode, huge strings. Only values the
 * schema itself forbids are produced, so a server that accepts one broke the document's rule.
 */
export function invalidBodyValues(schema: oas31.SchemaObject): { value: unknown; why: string }[] {
  const out: { value: unknown; why: string }[] = [];
  if (schema.anyOf) return [{ value: { nested: true }, why: "an object where no form of the field is one" }];
  if (schema.enum) out.push({ value: "not-one-of-them", why: `not one of ${schema.enum.join(", ")}` });
  switch (schema.type) {
    case "string":
      out.push(
        { value: 12, why: "a number for a string" },
        { value: true, why: "a boolean for a string" },
        { value: {}, why: "an object for a string" },
      );
      if (schema.maxLength !== undefined) out.push({ value: "9".repeat(schema.maxLength + 1), why: `longer than ${schema.maxLength}` });
      else out.push({ value: "x".repeat(100_000), why: "a huge string" });
      if (schema.minLength !== undefined && schema.minLength > 0) out.push({ value: "", why: "empty" });
      if (schema.pattern)
        for (const text of UNICODE.slice(0, 2)) out.push({ value: text, why: `unicode breaking the pattern ${schema.pattern}` });
      break;
    case "integer":
      out.push(
        { value: "12", why: "a string for an integer" },
        { value: 1.5, why: "a fraction for an integer" },
        { value: null, why: "null" },
      );
      if (schema.minimum !== undefined) out.push({ value: schema.minimum - 1, why: `below ${schema.minimum}` });
      if (schema.maximum !== undefined) out.push({ value: schema.maximum + 1, why: `above ${schema.maximum}` });
      out.push({ value: 1e300, why: "a huge number" });
      break;
    case "number":
      out.push({ value: "1", why: "a string for a number" }, { value: [], why: "an array for a number" });
      if (schema.exclusiveMinimum !== undefined) out.push({ value: schema.exclusiveMinimum, why: `not above ${schema.exclusiveMinimum}` });
      break;
    case "boolean":
      out.push({ value: "true", why: "a string for a boolean" }, { value: 1, why: "a number for a boolean" });
      break;
    case "array":
      out.push({ value: "[]", why: "a string for an array" }, { value: {}, why: "an object for an array" });
      if (schema.minItems !== undefined && schema.minItems > 0) out.push({ value: [], why: "fewer items than allowed" });
      break;
    default:
      break;
  }
  return out;
}

/** An arbitrary query or path value the parameter's schema rejects (empty, blank and case variants left out: servers may read them as absent or alike). */
export function invalidParameterValue(schema: oas31.SchemaObject): fc.Arbitrary<string> | null {
  const text = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(...UNICODE, "-1", "1.5", "9".repeat(30), "null", "[]"));
  if (schema.type === "integer") {
    const { minimum = Number.MIN_SAFE_INTEGER, maximum = Number.MAX_SAFE_INTEGER } = schema;
    const outside = fc.oneof(
      fc.integer({ min: maximum + 1, max: maximum + 1_000_000 }),
      fc.integer({ min: minimum - 1_000, max: minimum - 1 }),
    );
    return fc.oneof(
      outside.map(String),
      text.filter((value) => value.trim().length > 0 && !/^\s*[+-]?\d+\s*$/.test(value)),
    );
  }
  if (schema.enum) {
    const allowed = new Set(schema.enum.map((value) => String(value).toLowerCase()));
    return text.filter((value) => value.trim().length > 0 && !allowed.has(value.trim().toLowerCase()));
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return text.filter((value) => value.trim().length > 0 && !pattern.test(value) && !pattern.test(value.trim()));
  }
  return null;
}
