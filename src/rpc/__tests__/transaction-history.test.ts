import { address, generateKeyPairSigner } from "@solana/kit";
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { afterEach, describe, expect, it } from "vitest";
import type { SupportedMessage } from "../../chain/check-transaction.ts";
import { Devnet } from "../../chain/devnet.ts";
import { signInstructions } from "../../chain/sign-instructions.ts";
import { RpcDispatcher } from "../rpc-dispatcher.ts";
import { TransactionHistory } from "../transaction-history.ts";

let devnet: Devnet;
afterEach(() => devnet?.close());

async function call(dispatcher: RpcDispatcher, method: string, ...params: unknown[]): Promise<any> {
  return JSON.parse((await dispatcher.handleText(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })))!);
}

async function transfer(
  payer: Awaited<ReturnType<typeof generateKeyPairSigner>>,
  amount: bigint,
  budget: "none" | "price" | "limitAndPrice",
) {
  const extras =
    budget === "none"
      ? []
      : budget === "price"
        ? [getSetComputeUnitPriceInstruction({ microLamports: 250_000n })]
        : [getSetComputeUnitLimitInstruction({ units: 30_000 }), getSetComputeUnitPriceInstruction({ microLamports: 1_000_001n })];
  const destination = (await generateKeyPairSigner()).address;
  const transaction = await signInstructions({
    feePayer: payer,
    instructions: [...extras, getTransferSolInstruction({ source: payer, destination, amount })],
    lifetime: devnet.latestBlockhash(),
  });
  const sent = devnet.send(transaction);
  if (!sent.landed) throw new Error(`the transfer did not land: ${JSON.stringify(sent.error)}`);
  return sent.transaction.signature;
}

describe("the RPC's transaction history", () => {
  it("reports the fee the VM charged, priority fee included, and each key's lamports before and after", async () => {
    devnet = Devnet.start({ seed: "history-fee" });
    const dispatcher = new RpcDispatcher({ devnet });
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, 10_000_000_000n);
    for (const budget of ["none", "price", "limitAndPrice"] as const) {
      const before = devnet.getBalance(payer.address);
      const signature = await transfer(payer, 1_000_000n, budget);
      const charged = before - devnet.getBalance(payer.address) - 1_000_000n;
      const { result } = await call(dispatcher, "getTransaction", signature, {
        commitment: "confirmed",
        maxSupportedTransactionVersion: 0,
      });
      expect(BigInt(result.meta.fee)).toBe(charged);
      expect(result.meta.preBalances[0]).toBe(Number(before));
      expect(result.meta.postBalances[0]).toBe(Number(before - charged - 1_000_000n));
      expect(result.meta.preBalances[1]).toBe(0);
      expect(result.meta.postBalances[1]).toBe(1_000_000);
      expect(result.transaction.message.header.numRequiredSignatures).toBe(1);
      expect(result.version).toBe(0);
      // A version 0 transaction asked for without maxSupportedTransactionVersion: the validator's -32015.
      expect((await call(dispatcher, "getTransaction", signature, { commitment: "confirmed" })).error.code).toBe(-32015);
      devnet.advanceSlots(1);
    }
  });

  it("keeps only the last transactions it is sized for, and nothing from before it followed the chain", async () => {
    devnet = Devnet.start({ seed: "history-bound" });
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, 10_000_000_000n);
    const early = await transfer(payer, 1_000_001n, "none");
    const history = TransactionHistory.of(devnet, 2);
    const dispatcher = new RpcDispatcher({ devnet });
    const later = [
      await transfer(payer, 1_000_002n, "none"),
      await transfer(payer, 1_000_003n, "none"),
      await transfer(payer, 1_000_004n, "none"),
    ];
    expect(history.size).toBe(2);
    expect((await call(dispatcher, "getTransaction", early)).result).toBeNull();
    expect((await call(dispatcher, "getTransaction", later[0])).result).toBeNull();
    const confirmed = { commitment: "confirmed", maxSupportedTransactionVersion: 0 };
    const landedAt = Number(devnet.now().slot);
    expect((await call(dispatcher, "getTransaction", later[2], confirmed)).result.slot).toBe(landedAt);
    // Naming no commitment is finalized, as on a validator: nothing until the slot is 32 deep.
    expect((await call(dispatcher, "getTransaction", later[2], { maxSupportedTransactionVersion: 0 })).result).toBeNull();
    expect((await call(dispatcher, "getSignaturesForAddress", payer.address)).result).toEqual([]);
    devnet.advanceSlots(32);
    expect((await call(dispatcher, "getTransaction", later[2], { maxSupportedTransactionVersion: 0 })).result.slot).toBe(landedAt);
    const listed = (await call(dispatcher, "getSignaturesForAddress", payer.address)).result;
    expect(listed.map((info: { signature: string }) => info.signature)).toEqual([later[2], later[1]]);
    expect((await call(dispatcher, "getSignaturesForAddress", payer.address, { until: later[1] })).result).toHaveLength(1);
    expect(
      (await call(dispatcher, "getSignaturesForAddress", address("11111111111111111111111111111111"), { limit: 5 })).result,
    ).toHaveLength(2);
  });

  it("tells each landing to onLanded listeners with the entry it holds and the message the chain decoded, until stopped", async () => {
    devnet = Devnet.start({ seed: "history-landed" });
    const history = TransactionHistory.of(devnet);
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, 10_000_000_000n);
    const told: { entry: ReturnType<TransactionHistory["get"]>; message: SupportedMessage }[] = [];
    const stop = history.onLanded((entry, message) => told.push({ entry, message }));
    const first = await transfer(payer, 1_000_000n, "none");
    expect(told).toHaveLength(1);
    // The very object getTransaction answers from, and the message it would decode again from its bytes.
    expect(told[0]!.entry).toBe(history.get(first));
    expect(told[0]!.message.staticAccounts[0]).toBe(payer.address);
    expect(told[0]!.entry!.message).toEqual(told[0]!.message);
    stop();
    await transfer(payer, 1_000_000n, "none");
    expect(told).toHaveLength(1);
  });

  it("reads a key's state before a transaction afresh after an airdrop or a restore changed it outside any transaction", async () => {
    devnet = Devnet.start({ seed: "history-known" });
    const dispatcher = new RpcDispatcher({ devnet });
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, 10_000_000_000n);
    const preBalanceOf = async (signature: string) =>
      (await call(dispatcher, "getTransaction", signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 })).result.meta
        .preBalances[0];
    await transfer(payer, 1_000_000n, "none");
    const snapshot = devnet.snapshot();
    devnet.airdrop(payer.address, 777n);
    const afterAirdrop = devnet.getBalance(payer.address);
    expect(await preBalanceOf(await transfer(payer, 1_000_000n, "none"))).toBe(Number(afterAirdrop));
    devnet.restore(snapshot);
    const afterRestore = devnet.getBalance(payer.address);
    expect(afterRestore).toBe(afterAirdrop - 777n);
    expect(await preBalanceOf(await transfer(payer, 1_000_000n, "none"))).toBe(Number(afterRestore));
  });
});
