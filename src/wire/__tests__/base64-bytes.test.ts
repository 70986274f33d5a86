import { getBase64Encoder } from "@solana/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64ToBytes } from "../base64-bytes.ts";

/** kit's answer: the bytes, or null where its encoder throws. */
function kits(text: string): Uint8Array | null {
  try {
    return new Uint8Array(getBase64Encoder().encode(text));
  } catch {
    return null;
  }
}

describe("base64ToBytes", () => {
  it("answers as kit's base64 encoder for any text: the same bytes, and null where kit throws", () => {
    const character = fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") },
      { weight: 2, arbitrary: fc.constant("=") },
      { weight: 1, arbitrary: fc.constantFrom("-", "_", " ", "\n", "é", "*", ".") },
    );
    const text = fc.oneof(
      fc.uint8Array({ maxLength: 120 }).map((bytes) => Buffer.from(bytes).toString("base64")),
      fc.array(character, { maxLength: 60 }).map((characters) => characters.join("")),
    );
    let refused = 0;
    fc.assert(
      fc.property(text, (value) => {
        const ours = base64ToBytes(value);
        expect(ours === null ? null : new Uint8Array(ours)).toEqual(kits(value));
        if (ours === null) refused++;
      }),
      { numRuns: 2_000 },
    );
    expect(refused).toBeGreaterThan(50);
  });
});
