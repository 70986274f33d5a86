import { type Address, generateKeyPairSigner, getTransactionEncoder, signTransaction } from "@solana/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveKeyPairSigner } from "../deterministic-keys.ts";
import { signInstructions } from "../sign-instructions.ts";
import { compileUnsignedTransaction } from "../unsigned-transaction.ts";

const MEMO = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr" as Address;
const lifetime = { blockhash: "4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn", lastValidBlockHeight: 150n } as never;
const encode = (transaction: Parameters<ReturnType<typeof getTransactionEncoder>["encode"]>[0]) =>
  Buffer.from(getTransactionEncoder().encode(transaction)).toString("hex");

describe("signInstructions", () => {
  it("signs exactly as kit's signTransaction does, whatever the signers and their order, extractable keys or not", async () => {
    // The world's keys (extractable) and a key WebCrypto will not export (as kit generates them).
    const keys = [
      ...(await Promise.all(["a", "b", "c"].map((label) => deriveKeyPairSigner("sign-test", label)))),
      await generateKeyPairSigner(),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(3),
        fc.subarray([0, 1, 2, 3]),
        fc.string({ maxLength: 40 }),
        fc.boolean(),
        async (payer, others, memo, repeatPayer) => {
          const feePayer = keys[payer]!;
          const signers = others.map((index) => keys[index]!);
          if (repeatPayer) signers.push(feePayer);
          const instructions = [
            {
              programAddress: MEMO,
              accounts: signers.map((signer) => ({ address: signer.address, role: 2 as const })),
              data: new TextEncoder().encode(memo),
            },
          ];
          const ours = await signInstructions({ feePayer, signers, instructions, lifetime });
          const unsigned = compileUnsignedTransaction({ feePayer: feePayer.address, instructions, lifetime });
          const kits = await signTransaction(
            [feePayer, ...signers].map((signer) => signer.keyPair),
            unsigned,
          );
          expect(encode(ours)).toBe(encode(kits));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("refuses a key the transaction does not ask for, and a missing one", async () => {
    const [payer, stranger] = await Promise.all(["payer", "stranger"].map((label) => deriveKeyPairSigner("sign-test", label)));
    const memo = (signer: Address) => [{ programAddress: MEMO, accounts: [{ address: signer, role: 2 as const }], data: new Uint8Array() }];
    await expect(
      signInstructions({ feePayer: payer!, signers: [stranger!], instructions: memo(payer!.address), lifetime }),
    ).rejects.toThrow(/is not a signer/);
    await expect(signInstructions({ feePayer: payer!, instructions: memo(stranger!.address), lifetime })).rejects.toThrow(/no key given/);
  });
});
