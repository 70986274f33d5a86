import { type Address, getAddressDecoder, none, some } from "@solana/kit";
import { AccountState, getTokenDecoder, getTokenEncoder } from "@solana-program/token";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOKEN_ACCOUNT_BYTES, tokenAccountAmount } from "../token-account.ts";

const addressArbitrary = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => getAddressDecoder().decode(bytes) as Address);
const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });

describe("tokenAccountAmount", () => {
  it("reads the amount the SPL Token decoder reads, from any token account", () => {
    fc.assert(
      fc.property(
        addressArbitrary,
        addressArbitrary,
        u64,
        fc.option(addressArbitrary),
        u64,
        fc.option(u64),
        (mint, owner, amount, delegate, delegated, native) => {
          const data = getTokenEncoder().encode({
            mint,
            owner,
            amount,
            delegate: delegate === null ? none() : some(delegate),
            state: AccountState.Initialized,
            isNative: native === null ? none() : some(native),
            delegatedAmount: delegated,
            closeAuthority: none(),
          });
          expect(data.length).toBe(TOKEN_ACCOUNT_BYTES);
          expect(tokenAccountAmount(data)).toBe(getTokenDecoder().decode(data).amount);
          // In place: a view into a larger buffer reads the same.
          const padded = new Uint8Array(data.length + 7);
          padded.set(data, 7);
          expect(tokenAccountAmount(padded.subarray(7))).toBe(amount);
        },
      ),
    );
  });

  it("reads 0 from data of any other size (a mint, a closed account, a program's record)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 400 }).filter((data) => data.length !== TOKEN_ACCOUNT_BYTES),
        (data) => {
          expect(tokenAccountAmount(data)).toBe(0n);
        },
      ),
    );
  });
});
