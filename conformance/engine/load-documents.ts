import { readFile } from "node:fs/promises";
import type { oas31 } from "openapi3-ts";
import { parse as parseYaml } from "yaml";
import type { Documents } from "./check.ts";

const OPENAPI_FILE = new URL("../../openapi/openapi.json", import.meta.url);
const ASYNCAPI_FILE = new URL("../../openapi/asyncapi.yaml", import.meta.url);

export interface LoadedDocuments {
  readonly documents: Documents;
  /** Where the documents came from, for the reports. */
  readonly source: string;
}

/**
 * The documents the suite judges by: always the committed ones, the contract every
 * implementation is held to. Never the judged server's own `/openapi.json`: a server whose
 * document drops a field it also drops from its answers would be judged against itself, and
 * pass.
 */
export async function loadDocuments(): Promise<LoadedDocuments> {
  const [openapi, asyncapi] = await Promise.all([readFile(OPENAPI_FILE, "utf8"), readFile(ASYNCAPI_FILE, "utf8")]);
  return {
    documents: { openapi: JSON.parse(openapi) as oas31.OpenAPIObject, asyncapi: parseYaml(asyncapi) as Record<string, unknown> },
    source: "openapi/openapi.json and openapi/asyncapi.yaml (committed)",
  };
}
