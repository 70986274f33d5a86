import { describe, expect, it } from "vitest";
import { startSimulator } from "../simulator.ts";

describe("a world priced at another rate of SOL (--sol-usd)", () => {
  // The venues keep their dollar depth as well as their dollar prices: priced in dollars alone,
  // at $20 a SOL a collectible's raise swapped seven times as much SOL into the same venue,
  // past its listing buffer, and the world failed to build.
  it.each([20, 2_000])(
    "builds whole at %i dollars a SOL, collectibles through every stage, a stablecoin near a dollar",
    async (solUsd) => {
      const simulator = await startSimulator({
        seed: "sol-usd",
        port: 0,
        rpcPort: null,
        clockMode: "manual",
        bots: false,
        worldCache: false,
        solUsd,
      });
      try {
        const assets = (await (await fetch(`${simulator.baseUrl}/v1/assets`)).json()) as { assets: { symbol: string; priceUsd: number }[] };
        const usdc = assets.assets.find((asset) => asset.symbol === "USDC")!;
        expect(usdc.priceUsd).toBeGreaterThan(0.89);
        expect(usdc.priceUsd).toBeLessThan(1.09);
        const listed = (await (await fetch(`${simulator.baseUrl}/v1/collectibles?limit=50`)).json()) as {
          collectibles: { stage: string }[];
        };
        expect(listed.collectibles.some((collectible) => collectible.stage === "tradable")).toBe(true);
      } finally {
        await simulator.close();
      }
    },
    60_000,
  );
});
