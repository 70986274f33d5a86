import { describe, expect, test } from "vitest";
import { WIRE_RULES } from "../../wire/wire-fields.ts";
import { parseClientFrame } from "../parse-client-frame.ts";

const A = "So11111111111111111111111111111111111111112";
// Base58 in the pattern's alphabet and length, but 33 bytes once decoded: no address.
const WIDE = "z".repeat(44);
// 31 bytes.
const NARROW = "2".repeat(42);

describe("parseClientFrame reads an address as the specification defines it: a string of its pattern", () => {
  test("the samples are what they claim: in the pattern, outside the rule", () => {
    for (const text of [WIDE, NARROW]) {
      expect(new RegExp(WIRE_RULES.address.pattern).test(text)).toBe(true);
      expect(WIRE_RULES.address.check(text)).toBe(false);
    }
  });

  test("keeps base58 of the pattern that does not decode to 32 bytes, in cards and live alike", () => {
    const parse = (frame: object) => parseClientFrame(JSON.stringify(frame), 65_536);
    expect(parse({ op: "sub", tier: "cards", mints: [A, WIDE, NARROW] })).toEqual({
      ok: true,
      frame: { op: "sub", tier: "cards", mints: [A, WIDE, NARROW] },
      dropped: 0,
    });
    expect(parse({ op: "sub", tier: "live", mint: WIDE })).toEqual({
      ok: true,
      frame: { op: "sub", tier: "live", mint: WIDE },
      dropped: 0,
    });
  });

  test("drops what breaks the pattern (a letter base58 leaves out, too short, too long), from cards and live alike", () => {
    const parse = (frame: object) => parseClientFrame(JSON.stringify(frame), 65_536);
    const broken = ["0" + A.slice(1), A.slice(0, 31), "z".repeat(45), 42, null];
    expect(parse({ op: "sub", tier: "cards", mints: [A, ...broken] })).toEqual({
      ok: true,
      frame: { op: "sub", tier: "cards", mints: [A] },
      dropped: broken.length,
    });
    expect(parse({ op: "sub", tier: "live", mint: "0" + A.slice(1) })).toEqual({
      ok: true,
      frame: { op: "sub", tier: "live", mint: null },
      dropped: 1,
    });
  });
});
