import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkTableMarkdown } from "../check-table.ts";
import { ALL_CHECKS } from "../checks/index.ts";

describe("the README's list of checks", () => {
  it("is the registry's (regenerate with npx tsx scripts/generate-readme-tables.ts)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(checkTableMarkdown());
  });

  it("names every check once, with a stable dotted id", () => {
    const ids = ALL_CHECKS.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-zA-Z0-9]+)+$/);
  });
});
