import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agreesAsPublished } from "../published-number.ts";

describe("a published figure", () => {
  it("agrees with what it rounds, at any number of significant digits a server keeps", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-15, max: 1e6, noNaN: true }), fc.integer({ min: 3, max: 17 }), (expected, digits) => {
        expect(agreesAsPublished(Number(expected.toPrecision(digits)), expected)).toBe(true);
      }),
    );
  });

  it("widens by the rounding of the published figures the expected one is computed from", () => {
    // A dnaUnitSol of 1.004634e-9 sent as 1.00463e-9, and the price from the exact one, rounded.
    const price = 27958993476234 / 1e12;
    const exact = 1.004634e-9;
    const published = Number((price * exact).toPrecision(6));
    const expected = price * Number(exact.toPrecision(6));
    expect(agreesAsPublished(published, expected)).toBe(false);
    expect(agreesAsPublished(published, expected, [Number(exact.toPrecision(6))])).toBe(true);
    expect(agreesAsPublished(published * 1.01, expected, [Number(exact.toPrecision(6))])).toBe(false);
  });

  it("disagrees with a figure off by more than its last digit, with zero for a price, and with what is not finite", () => {
    expect(agreesAsPublished(1.71062e-11, 1.710616126707397e-11)).toBe(true);
    expect(agreesAsPublished(1.71072e-11, 1.710616126707397e-11)).toBe(false);
    expect(agreesAsPublished(2 * 1.710616126707397e-11, 1.710616126707397e-11)).toBe(false);
    expect(agreesAsPublished(0, 1.7e-11)).toBe(false);
    // One significant digit is too few: 2e-11 for 1.51e-11 is 32% off.
    expect(agreesAsPublished(2e-11, 1.51e-11)).toBe(false);
    expect(agreesAsPublished(1e-10, 1.45e-10)).toBe(false);
    expect(agreesAsPublished(0, 0)).toBe(true);
    expect(agreesAsPublished(Number.POSITIVE_INFINITY, 1)).toBe(false);
  });
});
