/**
 * The RPC benchmark's client, in a worker thread so that the server's event loop keeps a
 * core to itself (as autocannon's worker does for the request-rate measures): sends the
 * transfers a window at a time with `sendTransaction`, asks the main thread to tick one slot,
 * and confirms the window with one `getSignatureStatuses`. Plain JavaScript: a worker does
 * not inherit the main thread's TypeScript loader.
 */
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ url: string, wires: string[], window: number }} */
const { url, wires, window } = workerData;
const port = parentPort;
// node's own HTTP client on kept-alive sockets, one per transfer in flight: fetch (undici)
// in a worker tops out near 2,000 requests/s here, which would measure the client, not the RPC.
const agent = new http.Agent({ keepAlive: true, maxSockets: window });
const target = new URL(url);

function rpcCall(method, params) {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
  const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
  return new Promise((resolve, reject) => {
    const request = http.request({ agent, host: target.hostname, port: target.port, path: "/", method: "POST", headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => {
        const answer = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (answer.error) reject(new Error(`${method}: ${JSON.stringify(answer.error)}`));
        else resolve(answer.result);
      });
    });
    request.on("error", reject);
    request.end(body);
  });
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
