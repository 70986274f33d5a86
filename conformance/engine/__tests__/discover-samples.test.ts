import { describe, expect, it } from "vitest";
import { BasketClient } from "../../../src/client/basket-client.ts";
import { discoverSamples } from "../discover-samples.ts";

const ADDRESS = "So11111111111111111111111111111111111111112";
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

/** A server that answers `answer(url)`: JSON with a status. */
function clientOf(answer: (url: URL) => { status: number; body: unknown }): BasketClient {
  const fakeFetch = (async (input: string | URL) => {
    const { status, body } = answer(new URL(String(input)));
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return new BasketClient("http://server.test", { fetch: fakeFetch });
}

describe("sample discovery", () => {
  it("keeps usable rows and says why it found no launch: a route's status and rows without the fields a sample needs", async () => {
    const client = clientOf((url) => {
      if (url.pathname !== "/v1/launches") return { status: 200, body: { trades: [], assets: [] } };
      if (url.searchParams.get("status") === "graduated") return { status: 500, body: { error: "boom" } };
      // Every other list holds one row whose address is a number: nothing a check can use.
      return {
        status: 200,
        body: { launches: [{ address: 7, primaryMint: MINT, symbol: "AB", status: "activeBonding", creator: ADDRESS }] },
      };
    });
    const samples = await discoverSamples(client);
    expect(samples.launches).toEqual([]);
    expect(samples.creators).toEqual([ADDRESS]);
    expect(samples.discoveryProblems).toEqual([
      "GET /v1/launches?status=graduated&limit=100 answered 500",
      "6 launch rows lacked a string address, primaryMint, symbol or status and were not used",
    ]);
  });

  it("reports no problem when every list answers with usable rows", async () => {
    const row = { address: ADDRESS, primaryMint: MINT, symbol: "AB", status: "activeBonding", kind: "pairs", progressBps: 10 };
    const samples = await discoverSamples(clientOf(() => ({ status: 200, body: { launches: [row], trades: [], assets: [] } })));
    expect(samples.launches).toEqual([{ ...row }]);
    expect(samples.discoveryProblems).toEqual([]);
  });
});
