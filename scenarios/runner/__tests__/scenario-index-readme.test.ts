import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scenarioIndexMarkdown } from "../scenario-index.ts";

describe("the README's index of the scenario library", () => {
  it("is the library's (regenerate with npx tsx scripts/generate-readme-tables.ts)", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(scenarioIndexMarkdown());
  });
});
