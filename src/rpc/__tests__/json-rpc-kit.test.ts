import {
  address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../simulator/simulator.ts";
import { startRpcSimulator } from "./rpc-simulator.ts";

let simulator: Simulator;

beforeAll(async () => {
  simulator = await startRpcSimulator("rpc-kit");
}, 120_000);

afterAll(async () => {
  await simulator?.close();
});

/** A transfer of `amount` lamports from a funded new key to another, signed with kit against the simulator's RPC. */
async function signedTransfer(amount: bigint) {
  const rpc = createSolanaRpc(simulator.rpc!.rpcUrl);
  const rpcSubscriptions = createSolanaRpcSubscriptions(simulator.rpc!.pubsubUrl);
  const payer = await generateKeyPairSigner();
  const recipient = await generateKeyPairSigner();
  simulator.devnet.airdrop(payer.address, 1_000_000_000n);
  const { value: latest } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: payer, destination: recipient.address, amount }), m),
  );
  return { rpc, rpcSubscriptions, recipient, transaction: await signTransactionMessageWithSigners(message) };
}

describe("Solana JSON-RPC with @solana/kit", () => {
  it("getSlot follows the devnet's clock and getBalance reads the chain (as bigint)", async () => {
    const rpc = createSolanaRpc(simulator.rpc!.rpcUrl);
    const before = simulator.devnet.now().slot;
    const slot = await rpc.getSlot().send();
    expect(slot).toBeGreaterThanOrEqual(before);
    expect(slot).toBeLessThanOrEqual(simulator.devnet.now().slot);
    const wallet = address("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin");
    simulator.devnet.airdrop(wallet, 123_456_789n);
    const balance = await rpc.getBalance(wallet).send();
    expect(balance.value).toBe(lamports(123_456_789n));
    expect(balance.context.slot).toBeGreaterThanOrEqual(slot);
  });

  it("createSolanaRpcSubscriptions + sendAndConfirmTransactionFactory land a transfer; slotNotifications yields rising slots", async () => {
    const { rpc, rpcSubscriptions, recipient, transaction } = await signedTransfer(250_000_000n);
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
    await sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], { commitment: "confirmed" });
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(lamports(250_000_000n));
    const statuses = await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send();
    expect(statuses.value[0]?.err).toBeNull();

    const abort = new AbortController();
    const slots: bigint[] = [];
    for await (const notification of await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal })) {
      slots.push(notification.slot);
      if (slots.length === 3) break;
    }
    abort.abort();
    expect(slots[1]! > slots[0]! && slots[2]! > slots[1]!).toBe(true);
  });

  it("a transfer leaving an account short of rent fails as the validator says it: kit reads the account index", async () => {
    // Below the 890,880 lamports an empty account needs to be rent-exempt.
    const { rpc, rpcSubscriptions, transaction } = await signedTransfer(777_777n);
    const simulated = await rpc.simulateTransaction(getBase64EncodedWireTransaction(transaction), { encoding: "base64" }).send();
    // kit reads every integer of an answer as a bigint.
    expect(simulated.value.err).toEqual({ InsufficientFundsForRent: { account_index: 1n } });
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
    const refusal = await sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], { commitment: "confirmed" }).then(
      () => null,
      (error: unknown) => error,
    );
    // The preflight refusal's cause is the transaction error, decoded by kit with its field.
    const cause = isSolanaError(refusal) ? refusal.cause : refusal;
    expect(isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT), String(cause)).toBe(true);
    expect((cause as { context: { accountIndex: number } }).context.accountIndex).toBe(1);
  });
});
