import { describe, expect, it } from "vitest";
import type { Check } from "../check.ts";
import { selectChecks } from "../select-checks.ts";

const check = (id: string, phase: Check["phase"]): Check => ({
  id,
  phase,
  rule: { section: "Limits", text: "a rule" },
  enforces: "specification",
  run: async () => {},
});
const REGISTRY = [check("b.two", "schema"), check("a.one", "schema"), check("c.three", "negative"), check("d.four", "stream")];

describe("selectChecks", () => {
  it("filters by phase and by glob", () => {
    expect(selectChecks(REGISTRY, { phases: ["schema"] }).map((item) => item.id)).toEqual(["b.two", "a.one"]);
    expect(selectChecks(REGISTRY, { checks: "c.*,a.on?" }).map((item) => item.id)).toEqual(["a.one", "c.three"]);
  });

  it("splits shards by sorted id, disjoint and complete", () => {
    const shards = [1, 2, 3].map((index) => selectChecks(REGISTRY, { shard: { index, count: 3 } }).map((item) => item.id));
    expect(shards).toEqual([["a.one", "d.four"], ["b.two"], ["c.three"]]);
    expect(shards.flat().sort()).toEqual(REGISTRY.map((item) => item.id).sort());
  });
});
