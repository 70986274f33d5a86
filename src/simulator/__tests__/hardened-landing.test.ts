import { generateKeyPairSigner, getBase64EncodedWireTransaction } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInstructions } from "../../chain/sign-instructions.ts";
import { DEFAULT_GENESIS_UNIX_TIMESTAMP } from "../../chain/virtual-clock.ts";
import { type Simulator, startSimulator } from "../simulator.ts";

/** The payload of issue 8 that stopped the server from the landing loop. */
const CRASH_PAYLOAD =
  "AT+nkRBMkAlBf3oXX5ga7TvW2Xu7kvxhjn1KDXi2YEFHH4GSA1BBeSNfsbcWDrNwjSuP5NsZRLEMSqZBUrkYsgYBAAABcVA+x9ooGQ15ELvZ4thp77phOWBgiF7lmBsCugWST18=";

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({
    seed: "hardened",
    port: 0,
    clockMode: "manual",
    launchCount: 3,
    historyHours: 0.2,
    genesisTime: DEFAULT_GENESIS_UNIX_TIMESTAMP,
  });
});
afterAll(async () => {
  await simulator?.close();
});

const post = (url: string, payload: object) =>
  simulator.app.inject({ method: "POST", url, payload }).then((reply) => ({ status: reply.statusCode, body: reply.json() }));

/** A signed transfer from a freshly funded wallet, as a client would submit it. */
async function transfer() {
  const from = await generateKeyPairSigner();
  const to = (await generateKeyPairSigner()).address;
  simulator.devnet.airdrop(from.address, 10n ** 9n);
  const transaction = await signInstructions({
    feePayer: from,
    instructions: [getTransferSolInstruction({ source: from, destination: to, amount: 10n ** 6n })],
    lifetime: simulator.devnet.latestBlockhash(),
  });
  return { to, base64: getBase64EncodedWireTransaction(transaction) };
}

describe("the landing loop in manual mode, through HTTP", () => {
  it("refuses the crash payload at submit; /devnet/advance answers 200 and the queue behind it lands", async () => {
    const before = await transfer();
    expect((await post("/v1/transactions/submit", { transaction: before.base64 })).status).toBe(200);
    const crash = await post("/v1/transactions/submit", { transaction: CRASH_PAYLOAD });
    expect(crash.status).toBe(400);
    expect(crash.body.code).toBe("INVALID_TRANSACTION");
    const after = await transfer();
    expect((await post("/v1/transactions/submit", { transaction: after.base64 })).status).toBe(200);
    const advanced = await post("/devnet/advance", { slots: 1 });
    expect(advanced.status).toBe(200);
    expect(simulator.devnet.getBalance(before.to)).toBe(10n ** 6n);
    expect(simulator.devnet.getBalance(after.to)).toBe(10n ** 6n);
  });

  it("advances a million slots at once, bots and listeners included, in a bounded number of steps", async () => {
    let calls = 0;
    const stop = simulator.devnet.onSlot(() => (calls += 1));
    try {
      const queued = await transfer();
      expect((await post("/v1/transactions/submit", { transaction: queued.base64 })).status).toBe(200);
      const submittedBefore = simulator.bots!.submitted;
      const from = simulator.devnet.now().slot;
      const advanced = await post("/devnet/advance", { slots: 1_000_000 });
      expect(advanced.status).toBe(200);
      expect(advanced.body.slot).toBe(Number(from) + 1_000_000);
      expect(advanced.body.landed).toBeGreaterThanOrEqual(1);
      expect(simulator.devnet.getBalance(queued.to)).toBe(10n ** 6n);
      // One stop for the landing slot, one for the empty slots after it (whatever the bots
      // queued earlier lands in the same first slot): never a call per slot.
      expect(calls).toBeLessThanOrEqual(3);
      await simulator.bots!.whenIdle();
      // The bots acted at the stops, not at a million slots.
      expect(simulator.bots!.submitted - submittedBefore).toBeLessThanOrEqual(3 * 4);
    } finally {
      stop();
    }
  });
});
