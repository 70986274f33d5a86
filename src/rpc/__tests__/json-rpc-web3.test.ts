import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../simulator/simulator.ts";
import { MAX_BATCH_REQUESTS } from "../rpc-dispatcher.ts";
import { postRpc, startRpcSimulator } from "./rpc-simulator.ts";

let simulator: Simulator;

async function fetchJson(url: string, init?: RequestInit): Promise<any> {
  return (await fetch(url, init)).json();
}
let connection: Connection;
let rpcUrl: string;

beforeAll(async () => {
  simulator = await startRpcSimulator("rpc-web3");
  rpcUrl = simulator.rpc!.rpcUrl;
  // No wsEndpoint: web3.js finds PubSub on the RPC port + 1, as against a test validator.
  connection = new Connection(rpcUrl, "confirmed");
}, 120_000);

afterAll(async () => {
  await simulator?.close();
});

async function fundedWallet(lamports: number): Promise<Keypair> {
  const wallet = Keypair.generate();
  const signature = await connection.requestAirdrop(wallet.publicKey, lamports);
  const latest = await connection.getLatestBlockhash();
  const confirmed = await connection.confirmTransaction({ signature, ...latest }, "confirmed");
  expect(confirmed.value.err).toBeNull();
  return wallet;
}

describe("Solana JSON-RPC with web3.js Connection", () => {
  it("serves the RPC beside /v1 on its own port, PubSub on the next", () => {
    expect(simulator.rpc!.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(simulator.rpc!.pubsubUrl).toBe(`ws://127.0.0.1:${simulator.rpc!.port + 1}`);
  });

  it("getLatestBlockhash is the devnet's latest blockhash, valid for 150 blocks", async () => {
    const latest = await connection.getLatestBlockhash();
    // The realtime clock may move a slot between the two reads: the answer is one of the devnet's live blockhashes.
    expect(latest.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(simulator.devnet.lastValidBlockHeightOf(latest.blockhash)).toBe(BigInt(latest.lastValidBlockHeight));
    expect(latest.lastValidBlockHeight).toBeGreaterThan(await connection.getBlockHeight());
    expect((await connection.isBlockhashValid(latest.blockhash)).value).toBe(true);
    expect((await connection.isBlockhashValid(Keypair.generate().publicKey.toBase58())).value).toBe(false);
  });

  it("requestAirdrop lands a faucet transfer that confirms over signatureSubscribe, then finalizes", async () => {
    const wallet = Keypair.generate();
    const signature = await connection.requestAirdrop(wallet.publicKey, 2 * LAMPORTS_PER_SOL);
    const latest = await connection.getLatestBlockhash();
    const confirmed = await connection.confirmTransaction({ signature, ...latest }, "confirmed");
    expect(confirmed.value.err).toBeNull();
    expect(await connection.getBalance(wallet.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
    // The same signature is a transaction on the REST status route.
    // (finalized already when the machine is slow: 32 slots are 640 wall ms here)
    const rest = await fetchJson(`${simulator.baseUrl}/v1/transactions/${signature}`);
    expect(["confirmed", "finalized"]).toContain(rest.status);
    const finalized = await connection.confirmTransaction({ signature, ...latest }, "finalized");
    expect(finalized.value.err).toBeNull();
    const status = await connection.getSignatureStatus(signature, { searchTransactionHistory: true });
    expect(status.value).toMatchObject({ confirmationStatus: "finalized", confirmations: null, err: null });
  });

  it("requestAirdrop refuses, as invalid params, more than a million SOL and a program's account", async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const tooMuch = await postRpc(rpcUrl, { jsonrpc: "2.0", id: 1, method: "requestAirdrop", params: [wallet, 10 ** 15 + 1] });
    expect(tooMuch.json.error).toMatchObject({ code: -32602, message: expect.stringContaining("at most 1000000000000000") });
    const program = "11111111111111111111111111111111";
    const toProgram = await postRpc(rpcUrl, { jsonrpc: "2.0", id: 2, method: "requestAirdrop", params: [program, 1_000] });
    expect(toProgram.json.error).toMatchObject({ code: -32602, message: expect.stringContaining("program account") });
  });

  it("sendAndConfirmTransaction of a SOL transfer moves exactly the amount, less one 5000-lamport fee", async () => {
    const sender = await fundedWallet(LAMPORTS_PER_SOL);
    const recipient = Keypair.generate().publicKey;
    const transfer = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports: LAMPORTS_PER_SOL / 10 }),
    );
    const signature = await sendAndConfirmTransaction(connection, transfer, [sender]);
    expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 10);
    expect(await connection.getBalance(sender.publicKey)).toBe(LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 10 - 5000);
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    expect(status).toMatchObject({ err: null, slot: expect.any(Number) });
    expect(["confirmed", "finalized"]).toContain(status!.confirmationStatus);
    const fee = await connection.getFeeForMessage(transfer.compileMessage());
    expect(fee.value).toBe(5000);
    // A priority fee counts too: 50,000 units at 1,000,000 micro-lamports each is 50,000 lamports.
    const prioritized = new Transaction({ feePayer: sender.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 50_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 }),
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports: 1 }),
    );
    expect((await connection.getFeeForMessage(prioritized.compileMessage())).value).toBe(5000 + 50_000);
  });

  it("reads Token-2022 mints and accounts as a validator does: by program id, by mint, supply and balance", async () => {
    const token2022 = new PublicKey("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
    const associated = new PublicKey("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");
    const payer = await fundedWallet(LAMPORTS_PER_SOL);
    const mint = Keypair.generate();
    const owner = Keypair.generate().publicKey;
    const [ata] = PublicKey.findProgramAddressSync([owner.toBuffer(), token2022.toBuffer(), mint.publicKey.toBuffer()], associated);
    // Token-2022 takes SPL Token's instructions: InitializeMint2 (20), MintTo (7).
    const initializeMint = Buffer.concat([Buffer.from([20, 6]), payer.publicKey.toBuffer(), Buffer.from([0])]);
    const mintToAta = (amount = 1_234_500n) => {
      const data = Buffer.alloc(9);
      data.writeUInt8(7, 0);
      data.writeBigUInt64LE(amount, 1);
      return new TransactionInstruction({
        programId: token2022,
        keys: [
          { pubkey: mint.publicKey, isSigner: false, isWritable: true },
          { pubkey: ata, isSigner: false, isWritable: true },
          { pubkey: payer.publicKey, isSigner: true, isWritable: false },
        ],
        data,
      });
    };
    const transaction = new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: mint.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(82),
        space: 82,
        programId: token2022,
      }),
      new TransactionInstruction({
        programId: token2022,
        keys: [{ pubkey: mint.publicKey, isSigner: false, isWritable: true }],
        data: initializeMint,
      }),
      new TransactionInstruction({
        programId: associated,
        keys: [
          { pubkey: payer.publicKey, isSigner: true, isWritable: true },
          { pubkey: ata, isSigner: false, isWritable: true },
          { pubkey: owner, isSigner: false, isWritable: false },
          { pubkey: mint.publicKey, isSigner: false, isWritable: false },
          { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
          { pubkey: token2022, isSigner: false, isWritable: false },
        ],
        data: Buffer.from([1]),
      }),
      mintToAta(),
    );
    await sendAndConfirmTransaction(connection, transaction, [payer, mint]);

    const byProgram = await connection.getTokenAccountsByOwner(owner, { programId: token2022 });
    expect(byProgram.value.map((account) => account.pubkey.toBase58())).toEqual([ata.toBase58()]);
    const byMint = await connection.getTokenAccountsByOwner(owner, { mint: mint.publicKey });
    expect(byMint.value.map((account) => account.pubkey.toBase58())).toEqual([ata.toBase58()]);
    // The classic program holds none of them.
    expect(
      (await connection.getTokenAccountsByOwner(owner, { programId: new PublicKey("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA") })).value,
    ).toEqual([]);
    expect((await connection.getTokenSupply(mint.publicKey)).value).toEqual({
      amount: "1234500",
      decimals: 6,
      uiAmount: 1.2345,
      uiAmountString: "1.2345",
    });
    expect((await connection.getTokenAccountBalance(ata)).value.amount).toBe("1234500");
    // Parsed as a wallet reads it: web3.js refuses an account of a token program that comes back unparsed.
    const parsed = await connection.getParsedTokenAccountsByOwner(owner, { programId: token2022 });
    expect(parsed.value[0]!.account.data).toMatchObject({
      program: "spl-token-2022",
      // An associated Token-2022 account carries the ImmutableOwner extension past the base 165 bytes.
      space: 170,
      parsed: { type: "account", info: { mint: mint.publicKey.toBase58(), owner: owner.toBase58(), tokenAmount: { amount: "1234500" } } },
    });
    expect((await connection.getParsedAccountInfo(mint.publicKey)).value!.data).toMatchObject({
      program: "spl-token-2022",
      parsed: { type: "mint", info: { decimals: 6, supply: "1234500" } },
    });
    // A second mint-to: its recorded token balances, before and after, name Token-2022.
    const mintMore = new Transaction().add(mintToAta(1_000n));
    const minted = await sendAndConfirmTransaction(connection, mintMore, [payer]);
    const recorded = await connection.getTransaction(minted, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
    const ataIndex = recorded!.transaction.message.staticAccountKeys.findIndex((key) => key.equals(ata));
    const balance = (amount: string) => ({
      accountIndex: ataIndex,
      mint: mint.publicKey.toBase58(),
      owner: owner.toBase58(),
      programId: token2022.toBase58(),
      uiTokenAmount: expect.objectContaining({ amount, decimals: 6 }),
    });
    expect(recorded!.meta!.preTokenBalances).toEqual([balance("1234500")]);
    expect(recorded!.meta!.postTokenBalances).toEqual([balance("1235500")]);
    // The API's wallet balances list the Token-2022 holding too, as a token it does not list.
    const balances = (await (await fetch(`${simulator.baseUrl}/v1/wallets/${owner.toBase58()}/balances`)).json()) as { tokens: unknown[] };
    expect(balances.tokens).toEqual([
      { mint: mint.publicKey.toBase58(), amount: "1235500", decimals: 6, symbol: "", name: "", logoUri: "", known: false },
    ]);
  });

  it("answers the epoch schedule, the block time of a slot, the first block, and a mint's 20 largest holders", async () => {
    expect(await connection.getEpochSchedule()).toMatchObject({
      slotsPerEpoch: 432_000,
      leaderScheduleSlotOffset: 432_000,
      warmup: false,
      firstNormalEpoch: 0,
      firstNormalSlot: 0,
    });
    const now = simulator.devnet.now();
    expect(await connection.getBlockTime(Number(now.slot))).toBe(Number(now.unixTimestamp));
    expect(await connection.getBlockTime(0)).toBe(Number(now.unixTimestamp - (now.slot * 400n) / 1000n));
    await expect(connection.getBlockTime(Number(now.slot) + 1_000)).rejects.toThrow(/Block not available for slot/);
    expect(await connection.getFirstAvailableBlock()).toBe(0);
    const identity = await postRpc(rpcUrl, { jsonrpc: "2.0", id: 1, method: "getIdentity" });
    expect(identity.json.result.identity).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

    const mint = new PublicKey(simulator.world.components[0]!.mint);
    const largest = (await connection.getTokenLargestAccounts(mint)).value;
    expect(largest.length).toBeGreaterThan(1);
    expect(largest.length).toBeLessThanOrEqual(20);
    const amounts = largest.map((holder) => BigInt(holder.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => (a === b ? 0 : a > b ? -1 : 1)));
    // Each is the account's own balance, and together they hold no more than the supply.
    const [first] = largest;
    expect((await connection.getTokenAccountBalance(first!.address)).value.amount).toBe(first!.amount);
    expect(amounts.reduce((sum, amount) => sum + amount, 0n)).toBeLessThanOrEqual(
      BigInt((await connection.getTokenSupply(mint)).value.amount),
    );
    await expect(connection.getTokenLargestAccounts(Keypair.generate().publicKey)).rejects.toThrow(/could not find mint/);
  });

  it("a program error lands as a failed transaction: err is {InstructionError: [0, {Custom: 1}]}", async () => {
    const sender = await fundedWallet(LAMPORTS_PER_SOL / 10);
    const latest = await connection.getLatestBlockhash();
    const transfer = new Transaction({ feePayer: sender.publicKey, ...latest }).add(
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    );
    transfer.sign(sender);
    const signature = await connection.sendRawTransaction(transfer.serialize(), { skipPreflight: true });
    const confirmed = await connection.confirmTransaction({ signature, ...latest }, "confirmed");
    expect(confirmed.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
  });

  it("preflight simulates: a transfer beyond the balance is refused with the program's error and logs, and nothing lands", async () => {
    const sender = await fundedWallet(LAMPORTS_PER_SOL / 10);
    const latest = await connection.getLatestBlockhash();
    const transfer = new Transaction({ feePayer: sender.publicKey, ...latest }).add(
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    );
    transfer.sign(sender);
    const sent = await postRpc(rpcUrl, {
      jsonrpc: "2.0",
      id: 1,
      method: "sendTransaction",
      params: [transfer.serialize().toString("base64"), { encoding: "base64" }],
    });
    expect(sent.json.error).toMatchObject({
      code: -32002,
      message: "Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1",
      data: { err: { InstructionError: [0, { Custom: 1 }] } },
    });
    expect(sent.json.error.data.logs.some((line: string) => line.includes("11111111111111111111111111111111"))).toBe(true);
    expect(await connection.getBalance(sender.publicKey)).toBe(LAMPORTS_PER_SOL / 10);
    // A bad signature is -32003, as a validator's sigverify answers it.
    const forged = transfer.serialize();
    forged[1] = forged[1]! ^ 0xff;
    const badSignature = await postRpc(rpcUrl, {
      jsonrpc: "2.0",
      id: 2,
      method: "sendTransaction",
      params: [forged.toString("base64"), { encoding: "base64" }],
    });
    expect(badSignature.json.error).toEqual({ code: -32003, message: "Transaction signature verification failure" });
    // So is a signature slot left empty (64 zero bytes: the transaction was never signed).
    const unsigned = transfer.serialize();
    unsigned.fill(0, 1, 65);
    const emptySlot = await postRpc(rpcUrl, {
      jsonrpc: "2.0",
      id: 3,
      method: "sendTransaction",
      params: [unsigned.toString("base64"), { encoding: "base64" }],
    });
    expect(emptySlot.json.error).toEqual({ code: -32003, message: "Transaction signature verification failure" });
  });

  it("preflight refuses an unknown blockhash and an unfunded fee payer as a validator does (-32002)", async () => {
    const payer = Keypair.generate();
    const build = (blockhash: string) => {
      const transfer = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight: 0 }).add(
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
      );
      transfer.sign(payer);
      return transfer.serialize().toString("base64");
    };
    const send = (base64: string) =>
      postRpc(rpcUrl, { jsonrpc: "2.0", id: 1, method: "sendTransaction", params: [base64, { encoding: "base64" }] });
    const stale = await send(build(Keypair.generate().publicKey.toBase58()));
    expect(stale.json.error).toMatchObject({
      code: -32002,
      message: "Transaction simulation failed: Blockhash not found",
      data: { err: "BlockhashNotFound" },
    });
    const unfunded = await send(build((await connection.getLatestBlockhash()).blockhash));
    expect(unfunded.json.error).toMatchObject({ code: -32002, data: { err: "AccountNotFound" } });
  });
});

describe("JSON-RPC envelope errors", () => {
  it("answers an unknown method -32601, malformed JSON -32700, bad params -32602, and batches in order", async () => {
    expect((await postRpc(rpcUrl, { jsonrpc: "2.0", id: 7, method: "getBlockProduction" })).json).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32601, message: "Method not found" },
    });
    const malformed = await postRpc(rpcUrl, '{"jsonrpc":"2.0","id":1,"method":');
    expect(malformed.status).toBe(200);
    expect(malformed.json).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    // A body that is not UTF-8 is no JSON text, however it would read with U+FFFD in its holes.
    const latin1 = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"getSlot","params":[],"x":"\xe9"}', "latin1");
    expect((await postRpc(rpcUrl, latin1)).json).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    const badParams = await postRpc(rpcUrl, { jsonrpc: "2.0", id: 2, method: "getBalance", params: [123] });
    expect(badParams.json.error.code).toBe(-32602);
    const notAKey = await postRpc(rpcUrl, { jsonrpc: "2.0", id: 3, method: "getBalance", params: ["not-a-key"] });
    expect(notAKey.json.error.code).toBe(-32602);
    const undecodable = await postRpc(rpcUrl, {
      jsonrpc: "2.0",
      id: 4,
      method: "sendTransaction",
      params: ["AAAA", { encoding: "base64" }],
    });
    expect(undecodable.json.error.code).toBe(-32602);
    expect((await postRpc(rpcUrl, { id: 5, method: "getSlot" })).json.error.code).toBe(-32600);
    // An id is null, a string or a whole number from 0, as the validator's JSON-RPC takes it.
    for (const id of [-1, 1.5, 1e20, true, { n: 1 }]) {
      expect((await postRpc(rpcUrl, { jsonrpc: "2.0", id, method: "getSlot" })).json).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid request" },
      });
    }
    for (const id of [0, 9_007_199_254_740_991, "x", null]) {
      expect((await postRpc(rpcUrl, { jsonrpc: "2.0", id, method: "getSlot" })).json).toMatchObject({ id, result: expect.any(Number) });
    }
    const batch = await postRpc(rpcUrl, [
      { jsonrpc: "2.0", id: "a", method: "getHealth" },
      { jsonrpc: "2.0", id: "b", method: "nope" },
    ]);
    expect(batch.json).toEqual([
      { jsonrpc: "2.0", id: "a", result: "ok" },
      { jsonrpc: "2.0", id: "b", error: { code: -32601, message: "Method not found" } },
    ]);
    const most = Array.from({ length: MAX_BATCH_REQUESTS }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "getHealth" }));
    expect((await postRpc(rpcUrl, most)).json.map((answer: { id: number }) => answer.id)).toEqual(most.map((request) => request.id));
    const tooMany = await postRpc(rpcUrl, [...most, { jsonrpc: "2.0", id: "one more", method: "getHealth" }]);
    expect(tooMany.json).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: `Invalid request: a batch holds at most ${MAX_BATCH_REQUESTS} requests, got ${MAX_BATCH_REQUESTS + 1}`,
      },
    });
  });
});

describe("a REST quote, built, signed and sent over the RPC", () => {
  it("settles, shows as confirmed on the REST status route and on the tape, and the wallet's tokens parse", async () => {
    const owner = await fundedWallet(20 * LAMPORTS_PER_SOL);
    const launches = (await fetchJson(`${simulator.baseUrl}/v1/launches?state=bonding&limit=100`)).launches as {
      address: string;
      primaryMint: string;
    }[];
    const launch = launches[0]!;
    const post = (path: string, body: unknown) =>
      fetchJson(`${simulator.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const quote = await post("/v1/trades/quote", {
      launch: launch.address,
      direction: "buy",
      mode: "exactInSol",
      amountIn: String(LAMPORTS_PER_SOL),
      wallet: owner.publicKey.toBase58(),
    });
    const built = await post("/v1/trades/build", { quoteId: quote.quote.quoteId, wallet: owner.publicKey.toBase58() });
    let settle = "";
    for (const step of built.plan as { transaction: string; settles?: boolean }[]) {
      const transaction = VersionedTransaction.deserialize(Buffer.from(step.transaction, "base64"));
      transaction.sign([owner]);
      // Simulating first changes nothing: the step then lands as sent.
      const simulated = await connection.simulateTransaction(transaction, { sigVerify: true });
      expect(simulated.value.err).toBeNull();
      expect(simulated.value.logs!.length).toBeGreaterThan(0);
      expect(simulated.value.unitsConsumed).toBeGreaterThan(0);
      const signature = await connection.sendRawTransaction(transaction.serialize());
      const confirmed = await connection.confirmTransaction(
        { signature, blockhash: transaction.message.recentBlockhash, lastValidBlockHeight: built.lastValidBlockHeight },
        "confirmed",
      );
      expect(confirmed.value.err).toBeNull();
      if (step.settles) settle = signature;
    }
    const rest = await fetchJson(`${simulator.baseUrl}/v1/transactions/${settle}`);
    expect(["confirmed", "finalized"]).toContain(rest.status);
    const tape = (await fetchJson(`${simulator.baseUrl}/v1/launches/${launch.address}/trades?limit=1`)).trades[0];
    expect(tape).toMatchObject({ signature: settle, direction: "buy", trader: owner.publicKey.toBase58() });

    const parsed = await connection.getParsedTokenAccountsByOwner(owner.publicKey, { mint: new PublicKey(launch.primaryMint) });
    expect(parsed.value).toHaveLength(1);
    const info = parsed.value[0]!.account.data.parsed.info;
    expect(info).toMatchObject({ mint: launch.primaryMint, owner: owner.publicKey.toBase58(), state: "initialized" });
    expect(info.tokenAmount.amount).toBe(tape.primaryAmount);
    const balance = await connection.getTokenAccountBalance(parsed.value[0]!.pubkey);
    expect(balance.value.amount).toBe(tape.primaryAmount);
    const raw = await connection.getAccountInfo(parsed.value[0]!.pubkey);
    expect(raw!.data.length).toBe(165);
  });
});
