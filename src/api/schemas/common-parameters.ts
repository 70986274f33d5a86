import { type Static, type TSchema, type TUnsafe, Type } from "@sinclair/typebox";
import { AddressText } from "../../wire/wire-fields.ts";

/** A string schema of a closed set of values, written as `enum` so errors can list them. */
export function stringEnum<const T extends readonly string[]>(
  values: T,
  options: { description: string; default?: T[number] },
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}

/**
 * A query parameter that is an integer in the URL ("string (integer)" in the specification).
 * The app coerces it from its decimal text before validation (see integerQueryCoercion).
 */
export function integerQuery(options: { minimum: number; maximum: number; default: number; description: string }) {
  return Type.Integer({ ...options, examples: [options.default] });
}

/** A path or query parameter that is an address to look up (the specification's pattern: see {@link AddressText}). */
export function addressParameter(description: string, example: string) {
  return AddressText(description, { examples: [example] });
}

export const KIND_FILTERS = ["pairs", "collectibles", "all"] as const;

/** `kind` of the list routes; absent means all (this simulator lists collectibles). */
export const KindQuery = stringEnum(KIND_FILTERS, {
  description:
    "`pairs` (basket launches), `collectibles` (tokenized cards) or `all`. Absent means `all`: this deployment lists collectibles.",
});

/** A typed `$ref` to a schema registered with `addSchema` (TypeBox 0.34's Ref takes a string). */
export function refTo<T extends TSchema & { $id?: string }>(schema: T, options: { description?: string } = {}): TUnsafe<Static<T>> {
  if (!schema.$id) throw new Error("refTo needs a schema with an $id");
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id, options));
}

/**
 * A 200 response whose body is one shared record, with an example. Written in fastify's
 * `content` form because @fastify/swagger drops every keyword beside a bare `$ref` (the
 * example would vanish from the document).
 */
export function recordResponse<T extends TSchema & { $id?: string }>(schema: T, description: string, example: Static<T>) {
  return { description, content: { "application/json": { schema: refTo(schema), example } } };
}
