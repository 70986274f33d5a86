import { address, createSolanaRpc, lamports } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../simulator/simulator.ts";
import { startRpcSimulator } from "./rpc-simulator.ts";

let simulator: Simulator;

beforeAll(async () => {
  simulator = await startRpcSimulator("rpc-kit");
}, 120_000);

afterAll(async () => {
  await simulator?.close();
});

describe("Solana JSON-RPC with @solana/kit", () => {
  it("getSlot follows the devnet's clock and getBalance reads the chain (as bigint)", async () => {
    const rpc = createSolanaRpc(simulator.rpc!.rpcUrl);
    const before = simulator.devnet.now().slot;
    const slot = await rpc.getSlot().send();
    expect(slot).toBeGreaterThanOrEqual(before);
    expect(slot).toBeLessThanOrEqual(simulator.devnet.now().slot);
    const wallet = address("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin");
    simulator.devnet.airdrop(wallet, 123_456_789n);
    const balance = await rpc.getBalance(wallet).send();
    expect(balance.value).toBe(lamports(123_456_789n));
    expect(balance.context.slot).toBeGreaterThanOrEqual(slot);
  });
});
