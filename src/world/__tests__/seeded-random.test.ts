import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededInteger, seededOrder, seededUnit } from "../seeded-random.ts";

describe("seeded randomness", () => {
  it("draws the same unit for the same seed and label, in [0, 1)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (seed, label) => {
        const unit = seededUnit(seed, label);
        expect(seededUnit(seed, label)).toBe(unit);
        expect(unit).toBeGreaterThanOrEqual(0);
        expect(unit).toBeLessThan(1);
      }),
    );
  });

  it("keeps whole numbers within their bounds", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: -1000, max: 1000 }), fc.nat(1000), (seed, label, min, span) => {
        const drawn = seededInteger(seed, label, min, min + span);
        expect(Number.isInteger(drawn)).toBe(true);
        expect(drawn).toBeGreaterThanOrEqual(min);
        expect(drawn).toBeLessThanOrEqual(min + span);
      }),
    );
  });

  it("orders items as a comparator of their seeded units does, drawing each unit once", () => {
    fc.assert(
      fc.property(fc.string(), fc.uniqueArray(fc.string(), { maxLength: 40 }), (seed, labels) => {
        let draws = 0;
        const ordered = seededOrder(seed, labels, (label) => {
          draws += 1;
          return `order:${label}`;
        });
        const compared = [...labels].sort((a, b) => seededUnit(seed, `order:${a}`) - seededUnit(seed, `order:${b}`));
        expect(ordered).toEqual(compared);
        expect(draws).toBe(labels.length);
      }),
    );
  });
});
