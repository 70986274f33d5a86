import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BasketClient } from "../../../src/client/basket-client.ts";
import { runScenario } from "../run-scenario.ts";
import type { Scenario } from "../scenario-schema.ts";

const LAUNCH = "95nLfWrajSD6TG2LKsutjjLBqQvaXncfknrrspVUGUm2";
const MINT = "QF9T7fHgTQfYnawLMQ4SmMcaUNMBr2ypdGZq7vNBGbf";
const WALLET = "Ew7YNpxS7KKa3pFwas8yHV1vZwC4qMqzpN8FEBkagJpL";
const OTHER = "So11111111111111111111111111111111111111112";

/** A server whose tape, over two pages, nets WALLET 700 − 200 = 500 launch tokens, and whose balances say `held`. */
let held = "500";
const app = Fastify();
app.get(`/v1/launches/${LAUNCH}`, async () => ({ address: LAUNCH, primaryMint: MINT }));
app.get(`/v1/launches/${LAUNCH}/trades`, async (request) =>
  (request.query as { before?: string }).before === undefined
    ? {
        trades: [
          { trader: WALLET, direction: "sell", primaryAmount: "200" },
          { trader: OTHER, direction: "buy", primaryAmount: "9999" },
        ],
        nextCursor: "5:0",
      }
    : { trades: [{ trader: WALLET, direction: "buy", primaryAmount: "700" }], nextCursor: null },
);
app.get(`/v1/wallets/${WALLET}/balances`, async () => ({ solLamports: "0", tokens: [{ mint: MINT, amount: held }] }));

let client: BasketClient;
beforeAll(async () => {
  client = new BasketClient(await app.listen({ port: 0, host: "127.0.0.1" }));
});
afterAll(() => app.close());

const scenario: Scenario = {
  name: "ledger",
  description: "a wallet holds what its trades on the tape net",
  seed: 1,
  steps: [{ expect: { ledger: { wallet: WALLET, launch: LAUNCH } } }],
};

describe("the ledger judgement", () => {
  const run = () => runScenario(scenario, { client, streamUrl: "ws://127.0.0.1:9/v1/stream", capabilities: new Set(), missing: {} });

  it("passes when the wallet holds what its trades on every page of the tape net", async () => {
    held = "500";
    expect((await run()).outcome.status).toBe("pass");
  });

  it("fails, saying both figures, when the holding differs by one unit", async () => {
    held = "499";
    const result = await run();
    expect(result.outcome.status).toBe("fail");
    if (result.outcome.status === "fail")
      expect(result.outcome.failure.message).toContain(`holds 499 launch tokens; its trades on the tape net 500`);
  });
});
