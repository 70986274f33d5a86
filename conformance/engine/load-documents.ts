import { readFile } from "node:fs/promises";
import type { oas31 } from "openapi3-ts";
import { parse as parseYaml } from "yaml";
import type { BasketClient } from "../../src/client/basket-client.ts";
import type { Documents } from "./check.ts";

const OPENAPI_FILE = new URL("../../openapi/openapi.json", import.meta.url);
const ASYNCAPI_FILE = new URL("../../openapi/asyncapi.yaml", import.meta.url);

export interface LoadedDocuments {
  readonly documents: Documents;
  /** Where the OpenAPI document came from: the server's `/openapi.json` or the committed file. */
  readonly source: string;
}

/**
 * The documents the suite judges by: the server's own `/openapi.json` when it serves an
 * OpenAPI 3.1 document (it describes that very server), else the committed one. The
 * AsyncAPI document is always the committed one (no server route serves it).
 */
export async function loadDocuments(client: BasketClient): Promise<LoadedDocuments> {
  const asyncapi = parseYaml(await readFile(ASYNCAPI_FILE, "utf8")) as Record<string, unknown>;
  try {
    const served = await client.exchange({ method: "GET", path: "/openapi.json" });
    const body = served.body as Partial<oas31.OpenAPIObject> | undefined;
    if (served.status === 200 && typeof body?.openapi === "string" && body.openapi.startsWith("3.1") && body.paths) {
      return { documents: { openapi: body as oas31.OpenAPIObject, asyncapi }, source: `${client.baseUrl}/openapi.json` };
    }
  } catch {
    // Unreachable or not JSON: the committed document stands in.
  }
  const openapi = JSON.parse(await readFile(OPENAPI_FILE, "utf8")) as oas31.OpenAPIObject;
  return { documents: { openapi, asyncapi }, source: "openapi/openapi.json (committed)" };
}
