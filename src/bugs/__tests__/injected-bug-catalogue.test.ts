import { describe, expect, it } from "vitest";
import { parseCommand } from "../../cli/parse-command.ts";
import { INJECTED_BUGS, bugTableMarkdown, parseBugNames } from "../injected-bug-catalogue.ts";

describe("the injected bug catalogue", () => {
  it("names every mode in kebab case, once, with one way to break its rule", () => {
    for (const bug of INJECTED_BUGS) {
      expect(bug.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(bug.http ?? bug.stream ?? bug.deep).toBeDefined();
    }
    expect(new Set(INJECTED_BUGS.map((bug) => bug.name)).size).toBe(INJECTED_BUGS.length);
  });

  it("reads --inject-bug lists and refuses unknown names with a sentence pointing at basket-devnet bugs", () => {
    expect(parseBugNames("hello-v2, no-suback")).toEqual({ ok: true, names: ["hello-v2", "no-suback"] });
    expect(parseBugNames("hello-v2,nope")).toEqual({ ok: false, error: 'no injected bug is named "nope"; basket-devnet bugs lists them' });
    expect(parseBugNames("hello-v2,").ok).toBe(false);
    expect(parseCommand(["up", "--inject-bug", "hello-v2"])).toEqual({ kind: "up", options: { injectBugs: ["hello-v2"] } });
    expect(parseCommand(["up", "--inject-bug", "nope"]).kind).toBe("error");
    expect(parseCommand(["bugs"])).toEqual({ kind: "bugs" });
  });

  it("renders one Markdown table row per mode", () => {
    const rows = bugTableMarkdown().trim().split("\n");
    expect(rows).toHaveLength(INJECTED_BUGS.length + 2);
    expect(rows[2]).toContain("`launch-price-as-number` | schema |");
  });
});
