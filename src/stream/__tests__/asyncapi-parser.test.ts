import { readFileSync } from "node:fs";
import { DiagnosticSeverity, Parser } from "@asyncapi/parser";
import { describe, expect, it } from "vitest";
import { asyncapiYaml } from "../asyncapi-document.ts";

/**
 * A third-party judge of the stream's document: the AsyncAPI initiative's own parser and
 * its Spectral ruleset. The generated document must parse with no error (warnings and hints
 * are allowed), and so must the committed file.
 */
describe("the AsyncAPI document before @asyncapi/parser", () => {
  const parser = new Parser();

  it.each([
    ["as generated now", () => asyncapiYaml()],
    ["as committed", () => readFileSync(new URL("../../../openapi/asyncapi.yaml", import.meta.url), "utf8")],
  ])("parses with no error %s", async (_, text) => {
    const { document, diagnostics } = await parser.parse(text());
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error);
    expect(errors.map((error) => `${error.code}: ${error.message} at ${error.path.join(".")}`)).toEqual([]);
    expect(document?.channels().length).toBeGreaterThan(0);
    expect(document?.allMessages().length).toBeGreaterThan(5);
  });
});
