import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OPENAPI_PATH, renderOpenApiDocument } from "../openapi-document.ts";

describe("openapi/openapi.json", () => {
  it("is what `npm run openapi` generates now (run it after changing a route or a record)", async () => {
    const committed = readFileSync(join(import.meta.dirname, "../../..", OPENAPI_PATH), "utf8");
    expect(committed).toBe(await renderOpenApiDocument());
  });

  it("is OpenAPI 3.1 and says it is generated", async () => {
    const document = JSON.parse(await renderOpenApiDocument());
    expect(document.openapi).toBe("3.1.0");
    expect(document.info["x-generated"]).toBe("by npm run openapi; do not edit");
    for (const [path, item] of Object.entries<any>(document.paths)) {
      // The specification's routes live under /v1; the simulator's own controls under /devnet (their own tag).
      expect(path).toMatch(/^\/(v1|devnet)\//);
      for (const operation of Object.values<any>(item)) {
        expect(operation.summary, path).toBeTruthy();
        expect(operation.description, path).toBeTruthy();
        expect(operation.tags, path).toHaveLength(1);
        expect(operation.responses["200"], path).toBeTruthy();
        for (const parameter of operation.parameters ?? []) expect(parameter.description, `${path} ${parameter.name}`).toBeTruthy();
      }
    }
  });
});
