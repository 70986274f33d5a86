import { Connection, Keypair, LAMPORTS_PER_SOL, VersionedTransaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../simulator/simulator.ts";
import { postRpc, startRpcSimulator } from "./rpc-simulator.ts";

let simulator: Simulator;
let connection: Connection;
let rpcUrl: string;

beforeAll(async () => {
  simulator = await startRpcSimulator("rpc-history");
  rpcUrl = simulator.rpc!.rpcUrl;
  connection = new Connection(rpcUrl, "confirmed");
}, 120_000);

afterAll(async () => {
  await simulator?.close();
});

async function fetchJson(url: string, init?: RequestInit): Promise<any> {
  return (await fetch(url, init)).json();
}

const post = (path: string, body: unknown) =>
  fetchJson(`${simulator.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** A funded wallet's REST-built curve buy, signed and sent over the RPC: every step's signature, in order, and the settle's. */
async function buyOverRpc(owner: Keypair, launch: string): Promise<{ steps: string[]; settle: string }> {
  const quote = await post("/v1/trades/quote", {
    launch,
    direction: "buy",
    mode: "exactInSol",
    amountIn: String(LAMPORTS_PER_SOL),
    wallet: owner.publicKey.toBase58(),
  });
  const built = await post("/v1/trades/build", { quoteId: quote.quote.quoteId, wallet: owner.publicKey.toBase58() });
  const steps: string[] = [];
  let settle = "";
  for (const step of built.plan as { transaction: string; settles?: boolean }[]) {
    const transaction = VersionedTransaction.deserialize(Buffer.from(step.transaction, "base64"));
    transaction.sign([owner]);
    const signature = await connection.sendRawTransaction(transaction.serialize());
    const confirmed = await connection.confirmTransaction(
      { signature, blockhash: transaction.message.recentBlockhash, lastValidBlockHeight: built.lastValidBlockHeight },
      "confirmed",
    );
    expect(confirmed.value.err).toBeNull();
    steps.push(signature);
    if (step.settles) settle = signature;
  }
  return { steps, settle };
}

describe("getTransaction and getSignaturesForAddress over web3.js", () => {
  it("a curve settle shows its logs, fee, units and the launch token's balance change by exactly the traded amount", async () => {
    const owner = Keypair.generate();
    const airdrop = await connection.requestAirdrop(owner.publicKey, 20 * LAMPORTS_PER_SOL);
    await connection.confirmTransaction({ signature: airdrop, ...(await connection.getLatestBlockhash()) }, "confirmed");
    const launch = (await fetchJson(`${simulator.baseUrl}/v1/launches?state=bonding&limit=100`)).launches[0] as {
      address: string;
      primaryMint: string;
    };
    const { steps, settle } = await buyOverRpc(owner, launch.address);
    const tape = (await fetchJson(`${simulator.baseUrl}/v1/launches/${launch.address}/trades?limit=1`)).trades[0];
    expect(tape.signature).toBe(settle);

    const found = await connection.getTransaction(settle, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
    expect(found).not.toBeNull();
    const meta = found!.meta!;
    expect(meta.err).toBeNull();
    expect(found!.slot).toBe((await connection.getSignatureStatus(settle)).value!.slot);
    expect(found!.blockTime).toEqual(expect.any(Number));
    expect(meta.logMessages!.length).toBeGreaterThan(0);
    expect(meta.computeUnitsConsumed).toBeGreaterThan(0);
    const keys = found!.transaction.message.staticAccountKeys.map((key) => key.toBase58());
    expect(keys[0]).toBe(owner.publicKey.toBase58());
    expect(found!.transaction.signatures[0]).toBe(settle);
    // The owner paid at least one signature's fee; every key has a balance on both sides.
    expect(meta.fee).toBeGreaterThanOrEqual(5000);
    expect(meta.preBalances).toHaveLength(keys.length);
    expect(meta.postBalances).toHaveLength(keys.length);
    const holding = (balances: typeof meta.preTokenBalances) =>
      BigInt(
        balances!.find((balance) => balance.mint === launch.primaryMint && balance.owner === owner.publicKey.toBase58())?.uiTokenAmount
          .amount ?? "0",
      );
    expect(holding(meta.postTokenBalances) - holding(meta.preTokenBalances)).toBe(BigInt(tape.primaryAmount));
    expect(BigInt(tape.primaryAmount)).toBeGreaterThan(0n);

    // base64 is the wire transaction itself.
    const wire = await postRpc(rpcUrl, {
      jsonrpc: "2.0",
      id: 1,
      method: "getTransaction",
      params: [settle, { encoding: "base64", maxSupportedTransactionVersion: 0, commitment: "confirmed" }],
    });
    const [base64, encoding] = wire.json.result.transaction;
    expect(encoding).toBe("base64");
    expect(VersionedTransaction.deserialize(Buffer.from(base64, "base64")).signatures[0]).toHaveLength(64);
    expect(wire.json.result.meta.status).toEqual({ Ok: null });

    // jsonParsed (what getParsedTransaction asks for) passes web3's own checks.
    const parsed = await connection.getParsedTransaction(settle, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
    expect(parsed!.transaction.message.accountKeys[0]).toMatchObject({ signer: true, writable: true });
    expect(parsed!.transaction.message.accountKeys[0]!.pubkey.toBase58()).toBe(owner.publicKey.toBase58());
    expect(parsed!.meta!.fee).toBe(meta.fee);

    // The wallet's transactions, newest first: the plan's steps after the airdrop (at confirmed:
    // naming no commitment is finalized, 32 slots deep, as on a validator).
    const listed = await connection.getSignaturesForAddress(owner.publicKey, {}, "confirmed");
    expect(listed.map((info) => info.signature)).toEqual([...steps].reverse().concat(airdrop));
    expect(listed[0]).toMatchObject({ err: null, memo: null, blockTime: expect.any(Number) });
    for (let index = 1; index < listed.length; index++) expect(listed[index - 1]!.slot).toBeGreaterThanOrEqual(listed[index]!.slot);
    const limited = await connection.getSignaturesForAddress(owner.publicKey, { limit: 1 }, "confirmed");
    expect(limited.map((info) => info.signature)).toEqual([listed[0]!.signature]);
    const older = await connection.getSignaturesForAddress(owner.publicKey, { before: listed[0]!.signature }, "confirmed");
    expect(older.map((info) => info.signature)).toEqual(listed.slice(1).map((info) => info.signature));
  }, 60_000);

  it("answers null for a signature it never saw, and refuses `processed` as the validator does", async () => {
    const unknown = "1".repeat(64);
    expect(await connection.getTransaction(unknown, { maxSupportedTransactionVersion: 0 })).toBeNull();
    expect(await connection.getSignaturesForAddress(Keypair.generate().publicKey)).toEqual([]);
    const processed = await postRpc(rpcUrl, {
      jsonrpc: "2.0",
      id: 1,
      method: "getTransaction",
      params: [unknown, { commitment: "processed" }],
    });
    expect(processed.json.error.code).toBe(-32602);
    // The encoding alone, the validator's older form of the configuration, is read as {encoding}.
    for (const encoding of ["json", "base64"]) {
      const bare = await postRpc(rpcUrl, { jsonrpc: "2.0", id: 3, method: "getTransaction", params: [unknown, encoding] });
      expect(bare.json).toEqual({ jsonrpc: "2.0", id: 3, result: null });
    }
    const strange = await postRpc(rpcUrl, { jsonrpc: "2.0", id: 4, method: "getTransaction", params: [unknown, "yaml"] });
    expect(strange.json.error.code).toBe(-32602);
    const tooMany = await postRpc(rpcUrl, {
      jsonrpc: "2.0",
      id: 2,
      method: "getSignaturesForAddress",
      params: [Keypair.generate().publicKey.toBase58(), { limit: 1001 }],
    });
    expect(tooMany.json.error.code).toBe(-32602);
  });
});
