import { describe, expect, test } from "vitest";
import { WIRE_RULES } from "../../wire/wire-fields.ts";
import { parseClientFrame } from "../parse-client-frame.ts";

const A = "So11111111111111111111111111111111111111112";
// Base58 in the pattern's alphabet and length, but 33 bytes once decoded: no address.
const WIDE = "z".repeat(44);
// 31 bytes.
const NARROW = "2".repeat(42);

describe("parseClientFrame keeps the wire rule of an address", () => {
  test("the samples are what they claim: in the pattern, outside the rule", () => {
    for (const text of [WIDE, NARROW]) {
      expect(new RegExp(WIRE_RULES.address.pattern).test(text)).toBe(true);
      expect(WIRE_RULES.address.check(text)).toBe(false);
    }
  });

  test("drops base58 that does not decode to 32 bytes, from cards and live alike", () => {
    const parse = (frame: object) => parseClientFrame(JSON.stringify(frame), 65_536);
    expect(parse({ op: "sub", tier: "cards", mints: [A, WIDE, NARROW] })).toEqual({
      ok: true,
      frame: { op: "sub", tier: "cards", mints: [A] },
      dropped: 2,
    });
    expect(parse({ op: "sub", tier: "live", mint: WIDE })).toEqual({
      ok: true,
      frame: { op: "sub", tier: "live", mint: null },
      dropped: 1,
    });
  });
});
