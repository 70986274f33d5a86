import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeCollectibleCursor, parseCollectibleCursor } from "../collectible-list.ts";
import { randomAddress } from "./synthetic-chain.ts";

describe("collectible cursors", () => {
  it("read back exactly what they were written from, for every sort", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ sort: fc.constantFrom("newest" as const, "oldest" as const), key: fc.nat({ max: 1_000_000 }) }),
          fc.record({ sort: fc.constant("name" as const), key: fc.string({ maxLength: 64, unit: "binary" }) }),
        ),
        ({ sort, key }) => {
          const cursor = { sort, key, address: randomAddress() };
          const text = encodeCollectibleCursor(cursor);
          expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(parseCollectibleCursor(text)).toEqual(cursor);
        },
      ),
    );
  });

  it("refuse any other text without throwing: null, which the API answers with a 400", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        const parsed = parseCollectibleCursor(text);
        if (parsed !== null) expect(encodeCollectibleCursor(parsed)).toBe(text);
      }),
    );
    const address = randomAddress();
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const text of [
      "",
      forged(["newest", -1, address]),
      forged(["newest", 1.5, address]),
      forged(["newest", "1", address]),
      forged(["name", 3, address]),
      forged(["price", 3, address]),
      forged(["oldest", 3, "not-an-address"]),
      forged(["oldest", 3]),
      forged({ sort: "oldest" }),
    ])
      expect(parseCollectibleCursor(text), text).toBeNull();
  });
});
