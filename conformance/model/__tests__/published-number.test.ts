import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agreesAsPublished } from "../published-number.ts";

describe("a published figure", () => {
  it("agrees with what it rounds, at any number of significant digits a server keeps", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-15, max: 1e6, noNaN: true }), fc.integer({ min: 1, max: 17 }), (expected, digits) => {
        expect(agreesAsPublished(Number(expected.toPrecision(digits)), expected)).toBe(true);
      }),
    );
  });

  it("disagrees with a figure off by more than its last digit, with zero for a price, and with what is not finite", () => {
    expect(agreesAsPublished(1.71062e-11, 1.710616126707397e-11)).toBe(true);
    expect(agreesAsPublished(1.71072e-11, 1.710616126707397e-11)).toBe(false);
    expect(agreesAsPublished(2 * 1.710616126707397e-11, 1.710616126707397e-11)).toBe(false);
    expect(agreesAsPublished(0, 1.7e-11)).toBe(false);
    expect(agreesAsPublished(0, 0)).toBe(true);
    expect(agreesAsPublished(Number.POSITIVE_INFINITY, 1)).toBe(false);
  });
});
