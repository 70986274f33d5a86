import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_ERROR_CATALOGUE, type ApiErrorCode, apiError, errorTableMarkdown, isApiError, quoted } from "../index.ts";

describe("the API error catalogue", () => {
  it("has upper-snake codes, a 4xx or 5xx status and a sentence for each", () => {
    for (const [code, entry] of Object.entries(API_ERROR_CATALOGUE)) {
      expect(code).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.template.length).toBeGreaterThan(10);
    }
  });

  it("keeps 5xx for the one code that is our fault", () => {
    const serverSide = Object.entries(API_ERROR_CATALOGUE).filter(([, entry]) => entry.status >= 500);
    expect(serverSide.map(([code]) => code)).toEqual(["INTERNAL"]);
  });

  it("fills every placeholder of a template", () => {
    const failure = apiError("INVALID_QUERY", { parameter: "limit", rule: "must be an integer from 1 to 100" });
    expect(failure).toEqual({
      kind: "apiError",
      status: 400,
      body: { error: "query parameter limit must be an integer from 1 to 100", code: "INVALID_QUERY" },
    });
    expect(isApiError(failure)).toBe(true);
    expect(isApiError({ launches: [] })).toBe(false);
    expect(apiError("INTERNAL").body.error).not.toMatch(/\{/);
  });

  it("refuses a missing value instead of sending a sentence with a hole", () => {
    const untyped = apiError as (code: ApiErrorCode, params?: Record<string, string>) => unknown;
    expect(() => untyped("NOT_FOUND", { resource: "launch" })).toThrow(/\{id\}/);
  });

  it("quotes and cuts echoed input", () => {
    expect(quoted('a"b')).toBe('"a\\"b"');
    expect(quoted("x".repeat(500)).length).toBeLessThan(80);
  });

  it("renders the README table with one row per code", () => {
    const table = errorTableMarkdown();
    expect(table.split("\n")).toHaveLength(2 + Object.keys(API_ERROR_CATALOGUE).length);
    expect(table).toContain("| `INVALID_QUERY` | 400 | query parameter <parameter> <rule> |");
  });

  it("is the table the README shows (regenerate it with errorTableMarkdown() when a code is added)", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(errorTableMarkdown());
  });
});
