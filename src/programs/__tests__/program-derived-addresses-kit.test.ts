import { randomBytes } from "node:crypto";
import { type Address, getAddressDecoder, getProgramDerivedAddress, isOffCurveAddress } from "@solana/kit";
import { findAssociatedTokenPda } from "@solana-program/token";
import { describe, expect, it } from "vitest";
import { TOKEN_PROGRAM_ADDRESS } from "../program-addresses.ts";
import { bytesAreOnCurve, deriveProgramAddress, findAssociatedTokenAddress } from "../program-derived-addresses.ts";

const decoder = getAddressDecoder();
const randomAddress = () => decoder.decode(randomBytes(32));

// The fast derivation must give kit's answers exactly: these compare both on random inputs.
describe("the synchronous derivation agrees with kit", () => {
  it("decides on-curve as kit does, for random bytes and the edge cases y = ±1 and y ≥ p", () => {
    const samples: Uint8Array[] = [];
    for (let i = 0; i < 2000; i++) samples.push(new Uint8Array(randomBytes(32)));
    const one = new Uint8Array(32);
    one[0] = 1;
    const oneSigned = one.slice();
    oneSigned[31] = 0x80;
    const minusOne = new Uint8Array(32).fill(0xff);
    minusOne[0] = 0xec;
    minusOne[31] = 0x7f;
    const aboveP = new Uint8Array(32).fill(0xff);
    aboveP[31] = 0x7f;
    samples.push(one, oneSigned, minusOne, aboveP, new Uint8Array(32));
    let onCurve = 0;
    for (const bytes of samples) {
      const expected = !isOffCurveAddress(decoder.decode(bytes));
      expect(bytesAreOnCurve(bytes)).toBe(expected);
      if (expected) onCurve++;
    }
    // About half of all 32-byte strings are points: both answers were exercised.
    expect(onCurve).toBeGreaterThan(800);
    expect(onCurve).toBeLessThan(1200);
  });

  it("derives kit's address and bump, and the token program's associated accounts", async () => {
    for (let i = 0; i < 200; i++) {
      const programAddress = randomAddress();
      const seeds = [new Uint8Array(randomBytes(i % 33)), new Uint8Array(randomBytes(32))];
      expect(deriveProgramAddress(programAddress, seeds)).toEqual(await getProgramDerivedAddress({ programAddress, seeds }));
      const owner = randomAddress();
      const mint = randomAddress();
      expect(findAssociatedTokenAddress(owner, mint)).toEqual(
        await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      );
    }
  });

  it("refuses a program address that is not base58", () => {
    expect(() => deriveProgramAddress("0OIl" as Address, [])).toThrow();
  });
});
