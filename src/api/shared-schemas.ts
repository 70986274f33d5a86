import type { TSchema } from "@sinclair/typebox";
import { RECORD_SCHEMAS } from "../indexer/records/index.ts";
import { ErrorBodySchema } from "./schemas/error-body-schema.ts";

type Json = { [key: string]: unknown };

/**
 * A copy of `schema` in which every nested schema carrying its own `$id` (a record embedding
 * another, as LaunchRow embeds Component) is replaced by a `$ref` to it, and each such schema
 * is collected once. The OpenAPI document then names `Component` once and refers to it,
 * instead of inlining a second, nameless copy inside every launch row.
 */
function hoist(schema: unknown, collected: Map<string, Json>, isRoot: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((item) => hoist(item, collected, false));
  if (typeof schema !== "object" || schema === null) return schema;
  const source = schema as Json;
  const id = typeof source.$id === "string" ? source.$id : null;
  if (id && !isRoot) {
    hoist(source, collected, true);
    return { $ref: id };
  }
  // Object.entries skips TypeBox's symbol keys, which no JSON document should carry.
  const copy: Json = Object.fromEntries(Object.entries(source).map(([key, value]) => [key, hoist(value, collected, false)]));
  if (id) {
    const known = collected.get(id);
    if (known && JSON.stringify(known) !== JSON.stringify(copy)) throw new Error(`two different schemas share the $id ${id}`);
    collected.set(id, copy);
  }
  return copy;
}

/** The schemas every route refers to by `$id`: the indexer's records and the error body, flattened. */
export function sharedSchemas(roots: readonly TSchema[] = [...RECORD_SCHEMAS, ErrorBodySchema]): Json[] {
  const collected = new Map<string, Json>();
  for (const root of roots) hoist(root, collected, true);
  return [...collected.values()];
}
