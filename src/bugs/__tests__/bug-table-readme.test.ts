import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INJECTED_BUGS, bugTableMarkdown, injectedBug } from "../injected-bug-catalogue.ts";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

describe("the README's injected bugs", () => {
  it("table is the catalogue's (regenerate with npx tsx scripts/generate-readme-tables.ts)", () => {
    expect(readme).toContain(bugTableMarkdown());
  });

  it("examples name modes that exist, and the status row counts them all", () => {
    const named = [...readme.matchAll(/--inject-bug ([a-z0-9-]+(?:,[a-z0-9-]+)*)/g)].flatMap((match) => match[1]!.split(","));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => injectedBug(name) === undefined)).toEqual([]);
    expect(readme).toContain(`${INJECTED_BUGS.length} injected-bug modes`);
  });
});
