import { type KeyPairSigner, type Transaction, generateKeyPairSigner, getSignatureFromTransaction } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { beforeEach, describe, expect, it } from "vitest";
import { Devnet, type DevnetWrite } from "../devnet.ts";
import { signInstructions } from "../sign-instructions.ts";

const SOL = 1_000_000_000n;

async function transfer(devnet: Devnet, from: KeyPairSigner, to: KeyPairSigner, amount: bigint): Promise<Transaction> {
  return signInstructions({
    feePayer: from,
    lifetime: devnet.latestBlockhash(),
    instructions: [getTransferSolInstruction({ source: from, destination: to.address, amount })],
  });
}

/** Applies a recorded write to `devnet` as a write-ahead log replay does. */
function replay(devnet: Devnet, write: DevnetWrite): void {
  switch (write.kind) {
    case "transaction":
      devnet.executeAt(write.transaction, write.landed);
      return;
    case "airdrop":
      devnet.warpToSlot(write.slot);
      devnet.airdrop(write.address, write.lamports);
      return;
    case "account":
      devnet.warpToSlot(write.slot);
      devnet.setAccount(write.account);
      return;
    case "restore":
      throw new Error("this script restores nothing");
  }
}

describe("Devnet replay", () => {
  let devnet: Devnet;
  let alice: KeyPairSigner;
  let bob: KeyPairSigner;
  let writes: DevnetWrite[];

  beforeEach(async () => {
    devnet = Devnet.start({ seed: "replay-tests" });
    writes = [];
    devnet.onWrite((write) => writes.push(write));
    alice = await generateKeyPairSigner();
    bob = await generateKeyPairSigner();
    devnet.airdrop(alice.address, 10n * SOL);
  });

  /** Some history: submissions landing together, a failure, an airdrop, idle slots. */
  async function script(): Promise<void> {
    devnet.submit(await transfer(devnet, alice, bob, SOL));
    devnet.submit(await transfer(devnet, alice, bob, 2n * SOL));
    devnet.advanceSlots(3);
    devnet.airdrop(bob.address, 5n * SOL);
    // Bob cannot pay 100 SOL: it lands, fails, and still costs him the fee.
    devnet.submit(await transfer(devnet, bob, alice, 100n * SOL));
    devnet.advanceSlots(7);
    devnet.send(await transfer(devnet, bob, alice, SOL));
  }

  it("announces every state change before landed listeners hear of it", async () => {
    const order: string[] = [];
    devnet.onWrite((write) => order.push(`write:${write.kind}`));
    devnet.onLanded(() => order.push("landed"));
    devnet.send(await transfer(devnet, alice, bob, SOL));
    expect(order).toEqual(["write:transaction", "landed"]);
    expect(writes.map((write) => write.kind)).toEqual(["airdrop", "transaction"]);
  });

  it("rebuilds the same chain from its writes: balances, slots, seqs and statuses", async () => {
    await script();
    const rebuilt = Devnet.start({ seed: "replay-tests" });
    const relanded: string[] = [];
    rebuilt.onLanded((landed) => relanded.push(`${landed.signature}@${landed.slot}:${landed.seq}:${landed.ok}`));
    for (const write of writes) replay(rebuilt, write);

    const original = writes.flatMap((write) =>
      write.kind === "transaction" ? [`${write.landed.signature}@${write.landed.slot}:${write.landed.seq}:${write.landed.ok}`] : [],
    );
    expect(relanded).toEqual(original);
    expect(original.filter((entry) => entry.endsWith(":false"))).toHaveLength(1);
    expect(rebuilt.getBalance(alice.address)).toBe(devnet.getBalance(alice.address));
    expect(rebuilt.getBalance(bob.address)).toBe(devnet.getBalance(bob.address));
    rebuilt.warpToSlot(devnet.now().slot);
    expect(rebuilt.latestBlockhash()).toEqual(devnet.latestBlockhash());
    for (const write of writes) {
      if (write.kind !== "transaction") continue;
      expect(rebuilt.getTransactionStatus(write.landed.signature)).toEqual(devnet.getTransactionStatus(write.landed.signature));
    }
  });

  it("resumes from a snapshot: replays the writes after it and recalls the ones before", async () => {
    devnet.submit(await transfer(devnet, alice, bob, SOL));
    devnet.advanceSlots(2);
    const snapshot = devnet.snapshot();
    const covered = writes.length;
    await script();

    const resumed = Devnet.start({ seed: "replay-tests" });
    resumed.restore({ ...snapshot, records: new Map(), queue: [] });
    for (const write of writes.slice(0, covered)) if (write.kind === "transaction") resumed.recall(write.landed);
    for (const write of writes.slice(covered)) replay(resumed, write);

    expect(resumed.getBalance(bob.address)).toBe(devnet.getBalance(bob.address));
    const first = writes.find((write) => write.kind === "transaction");
    if (first?.kind !== "transaction") throw new Error("the script landed nothing");
    expect(resumed.getTransactionStatus(first.landed.signature)).toMatchObject({ status: "confirmed", slot: first.landed.slot });
  });

  it("replays a landing of a transaction queued again (accepted before a clean stop) once, and time moves on after it", async () => {
    const tx = await transfer(devnet, alice, bob, SOL);
    const slot = devnet.now().slot;
    devnet.submit(tx); // the journal's "queued" line, due next slot
    devnet.executeAt(tx, { slot: slot + 1n, seq: 0 }); // the journal's line of its landing
    devnet.warpToSlot(slot + 20n); // later lines
    expect(() => devnet.advanceSlots(3)).not.toThrow();
    expect(devnet.getTransactionStatus(getSignatureFromTransaction(tx))).toMatchObject({ status: "confirmed", slot: slot + 1n });
    expect(devnet.getBalance(bob.address)).toBe(SOL);
  });

  it("lands a queued transaction a replay warped past at once, instead of moving the clock backwards", async () => {
    const tx = await transfer(devnet, alice, bob, SOL);
    const slot = devnet.now().slot;
    devnet.submit(tx); // queued again at a restart, and the crash came before its landing was journaled
    devnet.warpToSlot(slot + 20n);
    expect(() => devnet.advanceSlots(1)).not.toThrow();
    expect(devnet.getTransactionStatus(getSignatureFromTransaction(tx))).toMatchObject({ status: "confirmed", slot: slot + 20n });
  });

  it("refuses to warp or replay backwards in time", async () => {
    devnet.advanceSlots(5);
    expect(() => devnet.warpToSlot(2n)).toThrow(RangeError);
    const tx = await transfer(devnet, alice, bob, SOL);
    expect(() => devnet.executeAt(tx, { slot: 1n, seq: 0 })).toThrow(RangeError);
  });

  it("paces realtime slots by realtimeSlotMillis while a slot keeps its virtual length", async () => {
    const fast = Devnet.start({ seed: "replay-tests", clockMode: "realtime", realtimeSlotMillis: 5 });
    const start = fast.now();
    await new Promise((resolve) => setTimeout(resolve, 120));
    fast.close();
    const slots = fast.now().slot - start.slot;
    expect(slots).toBeGreaterThan(5n);
    expect(fast.now().unixMillis - start.unixMillis).toBe(slots * 400n);
  });
});
