import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { expect, test } from "vitest";
import { ASYNCAPI_BANNER, asyncapiDocument, asyncapiYaml } from "../asyncapi-document.ts";
import { toYaml } from "../to-yaml.ts";
import { serverFrameValidator } from "./server-frame-validator.ts";

const FILE = join(import.meta.dirname, "..", "..", "..", "openapi", "asyncapi.yaml");

test("openapi/asyncapi.yaml is what the frame schemas generate (run `npm run asyncapi` when this fails)", () => {
  expect(readFileSync(FILE, "utf8")).toBe(asyncapiYaml());
});

test("the file says on line 1 that it is generated", () => {
  expect(readFileSync(FILE, "utf8").split("\n")[0]).toBe(ASYNCAPI_BANNER);
});

test("every message of the channel is in an operation, and every $ref points inside the document", () => {
  const document = asyncapiDocument() as any;
  const channelMessages = Object.keys(document.channels.stream.messages);
  const operated = [...document.operations.announce.messages, ...document.operations.subscribe.messages].map((ref: any) =>
    ref.$ref.split("/").at(-1),
  );
  expect(operated.sort()).toEqual([...channelMessages].sort());
  const refs = JSON.stringify(document).match(/"\$ref":"[^"]*"/g)!;
  for (const ref of refs) {
    const path = JSON.parse(`{${ref}}`).$ref as string;
    expect(path.startsWith("#/")).toBe(true);
    const target = path
      .slice(2)
      .split("/")
      .reduce((node: any, part) => node?.[part], document);
    expect(target, path).toBeDefined();
  }
});

// The YAML writer is ours: prove it writes what parses back to the same value.
test("toYaml round-trips arbitrary JSON through a YAML parser", async () => {
  // `yaml` arrives with @fastify/swagger; it checks our writer and is used nowhere else.
  const { parse } = await import("yaml");
  fc.assert(
    fc.property(
      fc.oneof(
        fc.jsonValue(),
        fc.jsonValue({ stringUnit: "binary" }),
        fc.dictionary(
          fc.string(),
          fc.array(fc.string({ unit: "binary" })).map((lines) => lines.join("\n")),
        ),
      ),
      (value) => {
        const normalised = JSON.parse(JSON.stringify(value)); // -0 → 0, as JSON carries it
        expect(parse(toYaml(normalised))).toEqual(normalised);
      },
    ),
    { numRuns: 1_000 },
  );
  expect(parse(asyncapiYaml())).toEqual(JSON.parse(JSON.stringify(asyncapiDocument())));
});

test("the frame validator the socket tests use can fail", () => {
  const validate = serverFrameValidator();
  expect(validate({ kind: "hello", at: 1, v: 1 })).toBeNull();
  expect(validate({ kind: "hello", at: 1, v: 2 })).not.toBeNull();
  expect(validate({ kind: "hello", at: 1, v: 1, extra: true })).not.toBeNull();
  expect(validate({ kind: "gossip" })).toMatch(/undocumented/);
  expect(validate({ kind: "cards", full: true, seq: 1, prev: 0, data: { cards: [] } })).toMatch(/removed/);
  expect(validate({ kind: "cards", full: true, seq: 1, prev: 0, data: { cards: [{ address: "x" }], removed: [] } })).not.toBeNull();
  expect(validate({ kind: "suback", accepted: 3, rejected: 0, cap: 100 })).not.toBeNull(); // a suback reports a trim
});
