import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SyntheticChain, randomAddress } from "./synthetic-chain.ts";

const LIMITS = [1, 2, 3, 7, 50, 200];

describe("a tape's first page", () => {
  it("extended trade by trade always equals the page a fresh model gathers, as values and as bytes", () => {
    let extended = 0;
    fc.assert(
      fc.property(
        fc.array(fc.record({ trades: fc.nat(12), sell: fc.boolean(), limits: fc.subarray(LIMITS, { minLength: 1 }) }), {
          minLength: 1,
          maxLength: 25,
        }),
        (steps) => {
          const chain = new SyntheticChain();
          const launch = chain.createLaunch("TAPE");
          const trader = randomAddress();
          let length = 0;
          for (const step of steps) {
            for (let k = 0; k < step.trades; k++) {
              if (chain.trade(launch, trader, step.sell && k % 2 === 1 ? "sell" : "buy", 10n ** 11n + BigInt(k))) length += 1;
            }
            chain.advanceSeconds(1);
            const fresh = chain.freshModel();
            for (const limit of step.limits) {
              const page = chain.model.trades(launch.address, { limit })!;
              expect(page).toEqual(fresh.trades(launch.address, { limit }));
              expect(chain.model.tradesBytes(launch.address, { limit })!.toString()).toBe(
                fresh.tradesBytes(launch.address, { limit })!.toString(),
              );
              expect(page.trades).toHaveLength(Math.min(limit, length));
              if (step.trades > 0 && step.trades < limit && length > step.trades) extended += 1;
            }
          }
        },
      ),
      { numRuns: 40 },
    );
    expect(extended).toBeGreaterThan(50); // pages that kept part of the previous one
  });
});
