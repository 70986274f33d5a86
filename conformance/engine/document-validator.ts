import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formatsModule, { type FormatsPlugin } from "ajv-formats";
import type { oas31 } from "openapi3-ts";
import { specificationView } from "./specification-view.ts";
import { addWireFormats } from "./wire-formats.ts";

// ajv-formats is CommonJS: under ESM its function sits on `default`.
const addFormats: FormatsPlugin =
  (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);

const DOCUMENT_ID = "https://basket-devnet.local/openapi";
export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

export interface Operation {
  readonly method: (typeof HTTP_METHODS)[number];
  /** The path template, e.g. `/v1/launches/{id}`. */
  readonly path: string;
  readonly operation: oas31.OperationObject;
}

export interface ResponseVerdict {
  /** Whether the document lists this status (or a `default`) for the operation. */
  readonly documented: boolean;
  /** The media types the document gives for that status. */
  readonly mediaTypes: readonly string[];
  /** Null when the body validates (or no JSON schema applies), else ajv's errors in a sentence. */
  readonly error: string | null;
}

/** A JSON pointer segment. */
function pointer(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * Validates answers against the OpenAPI document with ajv (JSON Schema 2020-12), the
 * document added whole so its `#/components/…` refs resolve. `exact` validates as the
 * document says; otherwise by its specification view (see specification-view.ts): the fields
 * the specification lists with their types, which is what a specification check may demand
 * of any server.
 */
export class DocumentValidator {
  readonly #ajv: Ajv2020;
  readonly #document: oas31.OpenAPIObject;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(document: oas31.OpenAPIObject, options: { readonly exact: boolean }) {
    this.#document = document;
    this.#ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.#ajv);
    addWireFormats(this.#ajv);
    const added = options.exact ? document : specificationView(document);
    this.#ajv.addSchema({ ...added, $id: DOCUMENT_ID });
  }

  /** Every operation of the document. */
  operations(): Operation[] {
    const out: Operation[] = [];
    for (const [path, item] of Object.entries(this.#document.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = (item as Record<string, oas31.OperationObject | undefined>)[method];
        if (operation) out.push({ method, path, operation });
      }
    }
    return out;
  }

  operation(method: string, path: string): oas31.OperationObject | undefined {
    return (this.#document.paths?.[path] as Record<string, oas31.OperationObject | undefined> | undefined)?.[method.toLowerCase()];
  }

  /** Judges one answer of `method path` against the document. */
  validateResponse(method: string, path: string, status: number, body: unknown): ResponseVerdict {
    const operation = this.operation(method, path);
    const responses = operation?.responses ?? {};
    const key = String(status) in responses ? String(status) : "default" in responses ? "default" : null;
    if (key === null) return { documented: false, mediaTypes: [], error: null };
    const response = responses[key] as oas31.ResponseObject;
    const mediaTypes = Object.keys(response.content ?? {});
    if (!response.content?.["application/json"]?.schema) return { documented: true, mediaTypes, error: null };
    const ref = `${DOCUMENT_ID}#/paths/${pointer(path)}/${method.toLowerCase()}/responses/${key}/content/application~1json/schema`;
    let validate = this.#compiled.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: ref });
      this.#compiled.set(ref, validate);
    }
    if (validate(body)) return { documented: true, mediaTypes, error: null };
    const errors = (validate.errors ?? []).slice(0, 3).map((error) => `${error.instancePath || "(body)"} ${error.message ?? "is invalid"}`);
    return { documented: true, mediaTypes, error: errors.join("; ") };
  }
}

const cache = new WeakMap<oas31.OpenAPIObject, { exact: DocumentValidator; relaxed: DocumentValidator }>();

/** The validators of a document, built once per run (compiling the document is the slow part). */
export function documentValidators(document: oas31.OpenAPIObject): { exact: DocumentValidator; relaxed: DocumentValidator } {
  let validators = cache.get(document);
  if (!validators) {
    validators = { exact: new DocumentValidator(document, { exact: true }), relaxed: new DocumentValidator(document, { exact: false }) };
    cache.set(document, validators);
  }
  return validators;
}
