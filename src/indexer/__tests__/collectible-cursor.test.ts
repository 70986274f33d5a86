import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COLLECTIBLE_STAGES } from "../../programs/collectible-stage.ts";
import { COLLECTIBLE_TEXT_MAX, MAX_COLLECTIBLE_CURSOR, encodeCollectibleCursor, parseCollectibleCursor } from "../collectible-list.ts";
import { COLLECTIBLE_GROUPS, COLLECTIBLE_ROWS, type CollectibleGroup } from "../records/index.ts";
import { randomAddress } from "./synthetic-chain.ts";

describe("collectible cursors", () => {
  it("read back exactly what they were written from, for every sort and every set of filters, within the length the route takes", () => {
    const filters = fc.record(
      {
        stage: fc.constantFrom(...COLLECTIBLE_STAGES),
        group: fc.constantFrom(...(Object.keys(COLLECTIBLE_GROUPS) as CollectibleGroup[])),
        row: fc.constantFrom(...COLLECTIBLE_ROWS),
        q: fc.string({ maxLength: COLLECTIBLE_TEXT_MAX, unit: "binary" }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ sort: fc.constantFrom("newest" as const, "oldest" as const), key: fc.nat({ max: 1_000_000 }) }),
          fc.record({ sort: fc.constant("name" as const), key: fc.string({ maxLength: 64, unit: "binary" }) }),
        ),
        filters,
        ({ sort, key }, filters) => {
          const cursor = { sort, key, address: randomAddress(), filters };
          const text = encodeCollectibleCursor(cursor);
          expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(text.length).toBeLessThanOrEqual(MAX_COLLECTIBLE_CURSOR);
          expect(parseCollectibleCursor(text)).toEqual(cursor);
        },
      ),
    );
    // The longest: a name and a q of characters JSON writes as \u escapes.
    const longest = {
      sort: "name" as const,
      key: "\u0001".repeat(64),
      address: randomAddress(),
      filters: {
        stage: "acquiring" as const,
        group: "acquisition" as CollectibleGroup,
        row: "oneAsset" as const,
        q: "\u0001".repeat(COLLECTIBLE_TEXT_MAX),
      },
    };
    expect(parseCollectibleCursor(encodeCollectibleCursor(longest))).toEqual(longest);
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
      forged(["oldest", 3, address, { stage: "sold" }]),
      forged(["oldest", 3, address, { group: "raising!" }]),
      forged(["oldest", 3, address, { row: "two" }]),
      forged(["oldest", 3, address, { q: "x".repeat(COLLECTIBLE_TEXT_MAX + 1) }]),
      forged(["oldest", 3, address, { price: 1 }]),
      forged(["oldest", 3, address, []]),
      forged(["oldest", 3, address, {}, 5]),
      forged({ sort: "oldest" }),
    ])
      expect(parseCollectibleCursor(text), text).toBeNull();
  });
});
