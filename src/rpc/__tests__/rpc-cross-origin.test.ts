import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Devnet } from "../../chain/devnet.ts";
import { buildRpcServer } from "../rpc-server.ts";

/** A wallet or page under development, served from its own origin, calling the RPC as web3.js does in a browser. */
const ORIGIN = "http://localhost:3000";

let devnet: Devnet;
let rpc: ReturnType<typeof buildRpcServer>;
beforeAll(async () => {
  devnet = Devnet.start({ seed: "rpc-cross-origin" });
  rpc = buildRpcServer({ devnet });
  await rpc.ready();
});
afterAll(async () => {
  await rpc?.close();
  devnet?.close();
});

describe("the JSON-RPC called from another origin", () => {
  it("answers a preflight for POST / with 204, and lets any origin read its answers", async () => {
    const preflight = await rpc.inject({
      method: "OPTIONS",
      url: "/",
      headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type, solana-client" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-headers"]).toBe("content-type, solana-client");
    const answer = await rpc.inject({
      method: "POST",
      url: "/",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      payload: { jsonrpc: "2.0", id: 1, method: "getHealth" },
    });
    expect(answer.json()).toEqual({ jsonrpc: "2.0", id: 1, result: "ok" });
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
  });

  it("answers an OPTIONS request that is no preflight as any other method POST / does not take", async () => {
    const bare = await rpc.inject({ method: "OPTIONS", url: "/" });
    expect(bare.statusCode).toBe(405);
    expect(bare.json().error.message).toBe("the JSON-RPC answers POST /, not OPTIONS");
  });
});
