import { address, generateKeyPairSigner, getBase58Decoder, getBase58Encoder, getTransactionEncoder, lamports } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Devnet } from "../../chain/devnet.ts";
import { signInstructions } from "../../chain/sign-instructions.ts";
import { NATIVE_MINT_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../../programs/program-addresses.ts";
import { RpcDispatcher } from "../rpc-dispatcher.ts";
import { method } from "../rpc-method.ts";

let devnet: Devnet;
let dispatcher: RpcDispatcher;

beforeAll(() => {
  devnet = Devnet.start({ seed: "rpc-methods" });
  dispatcher = new RpcDispatcher({ devnet });
});

afterAll(() => devnet?.close());

async function call(method: string, ...params: unknown[]): Promise<any> {
  return JSON.parse((await dispatcher.handleText(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })))!);
}

describe("the dispatcher", () => {
  it("answers a method's own defect as -32603 Internal error instead of throwing, and warns", async () => {
    const failing = new RpcDispatcher({ devnet }, { boom: method([], 0, () => Promise.reject(new Error("defect"))) });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    const reply = JSON.parse((await failing.handleText('{"jsonrpc":"2.0","id":9,"method":"boom"}'))!);
    await new Promise((resolve) => setImmediate(resolve));
    process.off("warning", onWarning);
    expect(reply).toEqual({ jsonrpc: "2.0", id: 9, error: { code: -32603, message: "Internal error" } });
    expect(warnings).toContain("defect");
    expect(failing.methodNames).toEqual(["boom"]);
  });

  it("names the deepest fault of a parameter that fits none of a union's shapes", async () => {
    const filtered = (filter: unknown) => call("getProgramAccounts", TOKEN_PROGRAM_ADDRESS, { filters: [filter] });
    expect((await filtered({ memcmp: { offset: "x", bytes: "abc" } })).error).toEqual({
      code: -32602,
      message: "Invalid params: parameter 1/filters/0/memcmp/offset must be integer",
    });
    expect((await filtered({ memcmp: { offset: 0 } })).error.message).toBe(
      "Invalid params: parameter 1/filters/0/memcmp must have required property 'bytes'",
    );
    expect((await filtered({ dataSize: -1 })).error.message).toBe("Invalid params: parameter 1/filters/0/dataSize must be >= 0");
  });

  it("refuses a number JSON reads as Infinity (1e400) as bad params, not an internal error", async () => {
    const infinite = async (method: string, params: string) =>
      JSON.parse((await dispatcher.handleText(`{"jsonrpc":"2.0","id":1,"method":"${method}","params":${params}}`))!).error;
    const key = "11111111111111111111111111111111";
    for (const [method, params] of [
      ["getSlot", '[{"minContextSlot":1e400}]'],
      ["getBalance", `["${key}",{"minContextSlot":1e400}]`],
      ["getProgramAccounts", `["${key}",{"filters":[{"dataSize":1e400}]}]`],
      ["getProgramAccounts", `["${key}",{"filters":[{"memcmp":{"offset":1e400,"bytes":"1"}}]}]`],
    ] as const)
      expect(await infinite(method, params), method).toMatchObject({ code: -32602 });
  });

  it("names every form a parameter of several forms takes when it is none of them", async () => {
    const signature = "1".repeat(64);
    const forms = 'must be an object, "json", "jsonParsed", "base64" or "base58"';
    expect((await call("getTransaction", signature, "foo")).error.message).toBe(`Invalid params: parameter 1 ${forms}`);
    expect((await call("getTransaction", signature, 5)).error.message).toBe(`Invalid params: parameter 1 ${forms}`);
    expect((await call("getTransaction", signature, { encoding: "hex" })).error.message).toBe(
      'Invalid params: parameter 1/encoding must be "json", "jsonParsed", "base64" or "base58"',
    );
  });

  it("refuses encoded text longer than any packet before decoding it (base58 decoding is quadratic in the text)", async () => {
    expect((await call("sendTransaction", "2".repeat(1684))).error).toEqual({
      code: -32602,
      message: "base58 encoded solana_transaction::versioned::VersionedTransaction too large: 1684 bytes (max: encoded/raw 1683/1232)",
    });
    expect((await call("simulateTransaction", "A".repeat(1648), { encoding: "base64" })).error.message).toBe(
      "base64 encoded solana_transaction::versioned::VersionedTransaction too large: 1648 bytes (max: encoded/raw 1644/1232)",
    );
    // Past 175 characters no base58 text is 128 bytes or fewer: refused for its size, never read (the 0 is not base58).
    const filter = { memcmp: { offset: 0, bytes: `${"2".repeat(175)}0` } };
    expect((await call("getProgramAccounts", TOKEN_PROGRAM_ADDRESS, { filters: [filter] })).error).toEqual({
      code: -32602,
      message: "Invalid param: memcmp bytes exceed 128",
    });
  });

  it("serves exactly the documented HTTP methods", () => {
    expect(dispatcher.methodNames).toEqual([
      "getAccountInfo",
      "getBalance",
      "getBlockHeight",
      "getBlockTime",
      "getEpochInfo",
      "getEpochSchedule",
      "getFeeForMessage",
      "getFirstAvailableBlock",
      "getGenesisHash",
      "getHealth",
      "getIdentity",
      "getLatestBlockhash",
      "getMinimumBalanceForRentExemption",
      "getMultipleAccounts",
      "getProgramAccounts",
      "getRecentPrioritizationFees",
      "getSignatureStatuses",
      "getSignaturesForAddress",
      "getSlot",
      "getTokenAccountBalance",
      "getTokenAccountsByOwner",
      "getTokenLargestAccounts",
      "getTokenSupply",
      "getTransaction",
      "getTransactionCount",
      "getVersion",
      "isBlockhashValid",
      "sendTransaction",
      "simulateTransaction",
    ]);
  });
});

describe("cluster methods", () => {
  it("getVersion, getHealth, a genesis hash per seed, epoch info and rent from the chain", async () => {
    expect((await call("getVersion")).result["solana-core"]).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await call("getHealth")).result).toBe("ok");
    const genesis = (await call("getGenesisHash")).result;
    const other = new RpcDispatcher({ devnet: Devnet.start({ seed: "another" }) });
    const otherGenesis = JSON.parse((await other.handleText('{"jsonrpc":"2.0","id":1,"method":"getGenesisHash"}'))!).result;
    expect(genesis).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(otherGenesis).not.toBe(genesis);
    devnet.advanceSlots(5);
    const landed = devnet.landedTransactions().length;
    expect((await call("getEpochInfo")).result).toMatchObject({
      absoluteSlot: 5,
      epoch: 0,
      slotIndex: 5,
      slotsInEpoch: 432000,
      transactionCount: landed,
    });
    expect((await call("getTransactionCount")).result).toBe(landed);
    expect((await call("getMinimumBalanceForRentExemption", 0)).result).toBe(Number(devnet.minimumBalanceForRentExemption(0)));
    expect((await call("getSlot", { minContextSlot: 1_000 })).error).toEqual({
      code: -32016,
      message: "Minimum context slot has not been reached",
      data: { contextSlot: 5 },
    });
  });
});

describe("account methods", () => {
  it("getAccountInfo in base64, base58 and jsonParsed (a mint parses; a missing account is null); dataSlice cuts", async () => {
    const base64 = (await call("getAccountInfo", NATIVE_MINT_ADDRESS, { encoding: "base64" })).result.value;
    const mint = devnet.getAccount(NATIVE_MINT_ADDRESS)!;
    expect(base64).toMatchObject({ owner: TOKEN_PROGRAM_ADDRESS, executable: false, space: 82, lamports: Number(mint.lamports) });
    expect(base64.data).toEqual([Buffer.from(mint.data).toString("base64"), "base64"]);
    expect((await call("getAccountInfo", NATIVE_MINT_ADDRESS, { encoding: "base58" })).result.value.data[1]).toBe("base58");
    const parsed = (await call("getAccountInfo", NATIVE_MINT_ADDRESS, { encoding: "jsonParsed" })).result.value.data;
    expect(parsed).toMatchObject({ program: "spl-token", space: 82, parsed: { type: "mint", info: { decimals: 9, isInitialized: true } } });
    const sliced = (await call("getAccountInfo", NATIVE_MINT_ADDRESS, { encoding: "base64", dataSlice: { offset: 44, length: 1 } })).result
      .value;
    expect(Buffer.from(sliced.data[0], "base64")).toEqual(Buffer.from([9]));
    const missing = (await generateKeyPairSigner()).address;
    expect((await call("getAccountInfo", missing)).result.value).toBeNull();
    const many = (await call("getMultipleAccounts", [missing, NATIVE_MINT_ADDRESS], { encoding: "base64" })).result.value;
    expect(many[0]).toBeNull();
    expect(many[1].owner).toBe(TOKEN_PROGRAM_ADDRESS);
  });

  it("each method leaves out `encoding` as the validator does: a bare base58 string, but base64 for getMultipleAccounts", async () => {
    const bytes = devnet.getAccount(NATIVE_MINT_ADDRESS)!.data;
    const base58 = getBase58Decoder().decode(bytes);
    expect((await call("getAccountInfo", NATIVE_MINT_ADDRESS)).result.value.data).toBe(base58);
    expect((await call("getAccountInfo", NATIVE_MINT_ADDRESS, { encoding: "binary" })).result.value.data).toBe(base58);
    const [entry] = (await call("getProgramAccounts", TOKEN_PROGRAM_ADDRESS, { filters: [{ dataSize: 82 }] })).result;
    expect(entry.account.data).toBe(base58);
    const many = (await call("getMultipleAccounts", [NATIVE_MINT_ADDRESS])).result.value;
    expect(many[0].data).toEqual([Buffer.from(bytes).toString("base64"), "base64"]);
  });

  it("refuses base58 of more than 128 bytes as the validator does (a slice may bring it under), and a slice of parsed data", async () => {
    const slotHashes = "SysvarS1otHashes111111111111111111111111111";
    expect(devnet.getAccount(address(slotHashes))!.data.length).toBeGreaterThan(128);
    for (const config of [undefined, { encoding: "base58" }, { encoding: "binary", dataSlice: { offset: 0, length: 129 } }]) {
      const { error } = await call("getAccountInfo", slotHashes, config);
      expect(error).toEqual({
        code: -32600,
        message: "Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.",
      });
    }
    expect((await call("getMultipleAccounts", [slotHashes], { encoding: "base58" })).error.code).toBe(-32600);
    const sliced = (await call("getAccountInfo", slotHashes, { encoding: "base58", dataSlice: { offset: 0, length: 128 } })).result.value;
    expect(getBase58Encoder().encode(sliced.data[0])).toHaveLength(128);
    const parsedSlice = await call("getAccountInfo", NATIVE_MINT_ADDRESS, { encoding: "jsonParsed", dataSlice: { offset: 0, length: 1 } });
    expect(parsedSlice.error.code).toBe(-32602);
  });

  it("getProgramAccounts filters by dataSize and memcmp; getTokenSupply reads a mint", async () => {
    const mints = (await call("getProgramAccounts", TOKEN_PROGRAM_ADDRESS, { encoding: "base64", filters: [{ dataSize: 82 }] })).result;
    expect(mints.map((entry: { pubkey: string }) => entry.pubkey)).toContain(NATIVE_MINT_ADDRESS);
    const decimalsAt44 = { memcmp: { offset: 44, bytes: Buffer.from([9]).toString("base64"), encoding: "base64" } };
    const nine = (await call("getProgramAccounts", TOKEN_PROGRAM_ADDRESS, { filters: [{ dataSize: 82 }, decimalsAt44], withContext: true }))
      .result;
    expect(nine.value.map((entry: { pubkey: string }) => entry.pubkey)).toContain(NATIVE_MINT_ADDRESS);
    const none = { memcmp: { offset: 44, bytes: Buffer.from([7]).toString("base64"), encoding: "base64" } };
    expect((await call("getProgramAccounts", TOKEN_PROGRAM_ADDRESS, { filters: [{ dataSize: 82 }, none] })).result).toEqual([]);
    expect((await call("getTokenSupply", NATIVE_MINT_ADDRESS)).result.value).toMatchObject({ decimals: 9 });
    expect((await call("getTokenSupply", (await generateKeyPairSigner()).address)).error.code).toBe(-32602);
  });
});

describe("a request's account scans", () => {
  const scan = (id: number) => ({
    jsonrpc: "2.0",
    id,
    method: "getProgramAccounts",
    params: [TOKEN_PROGRAM_ADDRESS, { filters: [{ dataSize: 82 }] }],
  });

  it("share one limit across a batch: past it a scan is refused with the validator's ScanError (-32012) before anything is encoded", async () => {
    const mints = (await call("getProgramAccounts", TOKEN_PROGRAM_ADDRESS, { filters: [{ dataSize: 82 }] })).result.length;
    expect(mints).toBeGreaterThan(0);
    const limited = new RpcDispatcher({ devnet }, undefined, { scanResultsLimit: 2 * mints });
    const replies = JSON.parse((await limited.handleText(JSON.stringify([scan(1), scan(2), scan(3)])))!);
    expect(replies.map((reply: any) => reply.result?.length ?? reply.error.code)).toEqual([mints, mints, -32012]);
    expect(replies[2].error.message).toMatch(/^scan aborted: /);
    // The next request text has its own.
    expect(JSON.parse((await limited.handleText(JSON.stringify(scan(4))))!).result).toHaveLength(mints);
  });

  it("share one budget of account data across a batch: past it the accounts are refused with ScanError (-32012), unencoded", async () => {
    // A 4 MiB account: four fit in a request text's 16 MiB, a fifth does not; a slice of each does.
    const big = (await generateKeyPairSigner()).address;
    devnet.setAccount({
      address: big,
      data: new Uint8Array(4 * 1024 * 1024),
      executable: false,
      lamports: lamports(1_000_000_000n),
      programAddress: address("11111111111111111111111111111111"),
      space: BigInt(4 * 1024 * 1024),
    });
    const request = (id: number, count: number, config: object = { encoding: "base64" }) => ({
      jsonrpc: "2.0",
      id,
      method: "getMultipleAccounts",
      params: [Array.from({ length: count }, () => big), config],
    });
    const answered = async (text: object) => JSON.parse((await dispatcher.handleText(JSON.stringify(text)))!);
    expect((await answered(request(1, 4))).result.value).toHaveLength(4);
    const refused = await answered(request(1, 5));
    expect(refused.error).toMatchObject({ code: -32012, message: expect.stringMatching(/more than the 16777216 a request/) });
    const batch = await answered([
      request(1, 3),
      request(2, 3),
      request(3, 100, { encoding: "base64", dataSlice: { offset: 0, length: 32 } }),
    ]);
    expect(batch.map((reply: any) => reply.result?.value.length ?? reply.error.code)).toEqual([3, -32012, 100]);
    const single = await answered({ jsonrpc: "2.0", id: 4, method: "getAccountInfo", params: [big, { encoding: "base64" }] });
    expect(single.result.value.space).toBe(4 * 1024 * 1024);
  });

  it("stop a batch whose client has gone: the requests after it are not run, and nothing is answered", async () => {
    let asked = 0;
    const gone = () => ++asked > 1;
    expect(await dispatcher.handleText(JSON.stringify([scan(1), scan(2), scan(3)]), undefined, gone)).toBeNull();
    expect(asked).toBe(2);
  });
});

describe("simulateTransaction", () => {
  it("runs without keeping anything; replaceRecentBlockhash runs an unsigned stale one; a stale one alone is BlockhashNotFound", async () => {
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, 1_000_000_000n);
    const recipient = (await generateKeyPairSigner()).address;
    const signed = await signInstructions({
      feePayer: payer,
      instructions: [getTransferSolInstruction({ source: payer, destination: recipient, amount: 5_000_000n })],
      lifetime: devnet.latestBlockhash(),
    });
    const wire = (transaction: typeof signed) => Buffer.from(getTransactionEncoder().encode(transaction)).toString("base64");
    const ok = (await call("simulateTransaction", wire(signed), { encoding: "base64", sigVerify: true })).result.value;
    expect(ok).toMatchObject({ err: null, replacementBlockhash: null });
    expect(ok.unitsConsumed).toBeGreaterThan(0);
    expect(ok.logs.length).toBeGreaterThan(0);
    expect(devnet.getBalance(recipient)).toBe(0n);
    const withAccounts = await call("simulateTransaction", wire(signed), { encoding: "base64", accounts: { addresses: [recipient] } });
    expect(withAccounts.result.value.accounts[0]).toMatchObject({ lamports: 5_000_000, data: ["", "base64"] });
    const inBase58 = await call("simulateTransaction", wire(signed), {
      encoding: "base64",
      accounts: { addresses: [recipient], encoding: "base58" },
    });
    expect(inBase58.error).toEqual({ code: -32602, message: "base58 encoding not supported" });

    // Unsigned (a zeroed signature), its blockhash gone: what a client sends to estimate units.
    devnet.advanceSlots(200);
    const unsigned = { ...signed, signatures: { [payer.address]: new Uint8Array(64) } } as unknown as typeof signed;
    const stale = (await call("simulateTransaction", wire(unsigned), { encoding: "base64" })).result.value;
    expect(stale.err).toBe("BlockhashNotFound");
    const replaced = (await call("simulateTransaction", wire(unsigned), { encoding: "base64", replaceRecentBlockhash: true })).result.value;
    expect(replaced.err).toBeNull();
    expect(replaced.replacementBlockhash).toEqual({
      blockhash: devnet.latestBlockhash().blockhash,
      lastValidBlockHeight: Number(devnet.latestBlockhash().lastValidBlockHeight),
    });
    const both = await call("simulateTransaction", wire(unsigned), { encoding: "base64", replaceRecentBlockhash: true, sigVerify: true });
    expect(both.error.code).toBe(-32602);
    // Skipping sigverify was for that simulation only: the chain still refuses a forged signature.
    const fresh = await signInstructions({
      feePayer: payer,
      instructions: [getTransferSolInstruction({ source: payer, destination: recipient, amount: 5_000_000n })],
      lifetime: devnet.latestBlockhash(),
    });
    const sent = devnet.send({ ...fresh, signatures: { [payer.address]: new Uint8Array(64) } } as unknown as typeof fresh);
    expect(sent).toMatchObject({ landed: false, error: { kind: "transaction", name: "SignatureFailure" } });
  });

  it("reports the CPIs of each instruction when asked (innerInstructions), as jsonParsed lists them, and null otherwise", async () => {
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, 1_000_000_000n);
    const [ata] = await findAssociatedTokenPda({ owner: payer.address, mint: NATIVE_MINT_ADDRESS, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const signed = await signInstructions({
      feePayer: payer,
      instructions: [getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner: payer.address, mint: NATIVE_MINT_ADDRESS })],
      lifetime: devnet.latestBlockhash(),
    });
    const wire = Buffer.from(getTransactionEncoder().encode(signed)).toString("base64");
    const asked = (await call("simulateTransaction", wire, { encoding: "base64", innerInstructions: true })).result.value;
    expect(asked.err).toBeNull();
    expect(asked.innerInstructions).toHaveLength(1);
    const [{ index, instructions }] = asked.innerInstructions;
    expect(index).toBe(0);
    // Creating an associated account calls the token program and the system program beneath it, one level down.
    const programs = instructions.map((instruction: { programId: string }) => instruction.programId);
    expect(programs).toContain(TOKEN_PROGRAM_ADDRESS);
    expect(programs).toContain("11111111111111111111111111111111");
    for (const instruction of instructions)
      expect(instruction).toMatchObject({ stackHeight: 2, accounts: expect.any(Array), data: expect.any(String) });
    expect((await call("simulateTransaction", wire, { encoding: "base64" })).result.value.innerInstructions).toBeNull();
  });
});

describe("account reads between changes", () => {
  it("getAccountInfo sees an airdrop in the same slot and the clock sysvar's new slot, though it remembers reads in between", async () => {
    const wallet = (await generateKeyPairSigner()).address;
    devnet.airdrop(wallet, 1_000_000n);
    const lamportsOf = async () => (await call("getAccountInfo", wallet, { encoding: "base64" })).result.value.lamports;
    expect(await lamportsOf()).toBe(1_000_000);
    expect(await lamportsOf()).toBe(1_000_000);
    devnet.airdrop(wallet, 5n);
    expect(await lamportsOf()).toBe(1_000_005);
    // The clock sysvar's first 8 bytes are its slot: it changes with no write to announce it.
    const clockSlot = async () => {
      const [base64] = (await call("getAccountInfo", "SysvarC1ock11111111111111111111111111111111", { encoding: "base64" })).result.value
        .data;
      return Buffer.from(base64, "base64").readBigUInt64LE(0);
    };
    expect(await clockSlot()).toBe(devnet.now().slot);
    devnet.advanceSlots(3);
    expect(await clockSlot()).toBe(devnet.now().slot);
    // Then epoch_start_timestamp (genesis: epoch 0 began at slot 0), epoch, leader_schedule_epoch (the next), unix_timestamp.
    const clockFields = async () => {
      const [base64] = (await call("getAccountInfo", "SysvarC1ock11111111111111111111111111111111", { encoding: "base64" })).result.value
        .data;
      const clock = Buffer.from(base64, "base64");
      return [clock.readBigInt64LE(8), clock.readBigUInt64LE(16), clock.readBigUInt64LE(24), clock.readBigInt64LE(32)];
    };
    const genesis = devnet.now().unixTimestamp - (devnet.now().slot * 400n) / 1000n;
    expect(await clockFields()).toEqual([genesis, 0n, 1n, devnet.now().unixTimestamp]);
    // Past an epoch's 432,000 slots (172,800 s): the epoch getEpochInfo reports, begun 172,800 s after genesis.
    devnet.advanceSlots(432_000);
    expect(await clockFields()).toEqual([genesis + 172_800n, 1n, 2n, devnet.now().unixTimestamp]);
    expect((await call("getEpochInfo")).result.epoch).toBe(1);
    // The EpochSchedule sysvar agrees: 432,000 slots an epoch, the leader schedule an epoch ahead, no warm-up.
    const [schedule] = (await call("getAccountInfo", "SysvarEpochSchedu1e111111111111111111111111", { encoding: "base64" })).result.value
      .data;
    const bytes = Buffer.from(schedule, "base64");
    expect([bytes.readBigUInt64LE(0), bytes.readBigUInt64LE(8), bytes[16], bytes.readBigUInt64LE(17), bytes.readBigUInt64LE(25)]).toEqual([
      432_000n,
      432_000n,
      0,
      0n,
      0n,
    ]);
  });
});
