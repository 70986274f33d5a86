import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyCodePoint } from "../any-code-point.ts";

describe("anyCodePoint", () => {
  it("draws the strings fast-check's binary unit draws for a seed, tricky strings included", () => {
    const ours = fc.sample(fc.string({ maxLength: 40, unit: anyCodePoint }), { seed: 1, numRuns: 2_000 });
    const binary = fc.sample(fc.string({ maxLength: 40, unit: "binary" }), { seed: 1, numRuns: 2_000 });
    expect(ours).toEqual(binary);
    expect(ours.filter((value) => ["__proto__", "valueOf", "toString", "constructor"].includes(value)).length).toBeGreaterThan(0);
  });

  it("covers both ends of the code points and never a lone surrogate", () => {
    const values = fc.sample(anyCodePoint, { seed: 1, numRuns: 5_000 });
    for (const value of values) {
      const point = value.codePointAt(0)!;
      expect(String.fromCodePoint(point)).toBe(value);
      expect(point < 0xd800 || point >= 0xe000).toBe(true);
    }
    expect(values.some((value) => value.codePointAt(0)! > 0xffff)).toBe(true);
    expect(values.some((value) => value.codePointAt(0)! < 0x80)).toBe(true);
  });
});
