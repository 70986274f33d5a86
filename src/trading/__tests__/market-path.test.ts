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
  it("expects a sell to get the second hop of everything the first delivered, whatever the slippage; the floor only bounds it", () => {
    fc.assert(
      fc.property(path, fc.bigInt({ min: 1n, max: 10n ** 13n }), fc.integer({ min: 1, max: 9_999 }), (route, amountIn, slippageBps) => {
        const exact = bestMarketPath("sell", amountIn, [route], 0);
        const loose = bestMarketPath("sell", amountIn, [route], slippageBps);
        if (exact === null || loose === null) return;
        expect(loose.expectedOut).toBe(exact.expectedOut);
        expect(loose.minOut).toBeLessThanOrEqual(loose.expectedOut);
        expect(loose.minOut).toBeLessThanOrEqual(exact.minOut);
      }),
    );
  });

  it("expects a buy to get what spending the first hop's floor buys, never more than at no slippage, and floors it", () => {
    fc.assert(
      fc.property(path, fc.bigInt({ min: 1n, max: 10n ** 13n }), fc.integer({ min: 0, max: 9_999 }), (route, amountIn, slippageBps) => {
        const exact = bestMarketPath("buy", amountIn, [route], 0);
        const loose = bestMarketPath("buy", amountIn, [route], slippageBps);
        if (exact === null || loose === null) return;
        expect(loose.expectedOut).toBeLessThanOrEqual(exact.expectedOut);
        expect(loose.minOut).toBeLessThanOrEqual(loose.expectedOut);
        expect(loose.intermediate).toBeLessThanOrEqual(exact.intermediate);
      }),
    );
  });
});
