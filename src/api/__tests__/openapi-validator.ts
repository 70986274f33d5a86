import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ValidateFunction } from "ajv";
import { registerWireFormats } from "../../wire/wire-fields.ts";

// ajv-formats is CommonJS: under NodeNext its default import is module.exports, which carries `.default`.
const addFormats = addFormatsModule.default;

type Media = { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = { responses?: Record<string, { content?: Record<string, Media> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

/** `/v1/launches/{id}/trades` → a matcher; static segments beat parameters (trending before {id}). */
function templates(document: Document) {
  return Object.keys(document.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]*")}$`),
    }))
    .sort((a, b) => a.params - b.params);
}

const pointer = (...parts: string[]) => parts.map((part) => encodeURIComponent(part.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");

/**
 * Validates responses against the OpenAPI 3.1 document with ajv's Draft 2020-12 validator:
 * the operation is found from the request path, the schema from the status and content
 * type. Records which operation/status pairs were exercised, so a test can demand them all.
 */
export class OpenApiValidator {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly #templates: ReturnType<typeof templates>;
  readonly #compiled = new Map<string, ValidateFunction>();
  readonly exercised = new Set<string>();

  constructor(readonly document: Document) {
    addFormats(this.#ajv);
    registerWireFormats(this.#ajv);
    this.#ajv.addSchema(document as object, "openapi");
    this.#templates = templates(document);
  }

  /** Every documented `METHOD path status` of a JSON or image response. */
  documented(): string[] {
    return Object.entries(this.document.paths).flatMap(([template, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.keys(operation.responses ?? {}).map((status) => `${method.toUpperCase()} ${template} ${status}`),
      ),
    );
  }

  templateOf(url: string): string | null {
    const path = url.split("?")[0]!;
    return this.#templates.find((candidate) => candidate.regex.test(path))?.template ?? null;
  }

  /** The ajv errors of `body` against the documented response, or a sentence when nothing is documented for it. */
  errorsOf(method: string, url: string, status: number, contentType: string, body: unknown): string[] {
    const template = this.templateOf(url);
    if (!template) return [`no documented path matches ${url}`];
    const operation = this.document.paths[template]?.[method.toLowerCase()];
    const media = contentType.split(";")[0]!.trim();
    const content = operation?.responses?.[String(status)]?.content?.[media];
    if (!content?.schema) return [`${method} ${template} documents no ${status} ${media} response`];
    this.exercised.add(`${method} ${template} ${status}`);
    const key = pointer("paths", template, method.toLowerCase(), "responses", String(status), "content", media, "schema");
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `openapi#/${key}` });
      this.#compiled.set(key, validate);
    }
    return validate(body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
  }

  /** How many examples the document shows, to prove `exampleErrors` looked at something. */
  exampleCount(): number {
    return Object.values(this.document.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((operation) => Object.values(operation.responses ?? {}))
      .flatMap((response) => Object.values(response.content ?? {}))
      .reduce((count, media) => count + (media.example === undefined ? 0 : 1) + Object.keys(media.examples ?? {}).length, 0);
  }

  /** Every example of every documented response, with its validation errors. */
  exampleErrors(): string[] {
    const failures: string[] = [];
    for (const [template, item] of Object.entries(this.document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          for (const [media, content] of Object.entries(response.content ?? {})) {
            const examples = [
              ...(content.example === undefined ? [] : [["example", content.example] as const]),
              ...Object.entries(content.examples ?? {}).map(([name, example]) => [name, example.value] as const),
            ];
            const validate = this.#ajv.compile({
              $ref: `openapi#/${pointer("paths", template, method, "responses", status, "content", media, "schema")}`,
            });
            for (const [name, value] of examples) {
              if (!validate(value)) failures.push(`${method} ${template} ${status} ${name}: ${this.#ajv.errorsText(validate.errors)}`);
            }
          }
        }
      }
    }
    return failures;
  }
}
