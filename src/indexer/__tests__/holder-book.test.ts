import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HolderBook } from "../holder-book.ts";

describe("HolderBook", () => {
  it("counts holders and net buyers, and keeps positions, exactly as a naive map of wallets", () => {
    const trade = fc.record({
      trader: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 5_000 })),
      buy: fc.boolean(),
      primary: fc.bigInt({ min: 0n, max: 10n ** 15n }),
      dna: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    });
    fc.assert(
      fc.property(fc.array(trade, { maxLength: 400 }), (trades) => {
        const book = new HolderBook();
        const naive = new Map<number, { tokens: bigint; dna: bigint }>();
        for (const t of trades) {
          book.apply(t.trader, t.buy, t.primary, t.dna);
          const p = naive.get(t.trader) ?? { tokens: 0n, dna: 0n };
          const tokens = t.buy ? p.tokens + t.primary : p.tokens > t.primary ? p.tokens - t.primary : 0n;
          naive.set(t.trader, { tokens, dna: t.buy ? p.dna + t.dna : p.dna - t.dna });
        }
        const positions = [...naive.values()];
        expect(book.size).toBe(naive.size);
        expect(book.holders).toBe(positions.filter((p) => p.tokens > 0n).length);
        expect(book.netBuyers).toBe(positions.filter((p) => p.dna > 0n).length);
        for (const [trader, p] of naive) expect(book.balanceOf(trader)).toBe(p.tokens);
        expect(book.balanceOf(1_000_000)).toBe(0n);
      }),
      { numRuns: 200 },
    );
  });
});
