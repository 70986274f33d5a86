import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as codes from "../refusal-code.ts";

const header = resolve(dirname(fileURLToPath(import.meta.url)), "../../../programs-fixtures/include/errors.h");

describe("refusal codes", () => {
  it("carry the names and numbers of programs-fixtures/include/errors.h", () => {
    const defined = new Map(
      [...readFileSync(header, "utf8").matchAll(/^#define (ERROR_\w+) (\d+)/gm)].map(([, name, value]) => [name, Number(value)]),
    );
    const ours = Object.entries(codes).filter(([name]) => name.startsWith("ERROR_"));
    expect(ours.length).toBe(7);
    for (const [name, value] of ours) expect([name, defined.get(name)]).toEqual([name, value]);
  });
});
