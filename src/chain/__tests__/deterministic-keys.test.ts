import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveAddress, deriveKeyPairSigner } from "../deterministic-keys.ts";

describe("deterministic keys", () => {
  it("computes, without a signer, the address the signer of the same seed and label has", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (seed, label) => {
        expect(deriveAddress(seed, label)).toBe((await deriveKeyPairSigner(seed, label)).address);
      }),
      { numRuns: 60 },
    );
  });

  it("gives different keys to different labels and seeds", () => {
    expect(deriveAddress("1", "faucet")).toBe(deriveAddress("1", "faucet"));
    expect(deriveAddress("1", "faucet")).not.toBe(deriveAddress("2", "faucet"));
    expect(deriveAddress("1", "faucet")).not.toBe(deriveAddress("1", "keeper"));
  });
});
