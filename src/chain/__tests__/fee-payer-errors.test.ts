import { generateKeyPairSigner } from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS, getTransferSolInstruction } from "@solana-program/system";
import { describe, expect, it } from "vitest";
import { describeChainError } from "../chain-error.ts";
import { Devnet } from "../devnet.ts";
import { signInstructions } from "../sign-instructions.ts";

describe("a fee payer that cannot pay", () => {
  it("is named in the failure, so a client knows which account to fund", async () => {
    const devnet = Devnet.start();
    const [payer, recipient] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const transaction = await signInstructions({
      feePayer: payer,
      instructions: [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1n })],
      lifetime: devnet.latestBlockhash(),
    });
    const result = devnet.send(transaction);
    expect(result.landed).toBe(false);
    if (result.landed) return;
    expect(result.error).toEqual({ kind: "transaction", name: "AccountNotFound", account: payer.address });
    expect(describeChainError(result.error)).toBe(
      `the transaction was refused: AccountNotFound (fee payer ${payer.address} does not exist: it holds no SOL to pay the fee)`,
    );
  });
});

describe("a custom program error", () => {
  it("names the program that raised it, from the runtime's log, so its code can be read in that program's catalogue", async () => {
    const devnet = Devnet.start();
    const [payer, recipient] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    devnet.airdrop(payer.address, 1_000_000_000n);
    const transaction = await signInstructions({
      feePayer: payer,
      instructions: [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 2_000_000_000n })],
      lifetime: devnet.latestBlockhash(),
    });
    const result = devnet.send(transaction);
    expect(result.landed && result.transaction.error).toEqual({
      kind: "instruction",
      instructionIndex: 0,
      name: "Custom",
      customCode: 1,
      programId: SYSTEM_PROGRAM_ADDRESS,
    });
  });
});
