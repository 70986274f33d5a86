import { type Simulator, startSimulator } from "../../simulator/simulator.ts";

/**
 * A small simulator for the RPC tests: a pinned seed and genesis (runs repeat), a realtime
 * clock 20 wall ms per slot (confirmations arrive in tens of ms, finality in under a
 * second), no bots, and the RPC on any free pair of ports.
 */
export function startRpcSimulator(seed: string): Promise<Simulator> {
  return startSimulator({
    seed,
    port: 0,
    rpcPort: 0,
    clockMode: "realtime",
    slotMs: 20,
    genesisTime: 1_767_225_600n,
    launchCount: 4,
    historyHours: 0.2,
    bots: false,
  });
}

/** Posts a raw JSON-RPC body (a string is sent as is, so malformed JSON can be sent). */
export async function postRpc(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}
