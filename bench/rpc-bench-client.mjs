/**
 * The RPC benchmark's client, in a worker thread so that the server's event loop keeps a
 * core to itself (as autocannon's worker does for the request-rate measures): sends the
 * transfers a window at a time with `sendTransaction`, asks the main thread to tick one slot,
 * and confirms the window with one `getSignatureStatuses`. Plain JavaScript: a worker does
 * not inherit the main thread's TypeScript loader.
 */
import { parentPort, workerData } from "node:worker_threads";
import { keepAliveJson } from "./keep-alive-json.mjs";

/** @type {{ url: string, wires: string[], window: number }} */
const { url, wires, window } = workerData;
const port = parentPort;
const send = keepAliveJson(url.replace(/\/$/, ""), window);

async function rpcCall(method, params) {
  const { answer } = await send("POST", "/", { jsonrpc: "2.0", id: 1, method, params });
  if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

const ticked = () => new Promise((resolve) => port.once("message", () => resolve()));

const started = performance.now();
for (let from = 0; from < wires.length; from += window) {
  const signatures = await Promise.all(
    wires.slice(from, from + window).map((wire) => rpcCall("sendTransaction", [wire, { encoding: "base64" }])),
  );
  const tick = ticked();
  port.postMessage({ kind: "tick" });
  await tick;
  const statuses = await rpcCall("getSignatureStatuses", [signatures]);
  const unconfirmed = statuses.value.filter((status) => status?.confirmationStatus !== "confirmed" || status.err !== null);
  if (unconfirmed.length > 0) throw new Error(`${unconfirmed.length} transfers did not confirm: ${JSON.stringify(unconfirmed[0])}`);
}
port.postMessage({ kind: "done", seconds: (performance.now() - started) / 1000 });
