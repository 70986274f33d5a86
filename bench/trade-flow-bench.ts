/**
 * Issue 4's benchmark: whole trade flows per second — quote → build → sign → submit →
 * land → status, over real HTTP against the real simulator, client and server on this
 * machine — as a ratio of raw LiteSVM execution of the same settling transactions, with
 * the time of each stage, client-observed and on the server. The wallets hold their
 * components, so each plan is one settling transaction and both sides execute the same thing.
 */
import { Keypair, VersionedTransaction } from "@solana/web3.js";
import Fastify, { type FastifyReply } from "fastify";
import { Worker } from "node:worker_threads";
import { BasketClient } from "../src/client/basket-client.ts";
import { decodeWireTransaction } from "../src/chain/unsigned-transaction.ts";
import { startSimulator } from "../src/simulator/simulator.ts";
import { tradingFor } from "../src/simulator/simulator-trading.ts";
import { quoteRequestOf } from "../src/trading/quote-request.ts";
import type { Address } from "@solana/kit";
import type { IncomingMessage, ServerResponse } from "node:http";
import { median, table } from "./measure.ts";

const FLOWS = 150;
/**
 * Flows run before the timed ones: V8 compiles the flow's code as it goes, and the first
 * flows of a process are slower for it. Their server times are printed apart, as the cost a
 * process pays once, and the timed flows measure the simulator as it serves from then on.
 */
const WARMUP_FLOWS = 60;
/** Every flow buys this many launch tokens (exactOut, the default mode). */
const AMOUNT_IN = "1000000000";
/** Concurrent lanes of the throughput measure, one launch each so quotes do not race for one curve. */
const LANES = 8;
const FLOWS_PER_LANE = 20;
const ROUNDS = 3;
const STAGES = ["quote", "build", "sign", "submit", "land", "status"] as const;
type Stage = (typeof STAGES)[number];

/** The server-side stage of a request path (sign has none: it is the client's). */
function stageOf(path: string): Stage | null {
  if (path === "/v1/trades/quote") return "quote";
  if (path === "/v1/trades/build") return "build";
  if (path === "/v1/transactions/submit") return "submit";
  if (path.endsWith("/advance")) return "land";
  if (path.startsWith("/v1/transactions/")) return "status";
  return null;
}

function sign(base64: string, keypair: Keypair): string {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, "base64"));
  transaction.sign([keypair]);
  return Buffer.from(transaction.serialize()).toString("base64");
}

export async function tradeFlowBench(): Promise<string> {
  const simulator = await startSimulator({
    seed: "bench-flow",
    port: 0,
    clockMode: "manual",
    bots: false,
    // A seeded world puts about two launches in five on their curve: enough launches for a lane each.
    launchCount: LANES * 3,
    historyHours: 0.1,
  });
  try {
    const client = new BasketClient(simulator.baseUrl);
    const bonding = (await client.launches({ tab: "new", state: "bonding", limit: LANES })).launches as {
      address: string;
      components: { mint: string }[];
    }[];
    if (bonding.length < LANES) throw new Error(`the world has ${bonding.length} launches on their curve, fewer than the ${LANES} lanes`);
    const launch = bonding[0]!;
    /** The quote body of every flow on `launch`, one wallet's. */
    const buy = (wallet: string) => ({ launch: launch.address, direction: "buy" as const, amountIn: AMOUNT_IN, wallet });
    const wallets = async (count: number, launch = bonding[0]!) => {
      const list: Keypair[] = [];
      for (let i = 0; i < count; i++) {
        const keypair = Keypair.generate();
        const wallet = keypair.publicKey.toBase58();
        await client.devnet("airdrop", { wallet, lamports: "10000000000" });
        for (const component of launch.components)
          await client.devnet("airdrop", { wallet, mint: component.mint, amount: "1000000000000000" });
        list.push(keypair);
      }
      return list;
    };

    // Full flows over HTTP, one wallet each, timed by stage (after the warm-up's).
    const warmupWallets = await wallets(WARMUP_FLOWS);
    const flowWallets = await wallets(FLOWS);
    const times: Record<Stage, number[]> = { quote: [], build: [], sign: [], submit: [], land: [], status: [] };
    const timed = async <T>(stage: Stage, work: () => Promise<T> | T): Promise<T> => {
      const started = performance.now();
      const result = await work();
      times[stage].push(performance.now() - started);
      return result;
    };
    // Server time of each request: from the app's server receiving it (routing, validation,
    // the handler, serialization) to its response handed to the socket, measured by a
    // listener the bench puts before the app's own on the server the port hands requests to.
    const serverTimes: Record<Stage, number[]> = { quote: [], build: [], sign: [], submit: [], land: [], status: [] };
    const warmupServerTimes: Record<Stage, number[]> = { quote: [], build: [], sign: [], submit: [], land: [], status: [] };
    let serverTimesNow = warmupServerTimes;
    let timingServer = true;
    const onRequest = (request: IncomingMessage, response: ServerResponse) => {
      const stage = stageOf((request.url ?? "").split("?")[0]!);
      if (!timingServer || stage === null) return;
      const started = performance.now();
      const into = serverTimesNow;
      response.once("finish", () => into[stage].push(performance.now() - started));
    };
    simulator.app.server.prependListener("request", onRequest);
    // The last flow's answers, kept for the bare-HTTP route below.
    let answers: Record<"quote" | "build" | "submit" | "advance" | "status", string> | null = null;
    const flow = async (keypair: Keypair) => {
      const wallet = keypair.publicKey.toBase58();
      const quoted = await timed("quote", () => client.quote(buy(wallet)));
      const { quote } = quoted;
      const built = await timed("build", () => client.build(quote.quoteId, wallet));
      if (built.plan && built.plan.length !== 1) throw new Error(`expected one settling step, got ${built.plan.length}`);
      const signed = await timed("sign", () => sign(built.transaction, keypair));
      const submitted = await timed("submit", () => client.submit(signed, quote.quoteId));
      const advanced = await timed("land", () => client.devnet("advance", { slots: 1 }));
      const status = await timed("status", () => client.transaction(submitted.signature));
      if (status.status !== "confirmed") throw new Error(`flow ended ${status.status}: ${status.error}`);
      answers = {
        quote: JSON.stringify(quoted),
        build: JSON.stringify(built),
        submit: JSON.stringify(submitted),
        advance: JSON.stringify(advanced),
        status: JSON.stringify(status),
      };
    };
    for (const keypair of warmupWallets) await flow(keypair);
    for (const stage of STAGES) times[stage].length = 0;
    serverTimesNow = serverTimes;
    const flowsStarted = performance.now();
    for (const keypair of flowWallets) await flow(keypair);
    const flowsPerSecond = FLOWS / ((performance.now() - flowsStarted) / 1000);
    timingServer = false;
    simulator.app.server.removeListener("request", onRequest);

    // Throughput, in alternating rounds (the machine's load drifts; each ratio compares
    // figures taken side by side): lanes of flows at once from a client in a worker thread,
    // one launch a lane; the same client and lanes against bare fastify routes that parse
    // each request and send the simulator's recorded answer as bytes (what the flow's six
    // HTTP round trips cost alone); and raw execution of as many settles, built and signed
    // beforehand, straight into the devnet.
    const bare = await bareFlowServer(answers!);
    const rounds: { flows: number; bare: number; raw: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const lanes = [];
      for (const laneLaunch of bonding)
        lanes.push({
          launch: laneLaunch.address,
          wallets: (await wallets(FLOWS_PER_LANE, laneLaunch)).map((keypair) => ({
            address: keypair.publicKey.toBase58(),
            seed: keypair.secretKey.slice(0, 32),
          })),
        });
      const count = lanes.length * FLOWS_PER_LANE;
      const flows = count / (await concurrentFlowSeconds(simulator.baseUrl, lanes));
      const bareFlows = count / (await concurrentFlowSeconds(bare.url, lanes));
      const prepared = [];
      for (const keypair of await wallets(count)) {
        const wallet = keypair.publicKey.toBase58();
        const { quote } = await client.quote(buy(wallet));
        const built = await client.build(quote.quoteId, wallet);
        prepared.push(decodeWireTransaction(sign(built.transaction, keypair))!);
      }
      const rawStarted = performance.now();
      for (const transaction of prepared) {
        const result = simulator.devnet.send(transaction);
        if (!result.landed || !result.transaction.ok) throw new Error("raw settle failed");
      }
      rounds.push({ flows, bare: bareFlows, raw: count / ((performance.now() - rawStarted) / 1000) });
    }
    await bare.app.close();
    const lanes = bonding.length;
    const concurrentFlowsPerSecond = median(rounds.map((round) => round.flows));
    const bareFlowsPerSecond = median(rounds.map((round) => round.bare));
    const rawPerSecond = median(rounds.map((round) => round.raw));
    const concurrentRatio = median(rounds.map((round) => round.flows / round.raw));

    // Server side: the desk's own quote and build, in process (no HTTP, no schema), fresh wallets as above.
    const { desk } = await tradingFor(simulator.world, simulator.readModel);
    const serverWallets = await wallets(FLOWS);
    const server = { quote: [] as number[], build: [] as number[] };
    for (const keypair of serverWallets) {
      const wallet = keypair.publicKey.toBase58() as Address;
      const request = quoteRequestOf(buy(wallet));
      let started = performance.now();
      const quoted = await desk.quote(request);
      server.quote.push(performance.now() - started);
      if (!quoted.ok) throw new Error(`server quote refused: ${quoted.error.body.error}`);
      started = performance.now();
      const built = await desk.build(quoted.value.quoteId, wallet);
      server.build.push(performance.now() - started);
      if (!built.ok) throw new Error(`server build refused: ${built.error.body.error}`);
    }

    const total = STAGES.reduce((sum, stage) => sum + median(times[stage]), 0);
    return [
      "## Trade flow (issue 4)",
      "",
      table(
        ["measure", "value"],
        [
          [
            `full flows / s over HTTP, one at a time (${FLOWS} flows after ${WARMUP_FLOWS} untimed, one settling transaction each)`,
            flowsPerSecond.toFixed(1),
          ],
          [
            `full flows / s over HTTP, ${lanes} lanes at once from a client in a worker thread (${FLOWS_PER_LANE} flows a lane; median of ${ROUNDS} rounds)`,
            concurrentFlowsPerSecond.toFixed(1),
          ],
          [
            "the same client and lanes against bare fastify routes sending recorded answers (the client, loopback and fastify with no work behind them) / s",
            bareFlowsPerSecond.toFixed(1),
          ],
          ["raw execution of as many of the same settling transactions / s (same rounds)", rawPerSecond.toFixed(0)],
          [`ratio flows / raw, ${lanes} lanes at once (median of the rounds' ratios; target ≥ 0.3)`, concurrentRatio.toFixed(4)],
          ["ratio flows / raw, one flow at a time", (flowsPerSecond / rawPerSecond).toFixed(4)],
          ["median server time of quote, ms (request in → response out, on the server; target ≤ 1)", median(serverTimes.quote).toFixed(2)],
          ["median server time of build, ms (request in → response out, on the server; target ≤ 1)", median(serverTimes.build).toFixed(2)],
          [
            `the same two over the process's first ${WARMUP_FLOWS} flows (V8 still compiling the flow's code), ms`,
            `${median(warmupServerTimes.quote).toFixed(2)}, ${median(warmupServerTimes.build).toFixed(2)}`,
          ],
          ["median time of the desk's own quote, ms (in process, no HTTP)", median(server.quote).toFixed(2)],
          ["median time of the desk's own build, ms (in process, no HTTP)", median(server.build).toFixed(2)],
        ],
      ),
      "",
      "Time per flow by stage (median ms: client-observed over loopback HTTP, and on the server; sign is client-side; land is `POST /devnet/advance` of one slot):",
      "",
      table(
        ["stage", "client median ms", "share", "server median ms"],
        STAGES.map((stage) => [
          stage,
          median(times[stage]).toFixed(2),
          `${((median(times[stage]) / total) * 100).toFixed(0)}%`,
          serverTimes[stage].length === 0 ? "—" : median(serverTimes[stage]).toFixed(2),
        ]),
      ),
    ].join("\n");
  } finally {
    await simulator.close();
  }
}

/** A fastify app answering the flow's five routes with `answers`, after parsing each request as the simulator's routes do. */
async function bareFlowServer(answers: Record<"quote" | "build" | "submit" | "advance" | "status", string>) {
  const app = Fastify();
  const send = (body: string) => (_request: unknown, reply: FastifyReply) => reply.type("application/json").send(body);
  app.post("/v1/trades/quote", send(answers.quote));
  app.post("/v1/trades/build", send(answers.build));
  app.post("/v1/transactions/submit", send(answers.submit));
  app.post("/devnet/advance", send(answers.advance));
  app.get("/v1/transactions/:signature", send(answers.status));
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, url };
}

/** Runs the lanes in trade-flow-client.mjs's worker and returns the seconds they took. */
function concurrentFlowSeconds(
  baseUrl: string,
  lanes: { launch: string; wallets: { address: string; seed: Uint8Array }[] }[],
): Promise<number> {
  const client = new Worker(new URL("./trade-flow-client.mjs", import.meta.url), {
    workerData: { baseUrl, amountIn: AMOUNT_IN, lanes },
  });
  return new Promise((resolve, reject) => {
    client.on("message", (message: { kind: "done"; seconds: number } | { kind: "failed"; message: string }) => {
      if (message.kind === "done") resolve(message.seconds);
      else reject(new Error(`the flow client failed: ${message.message}`));
      void client.terminate();
    });
    client.on("error", reject);
  });
}
