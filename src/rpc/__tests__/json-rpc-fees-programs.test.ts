import { once } from "node:events";
import {
  type Address,
  address,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
} from "@solana/kit";
import { getSetComputeUnitPriceInstruction } from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getSyncNativeInstruction } from "@solana-program/token";
import {
  ComputeBudgetProgram,
  Connection,
  type KeyedAccountInfo,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from "@solana/web3.js";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInstructions } from "../../chain/sign-instructions.ts";
import { NATIVE_MINT_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../../programs/program-addresses.ts";
import type { Simulator } from "../../simulator/simulator.ts";
import { postRpc, startRpcSimulator } from "./rpc-simulator.ts";

const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
const SYSTEM_PROGRAM = "11111111111111111111111111111111";

let simulator: Simulator;
let connection: Connection;
let rpcUrl: string;

beforeAll(async () => {
  simulator = await startRpcSimulator("rpc-fees-programs");
  rpcUrl = simulator.rpc!.rpcUrl;
  connection = new Connection(rpcUrl, "confirmed");
}, 120_000);

afterAll(async () => {
  await simulator?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => T | undefined, what: string, ms = 5_000): Promise<T> {
  for (let waited = 0; waited < ms; waited += 10) {
    const value = read();
    if (value !== undefined) return value;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Wraps 0.1 SOL for a new wallet: creates its wrapped-SOL associated token account (the
 * associated token program CPIs into the system and token programs), funds and syncs it.
 */
async function wrapSol(priceMicroLamports?: bigint) {
  const owner = await generateKeyPairSigner();
  simulator.devnet.airdrop(owner.address, LAMPORTS_PER_SOL_BIG);
  const [ata] = await findAssociatedTokenPda({ owner: owner.address, mint: NATIVE_MINT_ADDRESS, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const transaction = await signInstructions({
    feePayer: owner,
    lifetime: simulator.devnet.latestBlockhash(),
    instructions: [
      ...(priceMicroLamports === undefined ? [] : [getSetComputeUnitPriceInstruction({ microLamports: priceMicroLamports })]),
      getCreateAssociatedTokenIdempotentInstruction({
        payer: owner,
        ata,
        owner: owner.address,
        mint: NATIVE_MINT_ADDRESS,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      }),
      getTransferSolInstruction({ source: owner, destination: ata, amount: LAMPORTS_PER_SOL_BIG / 10n }),
      getSyncNativeInstruction({ account: ata }),
    ],
  });
  const signature = await connection.sendRawTransaction(Buffer.from(getBase64EncodedWireTransaction(transaction), "base64"));
  const latest = await connection.getLatestBlockhash();
  expect((await connection.confirmTransaction({ signature, ...latest }, "confirmed")).value.err).toBeNull();
  return { owner: owner.address, ata, signature };
}
const LAMPORTS_PER_SOL_BIG = BigInt(LAMPORTS_PER_SOL);

describe("getRecentPrioritizationFees", () => {
  it("reports a transfer's SetComputeUnitPrice at its slot for the accounts it wrote (web3.js and kit)", async () => {
    const sender = Keypair.generate();
    simulator.devnet.airdrop(address(sender.publicKey.toBase58()), LAMPORTS_PER_SOL_BIG);
    const recipient = Keypair.generate().publicKey;
    const untouched = Keypair.generate().publicKey;
    const transfer = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 7_654_321 }),
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports: 1_000_000 }),
    );
    const signature = await sendAndConfirmTransaction(connection, transfer, [sender]);
    const { slot } = (await connection.getSignatureStatus(signature)).value!;

    const forRecipient = await connection.getRecentPrioritizationFees({ lockedWritableAccounts: [recipient] });
    expect(forRecipient.find((entry) => entry.slot === slot)?.prioritizationFee).toBe(7_654_321);
    // Every recent slot up to the head, oldest first, at most 150.
    const slots = forRecipient.map((entry) => entry.slot);
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.length).toBeLessThanOrEqual(150);
    expect(slots).toEqual([...slots].sort((a, b) => a - b));
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.at(-1)!).toBeGreaterThanOrEqual(slot);
    // Without accounts (or with one the transaction did not write) a slot's fee is its lowest
    // landed price: this transaction's, unless a cheaper one landed beside it.
    const all = await connection.getRecentPrioritizationFees();
    const allAtSlot = all.find((entry) => entry.slot === slot)!.prioritizationFee;
    expect(allAtSlot).toBeLessThanOrEqual(7_654_321);
    const forUntouched = await connection.getRecentPrioritizationFees({ lockedWritableAccounts: [untouched] });
    expect(forUntouched.find((entry) => entry.slot === slot)?.prioritizationFee).toBe(allAtSlot);
    // A slot where nothing landed reports 0.
    const landedSlots = new Set(simulator.devnet.landedTransactions().map((landed) => Number(landed.slot)));
    const empty = all.find((entry) => !landedSlots.has(entry.slot));
    expect(empty?.prioritizationFee).toBe(0);

    const rpc = createSolanaRpc(rpcUrl);
    const kit = await rpc.getRecentPrioritizationFees([address(recipient.toBase58())]).send();
    expect(kit.find((entry) => entry.slot === BigInt(slot))?.prioritizationFee).toBe(7_654_321n);
  });

  it("answers bad parameters -32602: a key that is not base58, more than 128 keys, a non-array", async () => {
    const call = async (params: unknown) =>
      (await postRpc(rpcUrl, { jsonrpc: "2.0", id: 1, method: "getRecentPrioritizationFees", params })).json;
    expect((await call([["not-a-key"]])).error.code).toBe(-32602);
    const tooMany = Array.from({ length: 129 }, () => Keypair.generate().publicKey.toBase58());
    expect((await call([tooMany])).error.code).toBe(-32602);
    expect((await call(["11111111111111111111111111111111"])).error.code).toBe(-32602);
    expect((await call([[], {}])).error.code).toBe(-32602);
    expect(Array.isArray((await call([])).result)).toBe(true);
  });
});

describe("getTransaction innerInstructions", () => {
  it("lists the CPIs the associated token program made, by index (json) and by key (jsonParsed)", async () => {
    const { signature } = await wrapSol();
    const transaction = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
    const keys = transaction!.transaction.message.staticAccountKeys.map((key) => key.toBase58());
    const inner = transaction!.meta!.innerInstructions!;
    // Only the create instruction (index 0) invokes other programs.
    expect(inner.map((entry) => entry.index)).toEqual([0]);
    const programs = inner[0]!.instructions.map((instruction) => keys[instruction.programIdIndex]);
    expect(programs).toContain(SYSTEM_PROGRAM);
    expect(programs).toContain(TOKEN_PROGRAM_ADDRESS);
    expect(inner[0]!.instructions.every((instruction) => (instruction as { stackHeight?: number }).stackHeight === 2)).toBe(true);
    expect(keys[transaction!.transaction.message.compiledInstructions[0]!.programIdIndex]).toBe(ASSOCIATED_TOKEN_PROGRAM);

    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
    const parsedInner = parsed!.meta!.innerInstructions!;
    expect(parsedInner[0]!.instructions.map((instruction) => instruction.programId.toBase58())).toEqual(programs);
  });

  it("is empty for a plain transfer, which invokes nothing", async () => {
    const sender = Keypair.generate();
    simulator.devnet.airdrop(address(sender.publicKey.toBase58()), LAMPORTS_PER_SOL_BIG);
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
      ),
      [sender],
    );
    const transaction = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
    expect(transaction!.meta!.innerInstructions).toEqual([]);
  });
});

describe("rootSubscribe", () => {
  it("serves web3.js onRootChange: the root a slot tick finalizes, 32 behind the head", async () => {
    const roots: number[] = [];
    const listener = connection.onRootChange((root) => roots.push(root));
    // web3.js subscribes lazily over its socket: let the subscription be acknowledged first.
    await sleep(300);
    simulator.devnet.advanceSlots(1);
    const head = Number(simulator.devnet.now().slot);
    for (let waited = 0; (roots.at(-1) ?? 0) < head - 32 && waited < 3_000; waited += 20) await sleep(20);
    // The clock may tick on by itself meanwhile: the root follows the head, 32 behind it, rising.
    expect(roots.at(-1)).toBeGreaterThanOrEqual(head - 32);
    expect(roots.at(-1)).toBeLessThanOrEqual(Number(simulator.devnet.now().slot) - 32);
    expect(roots).toEqual([...roots].sort((a, b) => a - b));
    // Removing the listener unsubscribes (rootUnsubscribe): later ticks are not heard.
    await connection.removeRootChangeListener(listener);
    await sleep(300);
    const heard = roots.length;
    simulator.devnet.advanceSlots(3);
    await sleep(300);
    expect(roots).toHaveLength(heard);
  });
});

describe("programSubscribe", () => {
  it("notifies a token account change through web3.js onProgramAccountChange, honouring memcmp and dataSize filters", async () => {
    const owner = await generateKeyPairSigner();
    const stranger = await generateKeyPairSigner();
    const heard: KeyedAccountInfo[] = [];
    const strangerHeard: KeyedAccountInfo[] = [];
    const byOwner = (key: Address) => [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: key } }];
    const token = new PublicKey(TOKEN_PROGRAM_ADDRESS);
    const mine = connection.onProgramAccountChange(token, (info) => heard.push(info), {
      commitment: "confirmed",
      filters: byOwner(owner.address),
    });
    const theirs = connection.onProgramAccountChange(token, (info) => strangerHeard.push(info), {
      commitment: "confirmed",
      filters: byOwner(stranger.address),
    });
    // web3.js subscribes lazily over its socket: let the subscriptions be acknowledged first.
    await sleep(300);

    // The account is created for `owner` by a transaction its owner pays: the owner is the fee payer.
    simulator.devnet.airdrop(owner.address, LAMPORTS_PER_SOL_BIG);
    const [ata] = await findAssociatedTokenPda({ owner: owner.address, mint: NATIVE_MINT_ADDRESS, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const transaction = await signInstructions({
      feePayer: owner,
      lifetime: simulator.devnet.latestBlockhash(),
      instructions: [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: owner,
          ata,
          owner: owner.address,
          mint: NATIVE_MINT_ADDRESS,
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        }),
        getTransferSolInstruction({ source: owner, destination: ata, amount: 50_000_000n }),
        getSyncNativeInstruction({ account: ata }),
      ],
    });
    await connection.sendRawTransaction(Buffer.from(getBase64EncodedWireTransaction(transaction), "base64"));

    const info = await until(() => heard.find((entry) => entry.accountId.toBase58() === ata), "the owner's token account notification");
    expect(info.accountInfo.owner.toBase58()).toBe(TOKEN_PROGRAM_ADDRESS);
    expect(info.accountInfo.data.length).toBe(165);
    expect(new PublicKey(info.accountInfo.data.subarray(32, 64)).toBase58()).toBe(owner.address);
    // Wrapped SOL: the token amount (offset 64) is the 0.05 SOL synced in.
    expect(info.accountInfo.data.readBigUInt64LE(64)).toBe(50_000_000n);
    // The mint's account was not written, and the stranger's filter matched nothing.
    expect(heard.every((entry) => entry.accountInfo.data.length === 165)).toBe(true);
    await sleep(200);
    expect(strangerHeard).toEqual([]);
    await connection.removeProgramAccountChangeListener(mine);
    await connection.removeProgramAccountChangeListener(theirs);
  });

  it("yields jsonParsed token accounts through kit's programNotifications", async () => {
    const subscriptions = createSolanaRpcSubscriptions(simulator.rpc!.pubsubUrl);
    const abort = new AbortController();
    const notifications = await subscriptions
      .programNotifications(TOKEN_PROGRAM_ADDRESS, { encoding: "jsonParsed", commitment: "confirmed", filters: [{ dataSize: 165n }] })
      .subscribe({ abortSignal: abort.signal });
    // Read from the start, so nothing told while the transaction confirms is missed.
    const accounts: { pubkey: string; data: unknown }[] = [];
    const reading = (async () => {
      for await (const notification of notifications)
        accounts.push({ pubkey: notification.value.pubkey, data: notification.value.account.data });
    })().catch(() => {});
    const { ata, owner } = await wrapSol();
    const found = (await until(() => accounts.find((entry) => entry.pubkey === ata), "the wrapped SOL account's notification")).data;
    abort.abort();
    await reading;
    expect(found).toMatchObject({
      program: "spl-token",
      parsed: { type: "account", info: { owner, mint: NATIVE_MINT_ADDRESS, isNative: true, tokenAmount: { amount: "100000000" } } },
    });
  });

  it("refuses bad parameters -32602 (bad filter bytes, a commitment that is none, not a key) and unsubscribes once", async () => {
    const socket = new WebSocket(simulator.rpc!.pubsubUrl);
    const frames: any[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(data.toString())));
    await once(socket, "open");
    const request = async (id: number, method: string, params: unknown[]) => {
      socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
      return until(() => frames.find((frame) => frame.id === id), `reply ${id}`);
    };
    const token = TOKEN_PROGRAM_ADDRESS;
    expect((await request(1, "programSubscribe", [token, { filters: [{ memcmp: { offset: 0, bytes: "0OIl" } }] }])).error.code).toBe(
      -32602,
    );
    for (const [id, dataSlice] of [
      [8, { offset: -1, length: 1 }],
      [9, { offset: 0, length: 1e20 }],
      [10, { offset: 0.5, length: 1 }],
    ] as const) {
      expect((await request(id, "programSubscribe", [token, { dataSlice }])).error.code).toBe(-32602);
    }
    const notBase64 = { memcmp: { offset: 0, bytes: "!!!", encoding: "base64" } };
    expect((await request(7, "programSubscribe", [token, { filters: [notBase64] }])).error.code).toBe(-32602);
    expect((await request(2, "programSubscribe", [token, { commitment: "rooted" }])).error.code).toBe(-32602);
    expect((await request(3, "programSubscribe", ["not-a-key"])).error.code).toBe(-32602);
    expect((await request(4, "programSubscribe", [token, { filters: [{ dataSize: -1 }] }])).error.code).toBe(-32602);
    const { result: id } = await request(5, "programSubscribe", [token, { encoding: "base58" }]);
    expect(typeof id).toBe("number");
    expect((await request(6, "programUnsubscribe", [id])).result).toBe(true);
    expect((await request(7, "programUnsubscribe", [id])).error.code).toBe(-32602);
    socket.close();
  });
});
