import {
  type Address,
  type Instruction,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
} from "@solana/kit";
import { describe, expect, it } from "vitest";
import { MAX_TRANSACTION_ACCOUNTS, MAX_TRANSACTION_BYTES, readWireTransaction } from "../read-wire-transaction.ts";
import { compileUnsignedTransaction } from "../unsigned-transaction.ts";

/** The payload that stopped the server (issue 8): one signature, then a legacy header and a single key, nothing more. */
const CRASH_PAYLOAD =
  "AT+nkRBMkAlBf3oXX5ga7TvW2Xu7kvxhjn1KDXi2YEFHH4GSA1BBeSNfsbcWDrNwjSuP5NsZRLEMSqZBUrkYsgYBAAABcVA+x9ooGQ15ELvZ4thp77phOWBgiF7lmBsCugWST18=";
const MEMO = address("MemoSq4gqABAXKb96qnH8TzNMqxwKEDVT8oHzjxqtHa");
const LIFETIME = { blockhash: "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi" as never, lastValidBlockHeight: 150n };

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

async function signed(instructions: Instruction[]): Promise<Uint8Array> {
  const payer = await generateKeyPairSigner();
  const transaction = await signTransaction(
    [payer.keyPair],
    compileUnsignedTransaction({ feePayer: payer.address, instructions, lifetime: LIFETIME }),
  );
  return new Uint8Array(getTransactionEncoder().encode(transaction));
}

const memo = (data: number, accounts: Address[] = []): Instruction => ({
  programAddress: MEMO,
  accounts: accounts.map((account) => ({ address: account, role: 0 })),
  data: new Uint8Array(data),
});

/** A v0 transaction written byte by byte: one signature slot, header 1/0/1, the given keys, blockhash, `tail` (instructions and lookups). */
function rawV0(keys: number, tail: number[], versionByte = 0x80): string {
  const bytes = [1, ...new Array(64).fill(7), versionByte, 1, 0, 1, keys];
  for (let k = 0; k < keys; k++) bytes.push(...new Array(32).fill(k + 1));
  bytes.push(...new Array(32).fill(9), ...tail);
  return base64(new Uint8Array(bytes));
}

function reason(text: string): string {
  const reading = readWireTransaction(text);
  if (reading.ok) throw new Error("expected a refusal");
  return reading.reason;
}

describe("readWireTransaction", () => {
  it("reads a signed v0 transaction as kit decodes it", async () => {
    const bytes = await signed([memo(10)]);
    const reading = readWireTransaction(base64(bytes));
    expect(reading.ok).toBe(true);
    if (reading.ok) expect(base64(new Uint8Array(getTransactionEncoder().encode(reading.transaction)))).toBe(base64(bytes));
  });

  it("reads a signed legacy transaction too", async () => {
    const payer = await generateKeyPairSigner();
    const message = pipe(
      createTransactionMessage({ version: "legacy" }),
      (m) => setTransactionMessageFeePayer(payer.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(LIFETIME, m),
      (m) => appendTransactionMessageInstructions([memo(3)], m),
    );
    const transaction = await signTransaction([payer.keyPair], compileTransaction(message));
    const bytes = new Uint8Array(getTransactionEncoder().encode(transaction));
    expect(bytes[1 + 64]! & 0x80).toBe(0);
    expect(readWireTransaction(base64(bytes)).ok).toBe(true);
  });

  it("refuses a header that sanitize refuses: a repeated key, a read-only fee payer", () => {
    const repeated = [1, ...new Array(64).fill(7), 0x80, 1, 0, 1, 2, ...new Array(64).fill(5), ...new Array(32).fill(9), 0, 0];
    expect(reason(base64(new Uint8Array(repeated)))).toContain("an account key appears twice");
    const readonlyPayer = [1, ...new Array(64).fill(7), 0x80, 1, 1, 0, 1, ...new Array(32).fill(5), ...new Array(32).fill(9), 0, 0];
    expect(reason(base64(new Uint8Array(readonlyPayer)))).toContain("makes the fee payer read-only");
  });

  it("refuses the crash payload: a legacy message cut after its keys", () => {
    expect(reason(CRASH_PAYLOAD)).toBe("it is not a serialized transaction: the recent blockhash needs 32 bytes but only 0 are left");
  });

  it("refuses a v0 message cut after its keys", async () => {
    const bytes = await signed([memo(4)]);
    // signatures (1 + 64) + prefix, header (3), key count (1), two keys.
    const cut = bytes.subarray(0, 1 + 64 + 1 + 3 + 1 + 2 * 32);
    expect(reason(base64(cut))).toContain("the recent blockhash needs 32 bytes");
  });

  it("refuses an instruction data length of 0xffff03 past the bytes", () => {
    expect(reason(rawV0(2, [1, 1, 0, 0xff, 0xff, 0x03, 1, 2, 3, 0]))).toBe(
      "it is not a serialized transaction: instruction 0's data needs 65535 bytes but only 4 are left",
    );
  });

  it("refuses a compact length of more than 16 bits", () => {
    expect(reason(rawV0(2, [1, 1, 0, 0xff, 0xff, 0x04, 0]))).toContain("does not fit in a compact u16");
  });

  it("refuses message version byte 0x81", () => {
    expect(reason(rawV0(2, [0, 0], 0x81))).toBe(
      "it is not a serialized transaction: its message version is 1; only legacy and version 0 messages are accepted",
    );
  });

  it("refuses indexes past the account keys", () => {
    expect(reason(rawV0(2, [1, 5, 0, 0, 0]))).toContain("instruction 0 names program index 5, but the message has 2 account keys");
    expect(reason(rawV0(2, [1, 1, 1, 9, 0, 0]))).toContain("instruction 0 names account index 9, but the message has 2 accounts");
  });

  it("refuses trailing bytes and a wrong signature count", async () => {
    expect(reason(rawV0(2, [0, 0, 42]))).toBe("it is not a serialized transaction: 1 bytes follow the end of its message");
    const bytes = await signed([memo(4)]);
    const twoSignatures = new Uint8Array([2, ...bytes.subarray(1, 65), ...new Array(64).fill(0), ...bytes.subarray(65)]);
    expect(reason(base64(twoSignatures))).toBe("it carries 2 signatures but its message requires 1");
  });

  it(`refuses a transaction of ${MAX_TRANSACTION_BYTES + 1} bytes and takes one of ${MAX_TRANSACTION_BYTES}`, async () => {
    const base = (await signed([memo(0)])).length;
    // The data length's compact u16 grows from one byte to two past 127.
    const fits = await signed([memo(MAX_TRANSACTION_BYTES - base - 1)]);
    expect(fits.length).toBe(MAX_TRANSACTION_BYTES);
    expect(readWireTransaction(base64(fits)).ok).toBe(true);
    const over = await signed([memo(MAX_TRANSACTION_BYTES - base)]);
    expect(over.length).toBe(MAX_TRANSACTION_BYTES + 1);
    expect(reason(base64(over))).toBe(
      `it is ${MAX_TRANSACTION_BYTES + 1} bytes serialized; the network carries at most ${MAX_TRANSACTION_BYTES}`,
    );
  });

  it(`refuses more than ${MAX_TRANSACTION_ACCOUNTS} accounts`, () => {
    const lookup = [1, ...new Array(32).fill(200), 30, ...new Array(30).fill(0), 10, ...new Array(10).fill(1)];
    expect(reason(rawV0(30, [0, ...lookup]))).toBe(
      `it is not a serialized transaction: it locks 70 accounts; a transaction may lock at most ${MAX_TRANSACTION_ACCOUNTS}`,
    );
  });

  it("refuses text that is not base64, and empty bytes", () => {
    expect(reason("not base64!")).toContain("not standard base64");
    expect(reason("")).toContain("not a serialized transaction");
    expect(reason("AA==")).toBe("it is not a serialized transaction: it ends before the message header");
  });
});
