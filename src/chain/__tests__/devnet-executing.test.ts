import { generateKeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { afterEach, describe, expect, it } from "vitest";
import { Devnet } from "../devnet.ts";
import { signInstructions } from "../sign-instructions.ts";

let devnet: Devnet;
afterEach(() => devnet?.close());

describe("Devnet.onExecuting", () => {
  it("hears each transaction right before the VM runs it, while its accounts hold their earlier state", async () => {
    devnet = Devnet.start({ seed: "executing" });
    const payer = await generateKeyPairSigner();
    const recipient = (await generateKeyPairSigner()).address;
    devnet.airdrop(payer.address, 5_000_000_000n);
    const heard: { signature: string; keys: readonly string[]; recipientBalance: bigint }[] = [];
    const stop = devnet.onExecuting((_transaction, signature, message) =>
      heard.push({ signature, keys: message.staticAccounts, recipientBalance: devnet.getBalance(recipient) }),
    );
    const send = async (amount: bigint) =>
      devnet.send(
        await signInstructions({
          feePayer: payer,
          instructions: [getTransferSolInstruction({ source: payer, destination: recipient, amount })],
          lifetime: devnet.latestBlockhash(),
        }),
      );
    const sent = await send(1_000_000_000n);
    expect(sent.landed).toBe(true);
    expect(heard).toEqual([
      {
        signature: sent.landed ? sent.transaction.signature : "",
        keys: expect.arrayContaining([payer.address, recipient]),
        recipientBalance: 0n,
      },
    ]);
    expect(devnet.getBalance(recipient)).toBe(1_000_000_000n);
    stop();
    devnet.advanceSlots(1);
    await send(1_000_000_001n);
    expect(heard).toHaveLength(1);
  });
});
