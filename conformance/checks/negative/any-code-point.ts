import fc from "fast-check";

/** The surrogate block U+D800–U+DFFF: no code point of its own. */
const SURROGATE_FIRST = 0xd800;
const SURROGATES = 0x800;

/**
 * One Unicode code point of any plane, surrogates left out: the values of fast-check's
 * `unit: "binary"`, drawn the same way for a seed (an index mapped past the surrogate
 * block), but with an O(1) way back from a character to its index. `"binary"` builds a
 * table of all 1.1 million characters the first time a string is read back (fast-check
 * does so at once, for the tricky strings such as `__proto__` it mixes in): seconds of a
 * run spent before the first request.
 */
export const anyCodePoint: fc.Arbitrary<string> = fc.integer({ min: 0, max: 0x10ffff - SURROGATES }).map(
  (index) => String.fromCodePoint(index < SURROGATE_FIRST ? index : index + SURROGATES),
  (value) => {
    const point = typeof value === "string" ? value.codePointAt(0) : undefined;
    if (point === undefined || String.fromCodePoint(point) !== value || (point >= SURROGATE_FIRST && point < SURROGATE_FIRST + SURROGATES))
      throw new Error("not one code point");
    return point < SURROGATE_FIRST ? point : point - SURROGATES;
  },
);
