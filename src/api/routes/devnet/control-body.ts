import { type TProperties, Type } from "@sinclair/typebox";

/**
 * A `/devnet/` request body: its fields and no others. A misspelt field would otherwise be
 * ignored without a word, and on these routes that changes what happens: a drop fault whose
 * `walet` was dropped is armed for whoever sends next, the bots included.
 */
export function ControlBody<T extends TProperties>(properties: T) {
  return Type.Object(properties, { additionalProperties: false });
}
