import {
  type KeyPairSigner,
  type SignatureBytes,
  type Transaction,
  type TransactionMessageBytes,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase58Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { beforeEach, describe, expect, it } from "vitest";
import { describeChainError } from "../chain-error.ts";
import { MAX_TRANSACTION_ACCOUNTS, MAX_TRANSACTION_BYTES } from "../read-wire-transaction.ts";
import { Devnet, type DevnetSnapshot } from "../devnet.ts";

const SOL = 1_000_000_000n;
/** The payload of issue 8 that stopped the server: one signature over a legacy message cut after its only key. */
const CRASH_PAYLOAD =
  "AT+nkRBMkAlBf3oXX5ga7TvW2Xu7kvxhjn1KDXi2YEFHH4GSA1BBeSNfsbcWDrNwjSuP5NsZRLEMSqZBUrkYsgYBAAABcVA+x9ooGQ15ELvZ4thp77phOWBgiF7lmBsCugWST18=";
const SYSTEM_PROGRAM = new Uint8Array(32);

/** A transaction whose message is `bytes`, signed by `signer` as a client can sign any bytes. */
async function selfSigned(
  signer: KeyPairSigner,
  bytes: readonly number[],
  extraSigners: readonly KeyPairSigner[] = [],
): Promise<Transaction> {
  const messageBytes = new Uint8Array(bytes) as unknown as TransactionMessageBytes;
  const signatures: Record<string, SignatureBytes> = {};
  for (const key of [signer, ...extraSigners]) signatures[key.address] = await signBytes(key.keyPair.privateKey, messageBytes);
  return { messageBytes, signatures } as unknown as Transaction;
}

describe("Devnet refuses malformed transactions without stopping", () => {
  let devnet: Devnet;
  let alice: KeyPairSigner;
  let bob: KeyPairSigner;
  let key: number[];
  let blockhash: number[];

  beforeEach(async () => {
    devnet = Devnet.start({ seed: "malformed-tests" });
    alice = await generateKeyPairSigner();
    bob = await generateKeyPairSigner();
    devnet.airdrop(alice.address, 10n * SOL);
    key = [...getAddressEncoder().encode(alice.address)];
    blockhash = [...getBase58Encoder().encode(devnet.latestBlockhash().blockhash)];
  });

  const transfer = () =>
    signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(alice, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(devnet.latestBlockhash(), m),
        (m) =>
          appendTransactionMessageInstructions([getTransferSolInstruction({ source: alice, destination: bob.address, amount: SOL })], m),
      ),
    );

  /** Each variant named in issue 8 and each network limit, with the words its reason must contain. */
  const variants: Record<string, () => Promise<[Transaction, RegExp]>> = {
    "a legacy message cut after its keys (the issue's payload, self-signed)": async () => [
      await selfSigned(alice, [1, 0, 0, 1, ...key]),
      /the recent blockhash needs 32 bytes but only 0 are left/,
    ],
    "a v0 message cut after its keys": async () => [
      await selfSigned(alice, [0x80, 1, 0, 0, 1, ...key]),
      /the recent blockhash needs 32 bytes but only 0 are left/,
    ],
    "an instruction data length of 0xffff03": async () => [
      await selfSigned(alice, [1, 0, 1, 2, ...key, ...SYSTEM_PROGRAM, ...blockhash, 1, 1, 1, 0, 0xff, 0xff, 0x03, 2, 0, 0, 0]),
      /instruction 0's data needs 65535 bytes/,
    ],
    "version byte 0x81": async () => [
      await selfSigned(alice, [0x81, 1, 0, 1, 2, ...key, ...SYSTEM_PROGRAM, ...blockhash, 0, 0]),
      /message version is 1; only legacy and version 0/,
    ],
    "bytes after the last instruction": async () => [
      await selfSigned(alice, [1, 0, 1, 2, ...key, ...SYSTEM_PROGRAM, ...blockhash, 0, 9, 9]),
      /2 bytes follow the end of its message/,
    ],
    "more signatures than its header requires": async () => [
      await selfSigned(alice, [1, 0, 1, 2, ...key, ...SYSTEM_PROGRAM, ...blockhash, 0], [bob]),
      /carries 2 signatures but its message requires 1/,
    ],
    "an instruction naming an account past the keys": async () => [
      await selfSigned(alice, [1, 0, 1, 2, ...key, ...SYSTEM_PROGRAM, ...blockhash, 1, 1, 1, 7, 0]),
      /instruction 0 names account index 7, but the message has 2 accounts/,
    ],
    [`more than ${MAX_TRANSACTION_ACCOUNTS} accounts`]: async () => {
      // 65 keys cannot fit in a packet as static keys: a v0 lookup table names the 64 others.
      const indexes = Array.from({ length: MAX_TRANSACTION_ACCOUNTS }, (_, i) => i);
      const lookup = [...new Array(32).fill(3), indexes.length, ...indexes, 0];
      return [
        await selfSigned(alice, [0x80, 1, 0, 0, 1, ...key, ...blockhash, 0, 1, ...lookup]),
        /locks 65 accounts; a transaction may lock at most 64/,
      ];
    },
    [`more than ${MAX_TRANSACTION_BYTES} bytes`]: async () => {
      // 1,200 bytes of instruction data: a 1,232-byte packet cannot carry it with its header.
      const data = [0xb0, 0x09, ...new Array(1_200).fill(0)];
      return [
        await selfSigned(alice, [1, 0, 1, 2, ...key, ...SYSTEM_PROGRAM, ...blockhash, 1, 1, 0, ...data]),
        /bytes serialized; the network carries at most 1232/,
      ];
    },
  };

  it("refuses the issue's payload at submit, as decoded from its base64", () => {
    const transaction = getTransactionDecoder().decode(Buffer.from(CRASH_PAYLOAD, "base64"));
    const result = devnet.submit(transaction);
    expect(result).toMatchObject({ accepted: false, error: { kind: "malformed" } });
    if (!result.accepted)
      expect(describeChainError(result.error)).toMatch(
        /^the transaction is malformed: it is not a serialized transaction: the recent blockhash needs 32 bytes/,
      );
  });

  for (const [name, make] of Object.entries(variants)) {
    it(`refuses ${name} at submit and at send, naming why`, async () => {
      const [transaction, reason] = await make();
      const submitted = devnet.submit(transaction);
      expect(submitted.accepted).toBe(false);
      if (!submitted.accepted) expect(submitted.error).toMatchObject({ kind: "malformed", reason: expect.stringMatching(reason) });
      const sent = devnet.send(transaction);
      expect(sent).toMatchObject({ landed: false, error: { kind: "malformed", reason: expect.stringMatching(reason) } });
      if (!sent.landed)
        expect(devnet.getTransactionStatus(sent.signature!)).toMatchObject({ status: "failed", error: { kind: "malformed" } });
    });
  }

  it("lands the rest of the queue when a malformed transaction sits in it (restored, replayed or timed)", async () => {
    // Submit refuses these now; a queue can still hold one (a snapshot of an older version, a
    // future bug), and the landing loop must fail it alone.
    const bad = await Promise.all(Object.values(variants).map(async (make) => (await make())[0]));
    const good = await transfer();
    expect(devnet.submit(good).accepted).toBe(true);
    const snapshot = devnet.snapshot();
    const queue = snapshot.queue.flatMap((queued) => [
      ...bad.map((transaction, i) => ({ transaction, signature: `bad${i}`, landAtSlot: queued.landAtSlot })),
      queued,
    ]);
    devnet.restore({ ...snapshot, queue } as unknown as DevnetSnapshot);
    const landed = devnet.advanceSlots(2);
    expect(landed).toHaveLength(1);
    expect(landed[0]!.ok).toBe(true);
    expect(devnet.getBalance(bob.address)).toBe(SOL);
    for (const i of bad.keys()) {
      expect(devnet.getTransactionStatus(`bad${i}` as never)).toMatchObject({ status: "failed", error: { kind: "malformed" } });
    }
  });

  it("replays a malformed transaction with executeAt as a failure, not a throw", async () => {
    const [transaction] = await variants["a v0 message cut after its keys"]!();
    expect(devnet.executeAt(transaction, { slot: 3n, seq: 0 })).toMatchObject({ landed: false, error: { kind: "malformed" } });
    expect(devnet.now().slot).toBe(3n);
  });

  it("survives the realtime timer landing a queue with a malformed transaction in it", async () => {
    const [bad] = await variants["an instruction data length of 0xffff03"]!();
    const good = await transfer();
    expect(devnet.submit(good).accepted).toBe(true);
    const snapshot = devnet.snapshot();
    const queue = [{ transaction: bad, signature: "timed-bad", landAtSlot: snapshot.queue[0]!.landAtSlot }, ...snapshot.queue];
    devnet.restore({ ...snapshot, queue } as unknown as DevnetSnapshot);
    devnet.withRealtimeSlotMillis(5).withClockMode("realtime");
    await new Promise((resolve) => setTimeout(resolve, 60));
    devnet.close();
    expect(devnet.getBalance(bob.address)).toBe(SOL);
    expect(devnet.getTransactionStatus("timed-bad" as never).status).toBe("failed");
  });
});
