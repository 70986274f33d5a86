import { address } from "@solana/kit";
import fc from "fast-check";
import { type CurveState, U64_MAX, buyExactOut, defaultCurveParameters, initialCurveState } from "../../economics/index.ts";
import type { Venue } from "../basket-funding.ts";
import type { CurveMarket } from "../curve-quote.ts";

/** Three component mints. */
export const MINTS = [
  address("7jQtbM6FDssmzGfNwo8tjm8ueFKoRRh7E2GxEvb7MMyg"),
  address("4XZesb6KCtmtCk4NMSkxuMZdtR8nuT9z3ueABu28L7gC"),
  address("DJJr6zgrajc68KZbnt6NubbDVd87vHLzFsJZ3YQC3x6c"),
];

function venue(i: number, lamportsReserve: bigint, componentReserve: bigint): Venue {
  return {
    pool: MINTS[i]!,
    mint: MINTS[i]!,
    vaultSol: MINTS[i]!,
    vaultComponent: MINTS[i]!,
    lamportsReserve,
    componentReserve,
    feeBps: 25,
  };
}

/** A default curve, some way along, with three components priced by random venues. */
export const market: fc.Arbitrary<CurveMarket> = fc
  .record({
    quantities: fc.array(fc.bigInt(1n, 10n ** 12n), { minLength: 3, maxLength: 3 }),
    sold: fc.bigInt(0n, 700_000_000n * 10n ** 6n),
    reserves: fc.array(fc.record({ sol: fc.bigInt(10n ** 9n, 10n ** 14n), component: fc.bigInt(10n ** 6n, 10n ** 17n) }), {
      minLength: 3,
      maxLength: 3,
    }),
  })
  .map(({ quantities, sold, reserves }) => {
    let state: CurveState = initialCurveState(defaultCurveParameters, quantities);
    if (sold > 0n) {
      const bought = buyExactOut(state, sold, U64_MAX, null);
      if (bought.ok) state = bought.next;
    }
    return { state, mints: MINTS, venues: reserves.map((r, i) => venue(i, r.sol, r.component)) };
  });
