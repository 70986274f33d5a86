/**
 * Issue 12's benchmark: the Solana JSON-RPC against what it wraps, measured side by side in
 * one run. SOL transfers sent with `sendTransaction` (preflight on, as `Connection` sends)
 * and confirmed with `getSignatureStatuses` over loopback HTTP, per second, as a ratio of
 * the same signed transactions run by `Devnet.send` in process (with and without the RPC's
 * transaction history following the chain); and `getAccountInfo` requests per second as a
 * ratio of a bare fastify route answering the same bytes, serialized once.
 */
import { Worker } from "node:worker_threads";
import Fastify from "fastify";
import { type Transaction, generateKeyPairSigner, getBase64EncodedWireTransaction } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { Devnet } from "../src/chain/devnet.ts";
import { signInstructions } from "../src/chain/sign-instructions.ts";
import { NATIVE_MINT_ADDRESS } from "../src/programs/program-addresses.ts";
import { startRpcEndpoints } from "../src/rpc/rpc-endpoints.ts";
import { TransactionHistory } from "../src/rpc/transaction-history.ts";
import { type LoadRequest, loadUrl } from "./http-load.ts";
import { median, table, throughput } from "./measure.ts";

const SEED = "rpc-bench";
const PAYERS = 32;
/** Transfers timed per measure, after WARM_UP untimed ones through the same path. */
const TRANSFERS = 1_000;
const WARM_UP = 200;
/** Transfers in flight at once over the RPC; the slot ticks when a window has been sent. */
const WINDOW = 50;
/** Raw rounds with and without the history, alternated on fresh chains; the median of each is reported. */
const RAW_ROUNDS = 3;
const LOAD_SECONDS = 2;
const LOAD_ROUNDS = 2;
const LOAD_WARM_UP_REQUESTS = 300;

/** A chain at slot 0 of `SEED` with the payers funded: every one of them accepts the same signed transfers. */
function fundedDevnet(payers: readonly { address: Parameters<Devnet["airdrop"]>[0] }[]): Devnet {
  const devnet = Devnet.start({ seed: SEED });
  for (const payer of payers) devnet.airdrop(payer.address, 1_000_000_000_000n);
  return devnet;
}

async function signedTransfers(count: number): Promise<{ payers: { address: any }[]; transactions: Transaction[] }> {
  const payers = await Promise.all(Array.from({ length: PAYERS }, () => generateKeyPairSigner()));
  const recipients = await Promise.all(Array.from({ length: 64 }, () => generateKeyPairSigner()));
  const lifetime = Devnet.start({ seed: SEED }).latestBlockhash();
  const transactions: Transaction[] = [];
  for (let i = 0; i < count; i++) {
    const payer = payers[i % PAYERS]!;
    transactions.push(
      await signInstructions({
        feePayer: payer,
        lifetime,
        // A distinct amount for each: two equal transfers would be one signature.
        instructions: [
          getTransferSolInstruction({ source: payer, destination: recipients[i % 64]!.address, amount: 1_000_000n + BigInt(i) }),
        ],
      }),
    );
  }
  return { payers, transactions };
}

function sendAllRaw(devnet: Devnet, transactions: readonly Transaction[]): number {
  return throughput(transactions, (transaction) => {
    const result = devnet.send(transaction);
    if (!result.landed || !result.transaction.ok) throw new Error(`a raw transfer failed: ${JSON.stringify(result)}`);
  });
}

/**
 * Sends the transfers over the RPC from a client in a worker thread (see rpc-bench-client.mjs),
 * ticking one slot here whenever it has sent a window; returns transfers confirmed per second.
 */
async function sendAllOverRpc(devnet: Devnet, url: string, transactions: readonly Transaction[]): Promise<number> {
  const wires = transactions.map((transaction) => getBase64EncodedWireTransaction(transaction));
  const client = new Worker(new URL("./rpc-bench-client.mjs", import.meta.url), {
    workerData: { url, wires, window: WINDOW },
  });
  try {
    const seconds = await new Promise<number>((resolve, reject) => {
      client.on("error", reject);
      client.on("message", (message: { kind: "tick" } | { kind: "done"; seconds: number }) => {
        if (message.kind === "done") return resolve(message.seconds);
        devnet.advanceSlots(1);
        client.postMessage("ticked");
      });
    });
    return transactions.length / seconds;
  } finally {
    await client.terminate();
  }
}

export async function rpcBench(): Promise<string> {
  const { payers, transactions } = await signedTransfers(WARM_UP + TRANSFERS);
  const warmUp = transactions.slice(0, WARM_UP);
  const timed = transactions.slice(WARM_UP);

  // Alternated, so a busy moment of the machine does not fall on one side only.
  const rawRates: number[] = [];
  const historyRates: number[] = [];
  for (let round = 0; round < RAW_ROUNDS; round++) {
    for (const withHistory of round % 2 === 0 ? [false, true] : [true, false]) {
      const chain = fundedDevnet(payers);
      if (withHistory) TransactionHistory.of(chain);
      sendAllRaw(chain, warmUp);
      (withHistory ? historyRates : rawRates).push(sendAllRaw(chain, timed));
      chain.close();
    }
  }
  const [rawRate, historyRate] = [median(rawRates), median(historyRates)];

  const devnet = fundedDevnet(payers);
  const endpoints = await startRpcEndpoints({ devnet }, { host: "127.0.0.1", urlHost: "127.0.0.1", port: 0, explicit: false });
  const bare = Fastify({ logger: false });
  try {
    await sendAllOverRpc(devnet, endpoints.rpcUrl, warmUp);
    const rpcRate = await sendAllOverRpc(devnet, endpoints.rpcUrl, timed);

    // getAccountInfo of wrapped SOL's mint, against a route answering the same bytes, serialized once.
    const request: LoadRequest = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getAccountInfo", params: [NATIVE_MINT_ADDRESS, { encoding: "base64" }] }),
    };
    const answer = Buffer.from(await (await fetch(endpoints.rpcUrl, { ...request })).text());
    bare.post("/", async (_request, reply) => reply.header("content-type", "application/json; charset=utf-8").send(answer));
    const bareUrl = await bare.listen({ host: "127.0.0.1", port: 0 });
    const targets = [bareUrl, endpoints.rpcUrl];
    for (const url of targets) await loadUrl(url, { amount: LOAD_WARM_UP_REQUESTS }, request);
    const totals = targets.map(() => ({ requests: 0, seconds: 0 }));
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      // Alternating order, so neither target always runs on the warmer machine.
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const sample = await loadUrl(targets[i]!, { seconds: LOAD_SECONDS }, request);
        totals[i]!.requests += sample.requests;
        totals[i]!.seconds += sample.seconds;
      }
    }
    const [bareRate, accountRate] = totals.map((total) => total.requests / total.seconds) as [number, number];

    const round = (value: number) => Math.round(value).toLocaleString("en-US");
    return [
      `**Solana JSON-RPC (issue 12)**: ${TRANSFERS.toLocaleString("en-US")} signed SOL transfers (after ${WARM_UP} to warm up), sent ${WINDOW} at a time with \`sendTransaction\` (preflight on) by a client in a worker thread, one slot tick per window, each window confirmed by one \`getSignatureStatuses\`; \`getAccountInfo\` (base64, an 82-byte mint) under autocannon, ${LOAD_ROUNDS} × ${LOAD_SECONDS} s per target.`,
      "",
      table(
        ["measure", "value", "goal"],
        [
          [`raw \`Devnet.send\` of the transfers / s (median of ${RAW_ROUNDS})`, round(rawRate), ""],
          [`the same with the RPC's transaction history following the chain / s (median of ${RAW_ROUNDS})`, round(historyRate), ""],
          ["  history capture's share of raw time", `${((1 - historyRate / rawRate) * 100).toFixed(0)}%`, ""],
          ["`sendTransaction` + confirm over the RPC / s", round(rpcRate), ""],
          ["  ratio RPC / raw", (rpcRate / rawRate).toFixed(3), "≥ 0.25"],
          ["constant fastify route, the same answer's bytes / s", round(bareRate), ""],
          ["`getAccountInfo` / s", round(accountRate), ""],
          ["  ratio to the constant route", (accountRate / bareRate).toFixed(3), "≥ 0.5"],
        ],
      ),
    ].join("\n");
  } finally {
    await bare.close();
    await endpoints.close();
    devnet.close();
  }
}
