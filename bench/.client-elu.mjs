/**
 * The trade-flow benchmark's concurrent client, in a worker thread so that the server's event
 * loop keeps a core to itself (as the RPC benchmark's client does): several lanes, each running
 * whole flows one after another — quote → build → sign → submit → land (a one-slot
 * `POST /devnet/advance`, which lands whatever any lane has submitted) → status.
 *
 * It measures the server, so the client is as light as a bot's: keep-alive `http` requests
 * (keep-alive-json.mjs) and an Ed25519 signature from node's crypto over the message bytes
 * (what web3.js's `sign` computes, at a fraction of its cost), with each wallet's key imported
 * before the clock starts, as a wallet holds its key (importing one costs about 0.3 ms, a
 * fifth of the client's time per flow when it was timed). Plain JavaScript: a worker does not
 * inherit the main thread's TypeScript loader.
 */
import { createPrivateKey, sign as ed25519Sign } from "node:crypto";
import { parentPort, workerData } from "node:worker_threads";
import { keepAliveJson } from "./keep-alive-json.mjs";

/** @type {{ baseUrl: string, amountIn: string, lanes: { launch: string, wallets: { address: string, seed: Uint8Array }[] }[] }} */
const { baseUrl, amountIn, lanes } = workerData;
const send = keepAliveJson(baseUrl, lanes.length);

async function call(method, path, body) {
  const { status, answer } = await send(method, path, body);
  if (status >= 400) throw new Error(`${method} ${path} answered ${status}: ${answer.error}`);
  return answer;
}

/** PKCS#8 wrapping of a 32-byte Ed25519 seed, the form node's crypto imports. */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const privateKeyOf = (seed) => createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });

/** Signs a one-signer wire transaction: its message follows the signature count (1) and the empty slot. */
function sign(base64, privateKey) {
  const wire = Buffer.from(base64, "base64");
  if (wire[0] !== 1) throw new Error(`expected one signature slot, got ${wire[0]}`);
  ed25519Sign(null, wire.subarray(65), privateKey).copy(wire, 1);
  return wire.toString("base64");
}

async function flow(launch, wallet, privateKey) {
  const { quote } = await call("POST", "/v1/trades/quote", { launch, direction: "buy", amountIn, wallet });
  const built = await call("POST", "/v1/trades/build", { quoteId: quote.quoteId, wallet });
  if (built.plan && built.plan.length !== 1) throw new Error(`expected one settling step, got ${built.plan.length}`);
  const transaction = sign(built.transaction, privateKey);
  const submitted = await call("POST", "/v1/transactions/submit", { transaction, quoteId: quote.quoteId });
  await call("POST", "/devnet/advance", { slots: 1 });
  const status = await call("GET", `/v1/transactions/${submitted.signature}`);
  if (status.status !== "confirmed") throw new Error(`flow ended ${status.status}: ${status.error}`);
}

async function lane({ launch, wallets }) {
  for (const { address, privateKey } of wallets) await flow(launch, address, privateKey);
}

const keyed = lanes.map(({ launch, wallets }) => ({
  launch,
  wallets: wallets.map(({ address, seed }) => ({ address, privateKey: privateKeyOf(seed) })),
}));
const started = performance.now(); const elu0 = performance.eventLoopUtilization(); const cpu0 = process.cpuUsage();
try {
  await Promise.all(keyed.map(lane));
  parentPort.postMessage({ kind: "done", seconds: (performance.now() - started) / 1000, elu: performance.eventLoopUtilization(elu0).utilization });
} catch (error) {
  parentPort.postMessage({ kind: "failed", message: String(error?.stack ?? error) });
}
