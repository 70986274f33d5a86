import type { ApiDeps } from "./api-deps.ts";
import { buildApp } from "./app.ts";

/** Where `npm run openapi` writes the document, relative to the repository root. */
export const OPENAPI_PATH = "openapi/openapi.json";

/**
 * A dependency the document generator never calls: building the routes needs none of them
 * (they are read when a request is served), and generation must not depend on a chain.
 */
function unused<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_, property) {
      throw new Error(`the OpenAPI generator serves no requests, yet ${name}.${String(property)} was read`);
    },
  });
}

/** The OpenAPI 3.1 document of the `/v1` API, from the routes' own schemas. */
export async function generateOpenApiDocument(): Promise<Record<string, unknown>> {
  const app = await buildApp({
    readModel: unused("readModel"),
    devnet: unused("devnet"),
    media: unused("media"),
    trading: { desk: unused("desk"), builder: unused("builder") },
    control: unused("control"),
  } as ApiDeps);
  await app.ready();
  const document = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  return document;
}

/** The document as the committed file holds it: two-space JSON and a final newline. */
export async function renderOpenApiDocument(): Promise<string> {
  return `${JSON.stringify(await generateOpenApiDocument(), null, 2)}\n`;
}
