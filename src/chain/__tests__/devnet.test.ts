import {
  type KeyPairSigner,
  type Transaction,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { beforeEach, describe, expect, it } from "vitest";
import { Devnet, type SubmitResult } from "../devnet.ts";

const SOL = 1_000_000_000n;

function accepted(result: SubmitResult) {
  if (!result.accepted) throw new Error(`submission refused: ${JSON.stringify(result.error)}`);
  return result;
}

async function transfer(
  devnet: Devnet,
  from: KeyPairSigner,
  to: KeyPairSigner,
  amount: bigint,
  blockhash = devnet.latestBlockhash(),
): Promise<Transaction> {
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: from, destination: to.address, amount })], m),
    ),
  );
}

describe("Devnet", () => {
  let devnet: Devnet;
  let alice: KeyPairSigner;
  let bob: KeyPairSigner;

  beforeEach(async () => {
    devnet = Devnet.start({ seed: "chain-tests" });
    alice = await generateKeyPairSigner();
    bob = await generateKeyPairSigner();
    devnet.airdrop(alice.address, 10n * SOL);
  });

  it("lands a submitted transaction at the next slot, then finalizes it 32 slots later", async () => {
    const tx = await transfer(devnet, alice, bob, SOL);
    const { signature } = accepted(devnet.submit(tx));
    expect(devnet.getTransactionStatus(signature).status).toBe("pending");
    expect(devnet.getBalance(bob.address)).toBe(0n);

    const landed = devnet.advanceSlots(1);
    expect(landed.map((t) => t.signature)).toEqual([signature]);
    expect(landed[0]?.slot).toBe(1n);
    expect(devnet.getBalance(bob.address)).toBe(SOL);
    expect(devnet.getTransactionStatus(signature)).toMatchObject({ status: "confirmed", slot: 1n });

    devnet.advanceSlots(31);
    expect(devnet.getTransactionStatus(signature).status).toBe("confirmed");
    devnet.advanceSlots(1);
    expect(devnet.getTransactionStatus(signature).status).toBe("finalized");
  });

  it("lands queued transactions in arrival order with increasing seq", async () => {
    const carol = await generateKeyPairSigner();
    const first = accepted(devnet.submit(await transfer(devnet, alice, bob, 1n * SOL))).signature;
    const second = accepted(devnet.submit(await transfer(devnet, alice, carol, 2n * SOL))).signature;
    const landed = devnet.advanceSlots(1);
    expect(landed.map((t) => [t.signature, t.seq])).toEqual([
      [first, 0],
      [second, 1],
    ]);
  });

  it("lands a transaction sent with landBefore ahead of the earliest of those still queued, in the same slot", async () => {
    const [carol, dave] = [await generateKeyPairSigner(), await generateKeyPairSigner()];
    const first = accepted(devnet.submit(await transfer(devnet, alice, bob, 1n * SOL))).signature;
    const second = accepted(devnet.submit(await transfer(devnet, alice, carol, 2n * SOL))).signature;
    // Ahead of both named: before the earlier of them in the queue.
    const third = accepted(devnet.submit(await transfer(devnet, alice, dave, 3n * SOL), { landBefore: [second, first] })).signature;
    const landed = devnet.advanceSlots(1);
    expect(landed.map((t) => [t.signature, t.seq])).toEqual([
      [third, 0],
      [first, 1],
      [second, 2],
    ]);
    // Named transactions no longer queued (landed): queued at the back, as any other.
    const fourth = accepted(devnet.submit(await transfer(devnet, alice, bob, 1n * SOL))).signature;
    const fifth = accepted(devnet.submit(await transfer(devnet, alice, carol, 1n * SOL), { landBefore: [first] })).signature;
    expect(devnet.advanceSlots(1).map((t) => t.signature)).toEqual([fourth, fifth]);
  });

  it("executes a duplicate submission once", async () => {
    const tx = await transfer(devnet, alice, bob, SOL);
    expect(accepted(devnet.submit(tx)).duplicate).toBe(false);
    expect(accepted(devnet.submit(tx)).duplicate).toBe(true);
    devnet.advanceSlots(1);
    expect(accepted(devnet.submit(tx)).duplicate).toBe(true);
    devnet.advanceSlots(1);
    expect(devnet.getBalance(bob.address)).toBe(SOL);
    expect(devnet.landedCount).toBe(devnet.landedTransactions().length);
  });

  it("refuses a blockhash older than 150 slots and changes nothing", async () => {
    const old = devnet.latestBlockhash();
    devnet.advanceSlots(151);
    const result = devnet.send(await transfer(devnet, alice, bob, SOL, old));
    expect(result).toMatchObject({ landed: false, error: { kind: "blockhashNotFound" } });
    expect(devnet.getBalance(bob.address)).toBe(0n);
  });

  it("accepts a blockhash 150 slots old: lastValidBlockHeight is inclusive", async () => {
    const old = devnet.latestBlockhash();
    devnet.advanceSlots(150);
    expect(devnet.now().blockHeight).toBe(old.lastValidBlockHeight);
    expect(devnet.send(await transfer(devnet, alice, bob, SOL, old)).landed).toBe(true);
  });

  it("reports expired when a queued transaction outlives its blockhash", async () => {
    devnet.withLandingDelay(200);
    const { signature } = accepted(devnet.submit(await transfer(devnet, alice, bob, SOL)));
    devnet.advanceSlots(201);
    expect(devnet.getTransactionStatus(signature).status).toBe("expired");
    expect(devnet.getBalance(bob.address)).toBe(0n);
  });

  it("reports a delayed transaction expired as soon as the chain outlives its blockhash, before its turn to land", async () => {
    const blockhash = devnet.latestBlockhash();
    devnet.injectFault({ kind: "delay", slots: 400 });
    const { signature } = accepted(devnet.submit(await transfer(devnet, alice, bob, SOL, blockhash)));
    devnet.advanceSlots(150);
    expect(devnet.now().blockHeight).toBe(blockhash.lastValidBlockHeight);
    expect(devnet.getTransactionStatus(signature).status).toBe("pending");
    devnet.advanceSlots(1);
    // Still queued for 250 slots, but it can no longer land: with or without the height.
    expect(devnet.getTransactionStatus(signature).status).toBe("expired");
    expect(devnet.getTransactionStatus(signature, blockhash.lastValidBlockHeight).status).toBe("expired");
    devnet.advanceSlots(250);
    expect(devnet.getTransactionStatus(signature).status).toBe("expired");
    expect(devnet.getBalance(bob.address)).toBe(0n);
  });

  it("lands as failed a transaction whose fee was charged by an error after execution (InsufficientFundsForRent), and refuses one that was not", async () => {
    // One lamport leaves a new account below rent exemption: the runtime fails it after the transfer ran, and takes the fee.
    const poor = devnet.send(await transfer(devnet, alice, bob, 1n));
    expect(poor.landed).toBe(true);
    const landed = poor.landed ? poor.transaction : null;
    expect(landed).toMatchObject({ ok: false, error: { kind: "transaction", name: "InsufficientFundsForRent" } });
    expect(devnet.getBalance(alice.address)).toBe(10n * SOL - 5_000n);
    expect(devnet.getBalance(bob.address)).toBe(0n);
    expect(devnet.getTransactionStatus(landed!.signature)).toMatchObject({ status: "failed", slot: landed!.slot });
    expect(devnet.landedTransactions().map((t) => t.signature)).toContain(landed!.signature);
    // A payer who cannot pay the fee is refused before anything runs: nothing charged, nothing landed.
    const broke = await generateKeyPairSigner();
    const refused = devnet.send(await transfer(devnet, broke, bob, SOL));
    expect(refused.landed).toBe(false);
    expect(devnet.getBalance(broke.address)).toBe(0n);
  });

  /** Alice's transfer of SOL to Bob carrying the signature bytes of Mallory's own transfer. */
  async function forgedTransfer(): Promise<Transaction> {
    const mallory = await generateKeyPairSigner();
    const honest = await transfer(devnet, alice, bob, SOL);
    const forged = await transfer(devnet, mallory, bob, SOL);
    return { ...honest, signatures: { [alice.address]: Object.values(forged.signatures)[0]! } as Transaction["signatures"] };
  }

  /** Submits `tx` and lands it: the VM refuses its signature, and Bob receives nothing. */
  function expectRefusedAtLanding(tx: Transaction): void {
    const { signature } = accepted(devnet.submit(tx));
    devnet.advanceSlots(1);
    expect(devnet.getTransactionStatus(signature)).toMatchObject({ status: "failed", error: { name: "SignatureFailure" } });
    expect(devnet.getBalance(bob.address)).toBe(0n);
  }

  it("refuses a transaction whose signature was made by another key", async () => {
    const tampered = await forgedTransfer();
    const result = devnet.send(tampered);
    expect(result).toMatchObject({ landed: false, error: { kind: "transaction", name: "SignatureFailure" } });
    expect(devnet.getBalance(bob.address)).toBe(0n);
    expect(devnet.getBalance(alice.address)).toBe(10n * SOL);
  });

  it("verifies a forged signature when it lands, even after a simulation that did not check signatures passed it", async () => {
    const tampered = await forgedTransfer();
    // Only a simulation that verified the signatures lets the landing skip verifying them again.
    expect(devnet.simulate(tampered, { sigVerify: false }).error).toBeNull();
    expectRefusedAtLanding(tampered);
  });

  it("verifies at landing a transaction whose bytes changed after its simulation verified them", async () => {
    const signed = await transfer(devnet, alice, bob, SOL);
    // Kit's transaction object: frozen, but its byte arrays are not.
    const bytes = new Uint8Array(signed.messageBytes);
    const tx = { messageBytes: bytes, signatures: { ...signed.signatures } } as unknown as Transaction;
    expect(devnet.simulate(tx).error).toBeNull();
    // 5 SOL where Alice signed for 1: the transfer's lamports end the message but for its (empty) address-table list.
    new DataView(bytes.buffer, bytes.byteOffset).setBigUint64(bytes.length - 9, 5n * SOL, true);
    expectRefusedAtLanding(tx);
  });

  it("lands a transaction its simulation verified, once, as any other", async () => {
    const tx = await transfer(devnet, alice, bob, SOL);
    expect(devnet.simulate(tx).error).toBeNull();
    const { signature } = accepted(devnet.submit(tx));
    expect(devnet.advanceSlots(1).map((landed) => [landed.signature, landed.ok])).toEqual([[signature, true]]);
    expect(devnet.getBalance(bob.address)).toBe(SOL);
    // The VM's duplicate check went with its signature check: the chain's own record refuses a second run.
    expect(devnet.send(tx)).toMatchObject({ landed: false, error: { kind: "transaction", name: "AlreadyProcessed" } });
    expect(devnet.getBalance(bob.address)).toBe(SOL);
  });

  it("drops a submission on a drop fault: pending, then expired past its last valid height, asked or not", async () => {
    const blockhash = devnet.latestBlockhash();
    devnet.injectFault({ kind: "drop" });
    const lost = await transfer(devnet, alice, bob, SOL, blockhash);
    const { signature } = accepted(devnet.submit(lost));
    devnet.advanceSlots(5);
    expect(devnet.getTransactionStatus(signature, blockhash.lastValidBlockHeight).status).toBe("pending");
    expect(devnet.getTransactionStatus(signature).status).toBe("pending");
    devnet.advanceSlots(150);
    expect(devnet.getTransactionStatus(signature, blockhash.lastValidBlockHeight).status).toBe("expired");
    expect(devnet.getTransactionStatus(signature).status).toBe("expired");
    expect(devnet.getBalance(bob.address)).toBe(0n);
  });

  it("lands a dropped transaction sent again while its blockhash lives (a rebroadcast), once", async () => {
    devnet.injectFault({ kind: "drop" });
    const lost = await transfer(devnet, alice, bob, SOL);
    const { signature } = accepted(devnet.submit(lost));
    devnet.advanceSlots(2);
    expect(devnet.submit(lost)).toEqual({ accepted: true, signature, duplicate: false });
    expect(devnet.submit(lost)).toEqual({ accepted: true, signature, duplicate: true });
    devnet.advanceSlots(1);
    expect(devnet.getTransactionStatus(signature).status).toBe("confirmed");
    expect(devnet.getBalance(bob.address)).toBe(SOL);
  });

  it("delays a submission on a delay fault", async () => {
    devnet.injectFault({ kind: "delay", slots: 3 });
    const { signature } = accepted(devnet.submit(await transfer(devnet, alice, bob, SOL)));
    devnet.advanceSlots(3);
    expect(devnet.getTransactionStatus(signature).status).toBe("pending");
    devnet.advanceSlots(1);
    expect(devnet.getTransactionStatus(signature)).toMatchObject({ status: "confirmed", slot: 4n });
  });

  it("applies armed faults in order, one per submission, then none", async () => {
    const busy = { kind: "transaction", name: "WouldExceedMaxBlockCostLimit" } as const;
    devnet.injectFault({ kind: "drop" }, 2).injectFault({ kind: "delay", slots: 2 }).injectFault({ kind: "refuse", error: busy });
    expect(devnet.armedFaults).toHaveLength(4);
    const signatures = [];
    for (let i = 0n; i < 3n; i++) signatures.push(accepted(devnet.submit(await transfer(devnet, alice, bob, SOL + i))).signature);
    expect(devnet.submit(await transfer(devnet, alice, bob, SOL + 3n))).toEqual({ accepted: false, error: busy });
    expect(devnet.armedFaults).toHaveLength(0);
    signatures.push(accepted(devnet.submit(await transfer(devnet, alice, bob, SOL + 4n))).signature);
    devnet.advanceSlots(1);
    // The two dropped wait as the delayed one does, but only the delayed one lands.
    expect(signatures.map((signature) => devnet.getTransactionStatus(signature).status)).toEqual([
      "pending",
      "pending",
      "pending",
      "confirmed",
    ]);
    devnet.advanceSlots(2);
    expect(devnet.getTransactionStatus(signatures[2]!)).toMatchObject({ status: "confirmed", slot: 3n });
    expect(signatures.slice(0, 2).map((signature) => devnet.getTransactionStatus(signature).status)).toEqual(["pending", "pending"]);
    expect(() => devnet.injectFault({ kind: "drop" }, 0)).toThrow(RangeError);
    devnet.injectFault({ kind: "drop" }).clearFaults();
    expect(devnet.armedFaults).toEqual([]);
  });

  it("lands at once in per-transaction mode", async () => {
    devnet.withClockMode("per-transaction");
    const { signature } = accepted(devnet.submit(await transfer(devnet, alice, bob, SOL)));
    expect(devnet.getTransactionStatus(signature).status).toBe("confirmed");
    expect(devnet.now().slot).toBe(1n);
  });

  it("moves unix time 400 ms a slot and shows it to programs through the Clock sysvar", () => {
    const start = devnet.now();
    devnet.advanceSlots(5);
    expect(devnet.now().unixMillis - start.unixMillis).toBe(2000n);
    devnet.advanceSeconds(10);
    expect(devnet.now().slot).toBe(30n);
    expect(devnet.now().unixTimestamp).toBe(start.unixTimestamp + 12n);
  });

  it("restores a snapshot: balances, time, statuses and the count of landed transactions go back", async () => {
    devnet.send(await transfer(devnet, alice, bob, 1n)); // lands, failed (rent): counted too
    const snapshot = devnet.snapshot();
    const counted = devnet.landedCount;
    expect(counted).toBe(devnet.landedTransactions().length);
    const { signature } = accepted(devnet.submit(await transfer(devnet, alice, bob, SOL)));
    devnet.advanceSlots(3);
    expect(devnet.getBalance(bob.address)).toBe(SOL);
    expect(devnet.landedCount).toBe(counted + 1);
    devnet.restore(snapshot);
    expect(devnet.landedCount).toBe(counted);
    expect(devnet.getBalance(bob.address)).toBe(0n);
    expect(devnet.now().slot).toBe(0n);
    expect(devnet.getTransactionStatus(signature).status).toBe("unknown");
    // The restored chain still runs our blockhash check and signature verification.
    const again = devnet.send(await transfer(devnet, alice, bob, SOL));
    expect(again.landed).toBe(true);
  });

  it("refuses an unsigned transaction at send and at submit, without a crash", async () => {
    const signed = await transfer(devnet, alice, bob, SOL);
    const unsigned: Transaction = { ...signed, signatures: { [alice.address]: null } as Transaction["signatures"] };
    expect(devnet.send(unsigned)).toMatchObject({ landed: false, signature: null, error: { name: "MissingSignatureForFee" } });
    expect(devnet.submit(unsigned)).toMatchObject({ accepted: false, error: { name: "MissingSignatureForFee" } });
    devnet.advanceSlots(1);
    expect(devnet.getBalance(bob.address)).toBe(0n);
  });

  it("calls slot listeners after each landing slot's transactions landed, and once for the empty slots after", async () => {
    const seen: [bigint, bigint, bigint, bigint][] = [];
    const { signature } = accepted(devnet.submit(await transfer(devnet, alice, bob, SOL)));
    const stop = devnet.onSlot((now, span) => seen.push([now.slot, span.from, span.to, devnet.getBalance(bob.address)]));
    devnet.advanceSlots(3);
    stop();
    devnet.advanceSlots(2);
    expect(seen).toEqual([
      [1n, 1n, 1n, SOL],
      [3n, 2n, 3n, SOL],
    ]);
    expect(devnet.getTransactionStatus(signature).slot).toBe(1n);
    expect(devnet.now().slot).toBe(5n);
  });

  it("derives the same blockhashes from the same seed, different ones from another", () => {
    const a = Devnet.start({ seed: "same" });
    const b = Devnet.start({ seed: "same" });
    const c = Devnet.start({ seed: "other" });
    a.advanceSlots(7);
    b.advanceSlots(7);
    c.advanceSlots(7);
    expect(a.latestBlockhash()).toEqual(b.latestBlockhash());
    expect(c.latestBlockhash().blockhash).not.toBe(a.latestBlockhash().blockhash);
  });
});
