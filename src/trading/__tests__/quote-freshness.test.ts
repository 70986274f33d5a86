import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Result } from "../../errors/index.ts";
import type { Quote } from "../records/quote.ts";
import { TradeDesk } from "../trade-desk.ts";
import { SOL, clientWallet, request, startDesk } from "./desk-fixture.ts";

/** A quote without what differs between any two quotes (its id and expiry). */
function comparable(result: Result<Quote>) {
  if (!result.ok) return result;
  const { quoteId: _id, expiresAt: _expiry, ...rest } = result.value as Quote & { quoteId: string; expiresAt: unknown };
  return { ok: true, value: rest };
}

describe("quotes after the chain changes", () => {
  it("a desk that has quoted before (its caches warm) answers as a fresh desk, sees a wallet's new balances, and keeps an exactInSol quote within its budget", async () => {
    const { devnet, world, launched, desk } = await startDesk("freshness");
    const wallet = clientWallet(world);
    const mints = launched.componentMints;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 0n, max: 5_000_000n }), { minLength: mints.length, maxLength: mints.length }),
        fc.bigInt({ min: 1n, max: 3n * SOL }),
        fc.constantFrom("exactOut", "exactIn", "exactInSol") as fc.Arbitrary<"exactOut" | "exactIn" | "exactInSol">,
        async (grants, lamports, mode) => {
          const ask = request(launched, { wallet: wallet.address, mode, amountIn: mode === "exactInSol" ? SOL / 10n : 1_000n * 10n ** 6n });
          const before = await desk.quote(ask);
          // The wallet's holdings change between two quotes of the same request. A slot passes
          // first: two runs drawing the same grants would otherwise send the same transaction
          // under the same blockhash, which the chain refuses as already processed.
          devnet.advanceSlots(1);
          await world.fund(wallet.address, { lamports, components: mints.map((mint, i) => ({ mint, amount: grants[i]! })) });
          const after = await desk.quote(ask);
          const fresh = new TradeDesk(desk.options);
          expect(comparable(after)).toEqual(comparable(await fresh.quote(ask)));
          // Nothing stale: each component's held balance grew by exactly what was granted.
          const held = (result: Result<Quote>) =>
            result.ok ? (result.value as { componentFunding: { held: string }[] }).componentFunding.map((c) => BigInt(c.held)) : null;
          expect(held(after)).toEqual(held(before)?.map((amount, i) => amount + grants[i]!));
          expect(devnet.getBalance(wallet.address)).toBeGreaterThan(0n);
          // An exactInSol budget holds all the wallet pays whatever it holds: the swaps spend
          // less than the budget when holdings cover part, and the fees come off what they spend.
          if (mode === "exactInSol" && after.ok)
            expect(BigInt((after.value as { allInLamports: string }).allInLamports)).toBeLessThanOrEqual(SOL / 10n);
        },
      ),
      // The first: uneven holdings the old budget loop refused with BUDGET_TOO_SMALL.
      { numRuns: 12, examples: [[[3_823_214n, 335_836n, 6n], 7n, "exactInSol"]] },
    );
  });
});
