import type { Address } from "@solana/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestMarketPath } from "../market-route.ts";

const key = (n: number) => `${"1".repeat(31)}${"ABCDEFGH"[n]}` as Address;
const reserve = fc.bigInt({ min: 1_000n, max: 10n ** 15n });
const fee = fc.integer({ min: 0, max: 500 });
const path = fc
  .record({ lamports: reserve, venueComponent: reserve, pairComponent: reserve, primary: reserve, venueFee: fee, pairFee: fee })
  .map((r) => ({
    venue: {
      pool: key(0),
      mint: key(1),
      vaultSol: key(2),
      vaultComponent: key(3),
      lamportsReserve: r.lamports,
      componentReserve: r.venueComponent,
      feeBps: r.venueFee,
    },
    pair: {
      pool: key(4),
      primaryMint: key(5),
      componentMint: key(1),
      vaultPrimary: key(6),
      vaultComponent: key(7),
      primaryReserve: r.primary,
      componentReserve: r.pairComponent,
      feeBps: r.pairFee,
    },
  }));

describe("the best market path", () => {
  /** A path, a direction, an amount in and a slippage: what every property here prices. */
  const trade = [
    path,
    fc.constantFrom("buy" as const, "sell" as const),
    fc.bigInt({ min: 1n, max: 10n ** 13n }),
    fc.integer({ min: 0, max: 10_000 }),
  ] as const;

  it("expects a trade to get the second hop of everything the first delivered, whatever the slippage", () => {
    fc.assert(
      fc.property(...trade, (route, way, amountIn, slippageBps) => {
        const exact = bestMarketPath(way, amountIn, [route], 0);
        const loose = bestMarketPath(way, amountIn, [route], slippageBps);
        // Slippage never turns a path away: 10000 accepts any output.
        expect(loose === null).toBe(exact === null);
        if (exact === null || loose === null) return;
        expect(loose.expectedOut).toBe(exact.expectedOut);
        expect(loose.intermediate).toBeLessThanOrEqual(exact.intermediate);
      }),
    );
  });

  it("floors the output once: minOut is expectedOut less slippageBps, rounded up to the unit at most", () => {
    fc.assert(
      fc.property(...trade, (route, way, amountIn, slippageBps) => {
        const priced = bestMarketPath(way, amountIn, [route], slippageBps);
        if (priced === null) return;
        const tolerated = (priced.expectedOut * BigInt(10_000 - slippageBps)) / 10_000n;
        expect(priced.minOut).toBeLessThanOrEqual(priced.expectedOut);
        expect(priced.minOut).toBeGreaterThanOrEqual(tolerated);
        expect(priced.minOut - tolerated).toBeLessThanOrEqual(1n);
      }),
    );
  });
});
