import { generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SeededApi, get, startSeededApi } from "./seeded-api.ts";

// The world a live audit found the refusals in: its raising collectibles' recipes are
// wrapped SOL, whose deposit buffer comes back, so the swaps' outlay exceeds what the wallet keeps spent.
let api: SeededApi;
beforeAll(async () => {
  api = await startSeededApi({ seed: "live1", trading: true });
}, 120_000);
afterAll(() => api?.app.close());

it("buys a raising collectible with any exactInSol budget well above the fees and rent, at any slippage, within the budget", async () => {
  const wallet = (await generateKeyPairSigner()).address;
  api.devnet.airdrop(wallet, 5_000_000_000n);
  const rows = (await get(api.app, "/v1/launches?tab=new&kind=collectibles&limit=100")).body.launches as {
    address: string;
    status: string;
  }[];
  const raising = rows.filter((row) => row.status === "activeBonding");
  expect(raising.length).toBeGreaterThan(0);
  const refused: string[] = [];
  for (const launch of raising)
    for (const slippageBps of [100, 300, 1_000, 5_000])
      for (let amountIn = 5_000_000n; amountIn <= 70_000_000n; amountIn += 4_500_000n) {
        const payload = {
          launch: launch.address,
          direction: "buy",
          mode: "exactInSol",
          amountIn: String(amountIn),
          slippageBps,
          wallet,
          preview: true,
        };
        const answer = await api.app.inject({ method: "POST", url: "/v1/trades/quote", payload });
        const quote = answer.json().quote as { allInLamports: string } | undefined;
        if (answer.statusCode !== 200 || BigInt(quote!.allInLamports) > amountIn)
          refused.push(`${amountIn} at ${slippageBps} bps: ${answer.statusCode} ${answer.json().error ?? quote!.allInLamports}`);
      }
  expect(refused).toEqual([]);
});
