import Ajv from "ajv";
import { registerWireFormats } from "../../wire/wire-fields.ts";
import { asyncapiDocument } from "../asyncapi-document.ts";

/**
 * Validates a received frame against the published AsyncAPI document (the same object the
 * committed YAML is written from; a test keeps the two equal). A frame of an unknown kind
 * fails: the server must only send what it documents.
 */
export function serverFrameValidator(): (frame: unknown) => string | null {
  const document = asyncapiDocument() as {
    components: { schemas: Record<string, object>; messages: Record<string, { payload: { $ref: string } }> };
    operations: { announce: { messages: { $ref: string }[] } };
  };
  // The wire formats check what a pattern cannot (an address decodes to 32 bytes).
  const ajv = registerWireFormats(new Ajv.default({ strict: true, allErrors: true }));
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    // Document refs (#/components/schemas/X) become schema ids for ajv.
    ajv.addSchema(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"')), name);
  }
  const schemaOfKind = new Map(
    document.operations.announce.messages.map(({ $ref }) => {
      const kind = $ref.split("/").at(-1)!;
      return [kind, document.components.messages[kind]!.payload.$ref.split("/").at(-1)!];
    }),
  );
  return (frame) => {
    const kind = (frame as { kind?: unknown })?.kind;
    const id = typeof kind === "string" ? schemaOfKind.get(kind) : undefined;
    if (id === undefined) return `undocumented kind ${String(kind)}`;
    const validate = ajv.getSchema(id)!;
    return validate(frame) ? null : `${id}: ${ajv.errorsText(validate.errors)}`;
  };
}
