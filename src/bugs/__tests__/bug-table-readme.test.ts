import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bugTableMarkdown } from "../injected-bug-catalogue.ts";

describe("the README's table of injected bugs", () => {
  it("is the catalogue's (regenerate with npx tsx scripts/generate-readme-tables.ts)", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(bugTableMarkdown());
  });
});
