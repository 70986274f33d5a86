/**
 * Issue 8's trade-flow defects, each through HTTP against a seeded world: what stopped the
 * server or answered 5xx now answers a 4xx sentence, and what a client could not tell
 * (expired or tampered, what a trade costs all in) is said plainly.
 */
import { Keypair, VersionedTransaction } from "@solana/web3.js";
import { type Instruction, address, generateKeyPairSigner, getTransactionEncoder, signTransaction } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TRANSACTION_BYTES } from "../../../../chain/read-wire-transaction.ts";
import { compileUnsignedTransaction } from "../../../../chain/unsigned-transaction.ts";
import { type SeededApi, get, startSeededApi } from "../../../__tests__/seeded-api.ts";

const SOL = 1_000_000_000n;
const CRASH_PAYLOAD =
  "AT+nkRBMkAlBf3oXX5ga7TvW2Xu7kvxhjn1KDXi2YEFHH4GSA1BBeSNfsbcWDrNwjSuP5NsZRLEMSqZBUrkYsgYBAAABcVA+x9ooGQ15ELvZ4thp77phOWBgiF7lmBsCugWST18=";
const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const RENT_SYSVAR = "SysvarRent111111111111111111111111111111111";
const MEMO = address("MemoSq4gqABAXKb96qnH8TzNMqxwKEDVT8oHzjxqtHa");

let api: SeededApi;
let curveLaunch: string;
let graduatedLaunch: string;

async function post(url: string, payload: unknown) {
  const response = await api.app.inject({ method: "POST", url, payload: payload as object });
  return { status: response.statusCode, body: response.json() };
}

function wallet(lamports = 100n * SOL) {
  const keypair = Keypair.generate();
  if (lamports > 0n) api.devnet.airdrop(address(keypair.publicKey.toBase58()), lamports);
  return { keypair, address: keypair.publicKey.toBase58() };
}

function sign(base64: string, keypair: Keypair): string {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, "base64"));
  transaction.sign([keypair]);
  return Buffer.from(transaction.serialize()).toString("base64");
}

async function quoteAndBuild(body: Record<string, unknown>, owner: ReturnType<typeof wallet>) {
  const quote = await post("/v1/trades/quote", { ...body, wallet: owner.address });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const built = await post("/v1/trades/build", { quoteId: quote.body.quote.quoteId, wallet: owner.address });
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  return { quote: quote.body.quote, built: built.body as { plan: { transaction: string }[]; lastValidBlockHeight: number } };
}

/** Signs and lands every step in order; each must confirm. */
async function land(plan: { transaction: string }[], owner: ReturnType<typeof wallet>, quoteId: string | null) {
  for (const step of plan) {
    const submitted = await post("/v1/transactions/submit", {
      transaction: sign(step.transaction, owner.keypair),
      ...(quoteId ? { quoteId } : {}),
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    api.devnet.advanceSlots(1);
    const status = await get(api.app, `/v1/transactions/${submitted.body.signature}`);
    expect(status.body).toMatchObject({ status: "confirmed", error: null });
  }
}

async function signedMemo(dataBytes: number): Promise<Uint8Array> {
  const payer = await generateKeyPairSigner();
  const instruction: Instruction = { programAddress: MEMO, accounts: [], data: new Uint8Array(dataBytes) };
  const unsigned = compileUnsignedTransaction({
    feePayer: payer.address,
    instructions: [instruction],
    lifetime: api.devnet.latestBlockhash(),
  });
  return new Uint8Array(getTransactionEncoder().encode(await signTransaction([payer.keyPair], unsigned)));
}

const base64 = (bytes: Uint8Array | number[]) => Buffer.from(Uint8Array.from(bytes)).toString("base64");

beforeAll(async () => {
  api = await startSeededApi({ seed: "trade-flow-hardening", launchCount: 24, trading: true });
  const bonding = (await get(api.app, "/v1/launches?tab=new&state=bonding&limit=100")).body.launches as {
    address: string;
    progressBps: number;
  }[];
  curveLaunch = bonding.sort((a, b) => a.progressBps - b.progressBps)[0]!.address;
  graduatedLaunch = (await get(api.app, "/v1/launches?status=graduated&limit=100")).body.launches[0].address;
});

afterAll(async () => {
  await api.app.close();
});

describe("submit decodes the whole transaction at the door", () => {
  it("refuses the crash payload and its variants with INVALID_TRANSACTION, and a normal trade still lands", async () => {
    const owner = wallet();
    const { quote, built } = await quoteAndBuild({ launch: curveLaunch, direction: "buy", amountIn: "1000000000000" }, owner);
    const signed = Buffer.from(sign(built.plan[0]!.transaction, owner.keypair), "base64");
    const keys = signed[1 + 64 + 1 + 3]!;
    const keysEnd = 1 + 64 + 1 + 3 + 1 + keys * 32;
    const versioned81 = Uint8Array.from(signed);
    versioned81[1 + 64] = 0x81;
    const hugeLength = [
      1,
      ...new Array(64).fill(7),
      0x80,
      1,
      0,
      1,
      2,
      ...new Array(32).fill(3),
      ...new Array(32).fill(4),
      ...new Array(32).fill(9),
      1,
      1,
      0,
      0xff,
      0xff,
      0x03,
      1,
      2,
      3,
      0,
    ];
    const base = (await signedMemo(0)).length;
    const oversized = await signedMemo(MAX_TRANSACTION_BYTES - base);
    expect(oversized.length).toBe(MAX_TRANSACTION_BYTES + 1);

    const variants: [string, string, RegExp][] = [
      ["the crash payload", CRASH_PAYLOAD, /the recent blockhash needs 32 bytes/],
      ["a v0 message cut after its keys", base64(signed.subarray(0, keysEnd)), /the recent blockhash needs 32 bytes/],
      ["an instruction data length of 0xffff03", base64(hugeLength), /instruction 0's data needs 65535 bytes/],
      ["version byte 0x81", base64(versioned81), /message version is 1/],
      [`a ${MAX_TRANSACTION_BYTES + 1}-byte transaction`, base64(oversized), /1233 bytes serialized; the network carries at most 1232/],
    ];
    for (const [name, transaction, reason] of variants) {
      const response = await post("/v1/transactions/submit", { transaction, quoteId: quote.quoteId });
      expect(response.status, name).toBe(400);
      expect(response.body.code, name).toBe("INVALID_TRANSACTION");
      expect(response.body.error, name).toMatch(/^transaction cannot be executed: /);
      expect(response.body.error, name).toMatch(reason);
    }
    // Nothing was queued: the clock moves on and the real plan lands step by step.
    api.devnet.advanceSlots(2);
    await land(built.plan, owner, quote.quoteId);
  });
});

describe("no 5xx on input the schema allows", () => {
  const createBody = (override: Record<string, unknown>, creator = wallet().address) => ({
    symbol: "EDGE",
    name: "Edge basket",
    creator,
    components: [{ mint: api.world.components[0]!.mint, targetBps: 10_000 }],
    ...override,
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["dnaUnitSol 20 (past the u64 the recipe keeps it in)", { dnaUnitSol: 20 }, "INVALID_BODY"],
    ["curveTargetSol 1e11", { curveTargetSol: 1e11 }, "INVALID_BODY"],
    ["supply past 10^13", { supply: 10_000_000_000_001 }, "INVALID_BODY"],
    ["a curve reserve past a u64 at the schema's bounds", { curveTargetSol: 1e9, dnaUnitSol: 1e-18 }, "INVALID_LAUNCH"],
    ["a program as creator", { creator: SYSTEM_PROGRAM }, "INVALID_BODY"],
  ])("build-create refuses %s with a 4xx sentence", async (_, override, code) => {
    const response = await post("/v1/launches/build-create", createBody(override));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ code, error: expect.any(String) });
  });

  it("build-create at every schema maximum answers without a 5xx", async () => {
    for (const override of [
      { dnaUnitSol: 18 },
      { supply: 10_000_000_000_000 },
      { curveTargetSol: 1e9 },
      { feeBps: 2_000, creatorFeeShareBps: 10_000 },
    ]) {
      const response = await post("/v1/launches/build-create", createBody(override));
      expect(response.status, JSON.stringify(override)).toBeLessThan(500);
    }
  });

  it("a quote with priorityFee 1844674407370955162 is a 400; the largest allowed fee quotes and its build says what is missing", async () => {
    const owner = wallet();
    const over = await post("/v1/trades/quote", {
      launch: curveLaunch,
      direction: "buy",
      amountIn: "1000000",
      wallet: owner.address,
      priorityFee: "1844674407370955162",
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: "INVALID_BODY", error: expect.stringContaining("priorityFee") });
    const most = await post("/v1/trades/quote", {
      launch: curveLaunch,
      direction: "buy",
      amountIn: "1000000",
      wallet: owner.address,
      priorityFee: "999999999999999999",
    });
    expect(most.status).toBe(200);
    const built = await post("/v1/trades/build", { quoteId: most.body.quote.quoteId, wallet: owner.address });
    expect(built.status).toBe(400);
    expect(built.body).toMatchObject({ code: "INSUFFICIENT_FUNDS", error: expect.stringContaining("more") });
  });

  it.each([SYSTEM_PROGRAM, RENT_SYSVAR])("a quote or build whose wallet is %s cannot pay fees: 400 naming the rule", async (payer) => {
    const quote = await post("/v1/trades/quote", { launch: curveLaunch, direction: "buy", amountIn: "1000000", wallet: payer });
    expect(quote.status).toBe(400);
    expect(quote.body).toMatchObject({
      code: "INVALID_BODY",
      error: expect.stringContaining("body field wallet must be a wallet that can pay fees"),
    });
    const priced = await post("/v1/trades/quote", { launch: curveLaunch, direction: "buy", amountIn: "1000000" });
    const built = await post("/v1/trades/build", { quoteId: priced.body.quote.quoteId, wallet: payer });
    expect(built.status).toBe(400);
    expect(built.body.code).toBe("INVALID_BODY");
    const market = await post("/v1/trades/quote", { launch: graduatedLaunch, direction: "buy", amountIn: "1000000", wallet: payer });
    expect(market.status).toBe(400);
  });
});

describe("a quote's submissions after it expired", () => {
  it("the plan built while it lived still lands, step by step; a foreign message is still MESSAGE_MISMATCH", async () => {
    const owner = wallet();
    const other = wallet();
    const { quote, built } = await quoteAndBuild({ launch: curveLaunch, direction: "buy", amountIn: "1000000000000" }, owner);
    const foreign = await quoteAndBuild({ launch: curveLaunch, direction: "buy", amountIn: "1000000000000" }, other);
    const foreignSigned = sign(foreign.built.plan[0]!.transaction, other.keypair);
    expect((await post("/v1/transactions/submit", { transaction: foreignSigned, quoteId: quote.quoteId })).body.code).toBe(
      "MESSAGE_MISMATCH",
    );
    // A slow wallet: 31 s of signing, within the blockhash's life but past the quote's.
    api.devnet.advanceSeconds(31);
    const rebuilt = await post("/v1/trades/build", { quoteId: quote.quoteId, wallet: owner.address });
    expect(rebuilt.status).toBe(410);
    expect(rebuilt.body).toEqual({ code: "QUOTE_EXPIRED", error: `quote ${quote.quoteId} expired (quotes live 30 seconds): quote again` });
    await land(built.plan, owner, quote.quoteId);
    expect((await post("/v1/transactions/submit", { transaction: foreignSigned, quoteId: quote.quoteId })).body.code).toBe(
      "MESSAGE_MISMATCH",
    );
    expect(
      (await post("/v1/transactions/submit", { transaction: foreignSigned, quoteId: "q_00000000000000000000000000000000" })).body.code,
    ).toBe("QUOTE_NOT_FOUND");
  });
});

describe("build-create checks the creator's funds", () => {
  it("a creator with no SOL gets INSUFFICIENT_FUNDS naming the shortfall; one lamport short too; exactly enough lands", async () => {
    const body = (creator: string) => ({
      symbol: "FUND",
      name: "Funded basket",
      creator,
      components: api.world.components.slice(0, 2).map((c, i) => ({ mint: c.mint, targetBps: i ? 5_000 : 5_000 })),
    });
    const broke = wallet(0n);
    const refused = await post("/v1/launches/build-create", body(broke.address));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "INSUFFICIENT_FUNDS",
      error: expect.stringMatching(/holds 0 lamports and creating this launch needs (\d+)/),
    });
    const needed = BigInt(/needs (\d+)/.exec(refused.body.error)![1]!);

    const short = wallet(needed - 1n);
    expect((await post("/v1/launches/build-create", body(short.address))).body).toMatchObject({
      code: "INSUFFICIENT_FUNDS",
      error: expect.stringContaining(": 1 more"),
    });
    const exact = wallet(needed);
    const built = await post("/v1/launches/build-create", body(exact.address));
    expect(built.status).toBe(200);
    await land(built.body.plan, exact, null);
  });
});

describe("allInLamports", () => {
  it.each([
    ["a curve buy", () => ({ launch: curveLaunch, direction: "buy", amountIn: "1000000000000" })],
    [
      "a curve buy with a priority fee and a tip",
      () => ({ launch: curveLaunch, direction: "buy", amountIn: "1000000000000", priorityFee: "auto", tipLamports: "25000" }),
    ],
    ["a market buy", () => ({ launch: graduatedLaunch, direction: "buy", amountIn: "1000000000" })],
  ])("%s takes exactly allInLamports from the wallet", async (_, body) => {
    const owner = wallet();
    const before = api.devnet.getBalance(address(owner.address));
    const { quote, built } = await quoteAndBuild(body(), owner);
    await land(built.plan, owner, quote.quoteId);
    expect(before - api.devnet.getBalance(address(owner.address))).toBe(BigInt(quote.allInLamports));
  });

  it("is null without a wallet", async () => {
    const quote = await post("/v1/trades/quote", { launch: curveLaunch, direction: "buy", amountIn: "1000000" });
    expect(quote.body.quote).toMatchObject({ route: null, allInLamports: null });
  });
});
