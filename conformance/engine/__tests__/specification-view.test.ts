import { readFileSync } from "node:fs";
import type { oas31 } from "openapi3-ts";
import { describe, expect, it } from "vitest";
import { documentValidators } from "../document-validator.ts";

const document = JSON.parse(readFileSync(new URL("../../../openapi/openapi.json", import.meta.url), "utf8")) as oas31.OpenAPIObject;
const { exact, relaxed } = documentValidators(document);

/** The launch record our document gives as the route's example: a whole answer of ours. */
const exampleRow = (): Record<string, unknown> =>
  structuredClone(
    (
      document.paths!["/v1/launches/{id}"]!.get!.responses!["200"] as {
        content: { "application/json": { example: Record<string, unknown> } };
      }
    ).content["application/json"].example,
  );

describe("the specification's view of our document", () => {
  it("passes what the specification allows and our document does not: our extra fields left out, another value where it says 'used', a build without plan", () => {
    const row = exampleRow();
    delete (row as Record<string, unknown>).pairBlock;
    row.supplyBasis = "circulating";
    // Our choices, gone: each fails the whole document, none the specification's view.
    const trimmed = { ...row, pairBlock: "open" };
    expect(exact.validateResponse("GET", "/v1/launches/{id}", 200, trimmed).error).not.toBeNull();
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, trimmed).error).toBeNull();
    const build = { transaction: "AQID", lastValidBlockHeight: 10 };
    expect(exact.validateResponse("POST", "/v1/trades/build", 200, build).error).not.toBeNull();
    expect(relaxed.validateResponse("POST", "/v1/trades/build", 200, build).error).toBeNull();
    // The status route's other fields, and values the specification does not list, are the server's.
    expect(relaxed.validateResponse("GET", "/v1/transactions/{signature}", 200, { status: "landed" }).error).toBeNull();
    expect(relaxed.validateResponse("GET", "/v1/assets", 200, { assets: [] }).error).toBeNull();
  });

  it("still fails what the specification states: a listed field missing, a type, a value outside a list it gives in full", () => {
    const row = exampleRow();
    delete row.holders;
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, row).error).toMatch(/holders/);
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, { ...exampleRow(), priceE12: 12 }).error).toMatch(/priceE12/);
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, { ...exampleRow(), status: "paused" }).error).toMatch(/status/);
    expect(relaxed.validateResponse("POST", "/v1/trades/build", 200, { lastValidBlockHeight: 10 }).error).toMatch(/transaction/);
  });
});
