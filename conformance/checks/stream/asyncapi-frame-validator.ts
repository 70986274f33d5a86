import { Ajv2020 } from "ajv/dist/2020.js";
import formatsModule, { type FormatsPlugin } from "ajv-formats";
import { addWireFormats } from "../../engine/wire-formats.ts";

// ajv-formats is CommonJS: under ESM its function sits on `default`.
const addFormats: FormatsPlugin =
  (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);

/** Validates a frame the server sent: `error` null when it is valid (or of a kind the document does not define), else why not. */
export type FrameValidator = (frame: unknown) => {
  readonly kind: string | undefined;
  /** Whether the document defines a message of this kind. */
  readonly known: boolean;
  readonly error: string | null;
};

interface AsyncApiShape {
  readonly components?: { readonly messages?: Record<string, { readonly payload?: unknown }> };
  readonly operations?: Record<string, { readonly action?: string; readonly messages?: readonly { readonly $ref?: string }[] }>;
}

const DOCUMENT_ID = "https://basket-devnet.local/asyncapi";

/**
 * The payload schema of every message the document's `send` operations name, compiled with
 * ajv (JSON Schema 2020-12) against the document itself so `#/components/…` refs resolve.
 * A frame is matched to its message by `kind` (the message's `payload.properties.kind.const`).
 * A kind the document does not name yields `error: null` and is reported by the caller:
 * clients ignore unknown kinds (Versioning), so it is not a schema failure.
 */
export function asyncApiFrameValidator(document: Record<string, unknown>): FrameValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  // The standard formats, and the document's own (addresses and signatures decode to 32 and 64 bytes, amounts).
  addWireFormats(addFormats(ajv));
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const shape = document as AsyncApiShape;
  const byKind = new Map<string, ReturnType<Ajv2020["compile"]>>();
  const sent = Object.values(shape.operations ?? {})
    .filter((operation) => operation.action === "send")
    .flatMap((operation) => operation.messages ?? []);
  for (const { $ref } of sent) {
    const name = $ref?.split("/").at(-1);
    if (!name) continue;
    const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/components/messages/${name}/payload` });
    const kind = kindOf(document, name);
    if (kind) byKind.set(kind, validate);
  }
  return (frame) => {
    const kind = typeof (frame as { kind?: unknown })?.kind === "string" ? (frame as { kind: string }).kind : undefined;
    const validate = kind === undefined ? undefined : byKind.get(kind);
    if (!validate) return { kind, known: false, error: null };
    return { kind, known: true, error: validate(frame) ? null : ajv.errorsText(validate.errors, { dataVar: "frame" }) };
  };
}

/** A message's `kind` constant, following one level of `$ref` from the payload. */
function kindOf(document: Record<string, unknown>, name: string): string | null {
  let payload = (document as AsyncApiShape).components?.messages?.[name]?.payload as Record<string, unknown> | undefined;
  const ref = payload?.$ref;
  if (typeof ref === "string" && ref.startsWith("#/")) payload = resolvePointer(document, ref) as Record<string, unknown> | undefined;
  const kind = (payload?.properties as Record<string, { const?: unknown }> | undefined)?.kind?.const;
  return typeof kind === "string" ? kind : null;
}

function resolvePointer(document: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), document);
}
