import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv } from "ajv";
import { generateOpenApiDocument, renderOpenApiDocument } from "../openapi-document.ts";

/**
 * Two third-party judges of the document the routes generate now (not the committed file,
 * which the freshness test compares): Redocly's `recommended` ruleset and Spectral's
 * `spectral:oas`. Neither may report an error. Warnings are allowed: Redocly asks every
 * operation for a 4xx, and three routes without parameters or body (`/v1/assets`,
 * `/v1/trades/live`, `GET /devnet/clock`) cannot answer one; Spectral asks for a contact.
 */
const run = promisify(execFile);
const root = join(import.meta.dirname, "../../..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
let directory: string;
let documentPath: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  documentPath = join(directory, "openapi.json");
  writeFileSync(documentPath, await renderOpenApiDocument());
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The command's stdout, whatever its exit code (a linter exits 1 when it finds errors, and the test says which). */
async function output(command: string, args: string[]): Promise<string> {
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
  try {
    return (await run(command, args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? String(error);
  }
}

describe("the generated OpenAPI document before third-party linters", () => {
  it("Redocly's recommended ruleset finds no error", async () => {
    const report = JSON.parse(await output(bin("redocly"), ["lint", "--extends=recommended", "--format=json", documentPath]));
    const errors = report.problems.filter((problem: { severity: string }) => problem.severity === "error");
    expect(errors.map((problem: { ruleId: string; message: string }) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it("Spectral's spectral:oas finds no error", async () => {
    const report = JSON.parse(
      await output(bin("spectral"), ["lint", "-r", join(root, "scripts/spectral.yaml"), "-f", "json", documentPath]),
    ) as { code: string; message: string; severity: number; path: string[] }[];
    // Severity 0 is an error in Spectral's report.
    expect(
      report
        .filter((problem) => problem.severity === 0)
        .map((problem) => `${problem.code} at ${problem.path.join(".")}: ${problem.message}`),
    ).toEqual([]);
  }, 60_000);
});

describe("the request schemas the routes validate with", () => {
  // The app compiles its validators with ajv's `validateSchema: false` (checking a schema
  // against the meta-schema cost the first request 30 ms of a start): the check is made here.
  it("each is a valid JSON Schema by ajv's own meta-schema, the one fastify's ajv would check", async () => {
    const document = (await generateOpenApiDocument()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; schema: object }[]; requestBody?: { content: Record<string, { schema: object }> } }>
      >;
    };
    const ajv = new Ajv({ strict: false });
    const invalid: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemas = [
          ...(operation.parameters ?? []).map((parameter) => [parameter.name, parameter.schema] as const),
          ...Object.values(operation.requestBody?.content ?? {}).map((media) => ["body", media.schema] as const),
        ];
        for (const [name, schema] of schemas) {
          checked++;
          if (!ajv.validateSchema(schema)) invalid.push(`${method.toUpperCase()} ${path} ${name}: ${ajv.errorsText()}`);
        }
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});
