/**
 * A collectible's trade flow over HTTP, as an integrator runs it with a web3.js keypair:
 * 409 COLLECTIBLE_NOT_TRADABLE while its card is acquired, then the pool quote
 * (estimatedAmountOut, no expectedOut) built, signed, submitted and landed exactly as
 * estimated. Every response is validated against the OpenAPI document the routes generate now.
 */
import { Keypair, VersionedTransaction } from "@solana/web3.js";
import { type KeyPairSigner, address, generateKeyPairSigner } from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { NATIVE_MINT_ADDRESS, findAssociatedTokenAddress } from "../../../../programs/index.ts";
import { type ListedCollectible, crank, listCollectible, raiseOut } from "../../../../world/__tests__/collectible-fixture.ts";
import { outcomeOf } from "../../../../world/__tests__/world-fixture.ts";
import { tokenBalance } from "../../../../world/token-balance.ts";
import { generateOpenApiDocument } from "../../../openapi-document.ts";
import { OpenApiValidator } from "../../../__tests__/openapi-validator.ts";
import { type SeededApi, get, startSeededApi } from "../../../__tests__/seeded-api.ts";

const SOL = 1_000_000_000n;
let api: SeededApi;
let validator: OpenApiValidator;
let keeper: KeyPairSigner;
let listed: ListedCollectible;

async function call(method: "GET" | "POST", url: string, payload?: unknown) {
  const response =
    method === "GET"
      ? await get(api.app, url)
      : await (async () => {
          const injected = await api.app.inject({ method: "POST", url, payload: payload as object });
          return { status: injected.statusCode, body: injected.json(), contentType: String(injected.headers["content-type"] ?? "") };
        })();
  const errors = validator.errorsOf(method, url.split("?")[0]!, response.status, response.contentType, response.body);
  expect(errors, `${method} ${url} ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`).toEqual([]);
  return response;
}

function wallet(lamports = 100n * SOL) {
  const keypair = Keypair.generate();
  api.devnet.airdrop(address(keypair.publicKey.toBase58()), lamports);
  return { keypair, address: keypair.publicKey.toBase58() };
}

function sign(base64: string, keypair: Keypair): string {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, "base64"));
  transaction.sign([keypair]);
  return Buffer.from(transaction.serialize()).toString("base64");
}

/** quote → build → sign → submit → poll, every step confirmed; the quote. */
async function trade(body: Record<string, unknown>, owner: ReturnType<typeof wallet>) {
  const quote = await call("POST", "/v1/trades/quote", { ...body, wallet: owner.address });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const built = await call("POST", "/v1/trades/build", { quoteId: quote.body.quote.quoteId, wallet: owner.address });
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  expect(built.body.plan).toHaveLength(quote.body.quote.route.transactions);
  for (const step of built.body.plan as { transaction: string }[]) {
    const submitted = await call("POST", "/v1/transactions/submit", {
      transaction: sign(step.transaction, owner.keypair),
      quoteId: quote.body.quote.quoteId,
    });
    expect(submitted.status).toBe(200);
    api.devnet.advanceSlots(1);
    const status = await call("GET", `/v1/transactions/${submitted.body.signature}`);
    expect(status.body).toMatchObject({ status: "confirmed", error: null });
  }
  return quote.body.quote;
}

async function crankOnce() {
  const result = await crank(api.world, keeper, listed);
  expect(result && outcomeOf(result)).toBe("ok");
}

beforeAll(async () => {
  api = await startSeededApi({ seed: "collectible-trade-flow", launchCount: 4, trading: true });
  validator = new OpenApiValidator((await generateOpenApiDocument()) as unknown as ConstructorParameters<typeof OpenApiValidator>[0]);
  keeper = await generateKeyPairSigner();
  api.devnet.airdrop(keeper.address, 100n * SOL);
  listed = await listCollectible(api.world, keeper, 7n);
});

describe("a collectible's trade flow over HTTP", () => {
  it("quotes the curve shape while raising, 409 during the acquisition, then the pool shape once tradable, landed as estimated", async () => {
    const launch = listed.launched.accounts.launch;
    const mint = listed.launched.accounts.mint;
    const buyer = wallet();
    const raising = await call("POST", "/v1/trades/quote", { launch, direction: "buy", amountIn: "1000000", wallet: buyer.address });
    expect(raising.status).toBe(200);
    expect(raising.body.quote).toHaveProperty("expectedOut");
    expect(raising.body.quote.componentTargets.map((target: { mint: string }) => target.mint)).toEqual([NATIVE_MINT_ADDRESS]);
    // Wrapped SOL is named in the quote as in the launch's row: wSOL, 9 decimals.
    for (const field of ["componentTargets", "componentFees", "componentFunding"]) {
      expect(raising.body.quote[field], field).toEqual([
        expect.objectContaining({ mint: NATIVE_MINT_ADDRESS, symbol: "wSOL", decimals: 9 }),
      ]);
    }

    await raiseOut(api.world, listed);
    for (const stage of ["funding", "swapping", "acquiring", "pooling"]) {
      const refused = await call("POST", "/v1/trades/quote", { launch, direction: "buy", amountIn: "1000000" });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: "COLLECTIBLE_NOT_TRADABLE",
        error: expect.stringContaining(`collectible CARD (${launch}) is at stage ${stage}:`),
      });
      await crankOnce();
    }

    const owner = wallet();
    const primary = findAssociatedTokenAddress(address(owner.address), mint)[0];
    const buy = await trade({ launch, direction: "buy", amountIn: (SOL / 2n).toString() }, owner);
    expect(buy).toHaveProperty("estimatedAmountOut");
    expect(buy).not.toHaveProperty("expectedOut");
    expect(tokenBalance(api.devnet, primary)).toBe(BigInt(buy.estimatedAmountOut));

    const before = api.devnet.getBalance(address(owner.address));
    const sell = await trade({ launch, direction: "sell", amountIn: buy.estimatedAmountOut }, owner);
    expect(sell).not.toHaveProperty("expectedOut");
    expect(tokenBalance(api.devnet, primary)).toBe(0n);
    expect(api.devnet.getBalance(address(owner.address))).toBe(before + BigInt(sell.estimatedAmountOut) - BigInt(sell.allInLamports));
  });
});
