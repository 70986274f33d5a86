import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { U64_MAX } from "../../economics/index.ts";
import { NATIVE_MINT_ADDRESS } from "../../programs/index.ts";
import { fundBasket, fundingLamports, isWrappedSol, lamportsOut, withBuffer } from "../basket-funding.ts";

const OTHER = "BasketPoo11111111111111111111111111111111111" as Parameters<typeof isWrappedSol>[0];

describe("wrapped SOL in a basket's funding", () => {
  it("is already SOL: its shortfall costs exactly that many lamports with no venue, and a sell unwinds it 1:1", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, held, slippageBps) => {
          const [sol] = fundBasket([NATIVE_MINT_ADDRESS], [amount], [held], [null], slippageBps);
          const required = withBuffer(amount, slippageBps);
          const shortfall = required > held ? required - held : 0n;
          expect(sol).toMatchObject({ required, held, shortfall, lamportsIn: shortfall });
          expect(fundingLamports([sol!])).toBe(shortfall);
          expect(lamportsOut(NATIVE_MINT_ADDRESS, null, amount)).toBe(amount);
        },
      ),
    );
  });

  it("any other component without a venue still cannot be funded (null), and pays nothing back", () => {
    const [other] = fundBasket([OTHER], [1_000n], null, [null], 100);
    expect(other!.lamportsIn).toBeNull();
    expect(fundingLamports([other!])).toBeNull();
    expect(lamportsOut(OTHER, null, 1_000n)).toBe(0n);
    expect(isWrappedSol(OTHER)).toBe(false);
    expect(isWrappedSol(NATIVE_MINT_ADDRESS)).toBe(true);
  });
});

describe("a shortfall past u64", () => {
  it("cannot be funded (null) on any venue instead of throwing, as a recipe worth more than a component's supply asks", () => {
    const venue = { lamportsReserve: 10n ** 12n, componentReserve: 10n ** 15n, feeBps: 30 } as Parameters<typeof fundBasket>[3][0];
    fc.assert(
      fc.property(fc.bigInt({ min: U64_MAX / 2n, max: U64_MAX * 4n }), fc.integer({ min: 0, max: 10_000 }), (amount, slippageBps) => {
        const funding = fundBasket([OTHER, NATIVE_MINT_ADDRESS], [amount, amount], null, [venue, null], slippageBps);
        for (const component of funding) {
          if (component.shortfall > U64_MAX) expect(component.lamportsIn).toBeNull();
        }
        if (funding.some((component) => component.lamportsIn === null)) expect(fundingLamports(funding)).toBeNull();
      }),
    );
  });
});
