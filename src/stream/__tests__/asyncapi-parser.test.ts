import { readFileSync } from "node:fs";
import { DiagnosticSeverity, Parser } from "@asyncapi/parser";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { asyncapiDocument, asyncapiYaml } from "../asyncapi-document.ts";
import { servedAsyncapiYaml } from "../attach-stream.ts";

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
    ["as a running server serves it", () => servedAsyncapiYaml("127.0.0.1:38123")],
  ])("parses with no error %s", async (_, text) => {
    const { document, diagnostics } = await parser.parse(text());
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error);
    expect(errors.map((error) => `${error.code}: ${error.message} at ${error.path.join(".")}`)).toEqual([]);
    expect(document?.channels().length).toBeGreaterThan(0);
    expect(document?.allMessages().length).toBeGreaterThan(5);
  });
});

describe("the AsyncAPI document a running server serves (GET /asyncapi.yaml)", () => {
  it("is the committed one but for its server, which names the host the request reached", () => {
    const served = parse(servedAsyncapiYaml("[::1]:9000"));
    const { servers, ...rest } = asyncapiDocument();
    expect(served).toMatchObject(JSON.parse(JSON.stringify(rest)));
    expect(served.servers).toEqual({ devnet: { host: "[::1]:9000", protocol: "ws", description: expect.any(String) } });
    expect(servers).not.toEqual(served.servers);
    // No usable Host: the committed address, never text from the request.
    expect(servedAsyncapiYaml("evil.example/path?x")).toBe(asyncapiYaml());
    expect(servedAsyncapiYaml(undefined)).toBe(asyncapiYaml());
  });
});
