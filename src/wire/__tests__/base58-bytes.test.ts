import { getBase58Decoder, getBase58Encoder } from "@solana/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base58ToBytes, bytesToBase58, isBase58OfSize } from "../base58-bytes.ts";
import { WIRE_RULES } from "../wire-fields.ts";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const kit = getBase58Encoder();

/** kit's decoded length of `text`, or null where kit refuses it. */
function kitLength(text: string): number | null {
  try {
    return kit.encode(text).length;
  } catch {
    return null;
  }
}

/** Base58 texts near the sizes that matter: keys and signatures, with leading "1"s (zero bytes) and a stray character now and then. */
const texts = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 70 }).map((bytes) => bytesToBase58(bytes)),
  fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.uint8Array({ minLength: 28, maxLength: 66 }))
    .map(([ones, bytes]) => "1".repeat(ones) + bytesToBase58(bytes)),
  fc.string({ unit: fc.constantFrom(...ALPHABET, "0", "O", "I", "l", "+"), minLength: 0, maxLength: 90 }),
);

describe("base58 bytes", () => {
  it("says a text is base58 of 32 or 64 bytes exactly when kit decodes it to that many", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const length = kitLength(text);
        expect(isBase58OfSize(text, 32)).toBe(length === 32);
        expect(isBase58OfSize(text, 64)).toBe(length === 64);
      }),
      { numRuns: 2_000 },
    );
  });

  it("writes kit's text for keys and signatures, and decodes it back to kit's bytes", () => {
    const leadingZeros = (size: number) =>
      fc.tuple(fc.integer({ min: 0, max: 3 }), fc.uint8Array({ minLength: size, maxLength: size })).map(([zeros, bytes]) => {
        bytes.fill(0, 0, zeros);
        return bytes;
      });
    fc.assert(
      fc.property(fc.oneof(leadingZeros(32), leadingZeros(64)), (bytes) => {
        const text = bytesToBase58(bytes);
        expect(text).toBe(getBase58Decoder().decode(bytes));
        expect(base58ToBytes(text, bytes.length)).toEqual(new Uint8Array(kit.encode(text)));
      }),
      { numRuns: 500 },
    );
  });

  it("is what the wire's address and signature rules check", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const length = kitLength(text);
        const fits = (min: number, max: number) => text.length >= min && text.length <= max;
        expect(WIRE_RULES.address.check(text)).toBe(fits(32, 44) && length === 32);
        expect(WIRE_RULES.signature.check(text)).toBe(fits(64, 88) && length === 64);
      }),
      { numRuns: 2_000 },
    );
  });
});
