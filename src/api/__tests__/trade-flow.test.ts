/**
 * The specification's trade flow over HTTP against a seeded world, exactly as an integrator
 * runs it: a fresh web3.js keypair gets SOL, quotes, builds, signs every plan step, submits
 * in order and polls — then sees its trade on the tape, the candles and its balances. Every
 * response is validated against the OpenAPI document the routes generate now (the freshness
 * test holds the committed file to it).
 */
import { Keypair, VersionedTransaction } from "@solana/web3.js";
import { address } from "@solana/kit";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { generateOpenApiDocument } from "../openapi-document.ts";
import { OpenApiValidator } from "./openapi-validator.ts";
import { type SeededApi, get, startSeededApi } from "./seeded-api.ts";

const SOL = 1_000_000_000n;
let api: SeededApi;
let validator: OpenApiValidator;
let curveLaunch: { address: string; primaryMint: string; progressBps: number };
let graduatedLaunch: { address: string; primaryMint: string };

async function call(app: FastifyInstance, method: "GET" | "POST", url: string, payload?: unknown) {
  const response = method === "GET" ? await get(app, url) : await post(app, url, payload);
  const errors = validator.errorsOf(method, url.split("?")[0]!, response.status, response.contentType, response.body);
  expect(errors, `${method} ${url} ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`).toEqual([]);
  return response;
}

async function post(app: FastifyInstance, url: string, payload: unknown) {
  const response = await app.inject({ method: "POST", url, payload: payload as object });
  const contentType = String(response.headers["content-type"] ?? "");
  return { status: response.statusCode, body: response.json(), contentType, raw: response.body, headers: response.headers };
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

/** quote → build → sign → submit each step in order → poll; returns the quote and the settle's signature. */
async function trade(body: Record<string, unknown>, owner: ReturnType<typeof wallet>) {
  const quote = await call(api.app, "POST", "/v1/trades/quote", { ...body, wallet: owner.address });
  expect(quote.status).toBe(200);
  const built = await call(api.app, "POST", "/v1/trades/build", { quoteId: quote.body.quote.quoteId, wallet: owner.address });
  expect(built.status).toBe(200);
  const plan = built.body.plan as { transaction: string; settles?: boolean }[];
  expect(plan.length).toBe(quote.body.quote.route.transactions);
  expect(plan.filter((step) => step.settles)).toHaveLength(1);
  expect(plan.at(-1)!.transaction).toBe(built.body.transaction);
  let settle = "";
  for (const step of plan) {
    const submitted = await call(api.app, "POST", "/v1/transactions/submit", {
      transaction: sign(step.transaction, owner.keypair),
      quoteId: quote.body.quote.quoteId,
    });
    expect(submitted.body.status).toBe("pending");
    api.devnet.advanceSlots(1);
    const status = await call(
      api.app,
      "GET",
      `/v1/transactions/${submitted.body.signature}?lastValidBlockHeight=${built.body.lastValidBlockHeight}`,
    );
    expect(status.body, JSON.stringify(status.body)).toMatchObject({ status: "confirmed", error: null });
    if (step.settles) settle = submitted.body.signature;
  }
  return { quote: quote.body.quote, settle };
}

async function holding(owner: ReturnType<typeof wallet>, mint: string): Promise<bigint> {
  const balances = await call(api.app, "GET", `/v1/wallets/${owner.address}/balances`);
  return BigInt(balances.body.tokens.find((token: { mint: string }) => token.mint === mint)?.amount ?? "0");
}

beforeAll(async () => {
  api = await startSeededApi({ seed: "trade-flow", launchCount: 24, trading: true });
  validator = new OpenApiValidator((await generateOpenApiDocument()) as unknown as ConstructorParameters<typeof OpenApiValidator>[0]);
  const bonding = (await get(api.app, "/v1/launches?tab=new&state=bonding&limit=100")).body.launches as {
    address: string;
    primaryMint: string;
    progressBps: number;
  }[];
  curveLaunch = bonding.filter((launch) => launch.progressBps < 5_000).sort((a, b) => a.progressBps - b.progressBps)[0]!;
  graduatedLaunch = (await get(api.app, "/v1/launches?status=graduated&limit=100")).body.launches[0];
  expect(curveLaunch).toBeDefined();
  expect(graduatedLaunch).toBeDefined();
});

describe("trade flow on a curve launch", () => {
  it.each([
    ["buy", "exactOut", "1000000000000"],
    ["buy", "exactIn", "2000000000"],
    ["buy", "exactInSol", "3000000000"],
  ])("%s %s: the tape, the candles, progress and balances move exactly as quoted", async (direction, mode, amountIn) => {
    const owner = wallet();
    const before = (await call(api.app, "GET", `/v1/launches/${curveLaunch.address}`)).body;
    const { quote, settle } = await trade({ launch: curveLaunch.address, direction, mode, amountIn }, owner);
    const bought = await holding(owner, curveLaunch.primaryMint);
    if (mode === "exactOut") expect(bought).toBe(BigInt(quote.expectedOut));
    else expect(bought).toBeGreaterThanOrEqual(BigInt(quote.minOut));
    if (mode === "exactInSol") expect(BigInt(quote.route.solIn)).toBeLessThanOrEqual(BigInt(amountIn));

    const tape = (await call(api.app, "GET", `/v1/launches/${curveLaunch.address}/trades?limit=1`)).body.trades[0];
    expect(tape).toMatchObject({ signature: settle, direction: "buy", trader: owner.address, primaryAmount: bought.toString() });
    const after = (await call(api.app, "GET", `/v1/launches/${curveLaunch.address}`)).body;
    expect(after.progressBps).toBeGreaterThan(before.progressBps);
    const candles = (await call(api.app, "GET", `/v1/launches/${curveLaunch.address}/chart?bucket=60&limit=2`)).body.candles;
    expect(candles.at(-1).n).toBeGreaterThanOrEqual(1);
    expect(candles.at(-1).c).toBe(tape.priceE12);
  });

  it("sell exactIn: the settle lands first, the components come back as SOL", async () => {
    const owner = wallet();
    await trade({ launch: curveLaunch.address, direction: "buy", mode: "exactOut", amountIn: "2000000000000" }, owner);
    const lamportsBefore = api.devnet.getBalance(address(owner.address));
    const { quote, settle } = await trade(
      { launch: curveLaunch.address, direction: "sell", mode: "exactIn", amountIn: "1000000000000" },
      owner,
    );
    expect(await holding(owner, curveLaunch.primaryMint)).toBe(1_000_000_000_000n);
    expect(api.devnet.getBalance(address(owner.address))).toBeGreaterThan(lamportsBefore);
    const tape = (await call(api.app, "GET", `/v1/launches/${curveLaunch.address}/trades?limit=1`)).body.trades[0];
    expect(tape).toMatchObject({ signature: settle, direction: "sell", primaryAmount: "1000000000000" });
    expect(BigInt(quote.minOut)).toBeLessThanOrEqual(BigInt(quote.expectedOut));
  });

  it("a build keeps its quote's floor: refused (409 PRICE_MOVED) once others' trades moved the price past its slippage", async () => {
    const [seller, whale] = [wallet(), wallet(1_000n * SOL)];
    await trade({ launch: curveLaunch.address, direction: "buy", mode: "exactOut", amountIn: "2000000000000" }, seller);
    // A tenth of the curve's inventory: enough to move its price by far more than 1%, short of completing it.
    await trade({ launch: curveLaunch.address, direction: "buy", mode: "exactOut", amountIn: "80000000000000" }, whale);
    const sellBody = { launch: curveLaunch.address, direction: "sell", mode: "exactIn", amountIn: "2000000000000", slippageBps: 100 };
    const quoted = await call(api.app, "POST", "/v1/trades/quote", { ...sellBody, wallet: seller.address });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    // The whale sells everything it bought: the curve pays far less for the seller's tokens now.
    await trade(
      { launch: curveLaunch.address, direction: "sell", mode: "exactIn", amountIn: String(await holding(whale, curveLaunch.primaryMint)) },
      whale,
    );
    const built = await call(api.app, "POST", "/v1/trades/build", { quoteId: quoted.body.quote.quoteId, wallet: seller.address });
    expect(built.status).toBe(409);
    expect(built.body.code).toBe("PRICE_MOVED");
    expect(built.body.error).toMatch(
      new RegExp(
        `^the price has moved past the slippage of quote ${quoted.body.quote.quoteId} since it was made: built now, the trade would return \\d+ DNA units where the quote's floor is ${quoted.body.quote.minOut}; quote again$`,
      ),
    );
    // Quoted again at today's price, the sell builds and lands at or above its new floor.
    const { quote } = await trade(sellBody, seller);
    expect(BigInt(quote.minOut)).toBeLessThan(BigInt(quoted.body.quote.minOut));
  });

  it("a quote naming no mode is exactOut for a buy and exactIn (a sell's only mode) for a sell", async () => {
    const quoted = async (body: Record<string, unknown>) => {
      const response = await call(api.app, "POST", "/v1/trades/quote", {
        launch: curveLaunch.address,
        amountIn: "1000000000000",
        preview: true,
        ...body,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const { quoteId: _id, expiresAt: _expires, ...rest } = response.body.quote;
      return rest;
    };
    for (const [direction, mode] of [
      ["buy", "exactOut"],
      ["sell", "exactIn"],
    ] as const) {
      const unnamed = await quoted({ direction });
      expect(unnamed.mode).toBe(mode);
      expect(unnamed).toEqual(await quoted({ direction, mode }));
    }
  });
});

describe("preview quotes", () => {
  it("a preview's id is refused as a preview by build and by submit alike", async () => {
    const owner = wallet();
    const body = { launch: curveLaunch.address, direction: "buy", amountIn: "1000000", wallet: owner.address };
    const preview = (await call(api.app, "POST", "/v1/trades/quote", { ...body, preview: true })).body.quote.quoteId;
    expect(preview).toMatch(/^p_/);
    const refusal = { code: "PREVIEW_QUOTE", error: `quote ${preview} was a preview: quote again with preview false to build it` };
    const build = await call(api.app, "POST", "/v1/trades/build", { quoteId: preview, wallet: owner.address });
    expect([build.status, build.body]).toEqual([400, refusal]);
    // A real build's signed transaction, sent naming the preview.
    const stored = (await call(api.app, "POST", "/v1/trades/quote", body)).body.quote.quoteId;
    const built = (await call(api.app, "POST", "/v1/trades/build", { quoteId: stored, wallet: owner.address })).body;
    const submit = await call(api.app, "POST", "/v1/transactions/submit", {
      transaction: sign(built.transaction, owner.keypair),
      quoteId: preview,
    });
    expect([submit.status, submit.body]).toEqual([400, refusal]);
  });
});

describe("trade flow on a graduated launch", () => {
  it("buys with lamports and sells back through the venue and pair pool", async () => {
    const owner = wallet();
    const { quote, settle } = await trade({ launch: graduatedLaunch.address, direction: "buy", amountIn: "1000000000" }, owner);
    expect(quote.graduated).toBe(true);
    const bought = await holding(owner, graduatedLaunch.primaryMint);
    expect(bought).toBe(BigInt(quote.expectedOut));
    // Past the curve the trade is still the launch's: on its tape, with progress complete.
    const tape = (await call(api.app, "GET", `/v1/launches/${graduatedLaunch.address}/trades?limit=1`)).body.trades[0];
    expect(tape).toMatchObject({
      signature: settle,
      direction: "buy",
      trader: owner.address,
      primaryAmount: bought.toString(),
      progressBps: 10_000,
    });
    await trade({ launch: graduatedLaunch.address, direction: "sell", amountIn: bought.toString() }, owner);
    expect(await holding(owner, graduatedLaunch.primaryMint)).toBe(0n);
  });
});

describe("refusals", () => {
  it("a wallet that holds nothing cannot build, with a sentence and a code", async () => {
    const empty = wallet(0n);
    const quote = await call(api.app, "POST", "/v1/trades/quote", {
      launch: curveLaunch.address,
      direction: "buy",
      amountIn: "1000000000",
      wallet: empty.address,
    });
    const built = await call(api.app, "POST", "/v1/trades/build", { quoteId: quote.body.quote.quoteId, wallet: empty.address });
    expect(built.status).toBe(400);
    expect(built.body).toMatchObject({ code: "INSUFFICIENT_FUNDS", error: expect.stringContaining("holds 0 lamports") });
  });

  it("refuses a sell of tokens the wallet lacks the same way on the curve and past it: INSUFFICIENT_FUNDS at build", async () => {
    const seller = wallet();
    // A curve launch some way along: a sell of less than it has sold is one the curve can pay.
    const bonding = (await get(api.app, "/v1/launches?tab=new&state=bonding&limit=100")).body.launches as {
      address: string;
      progressBps: number;
    }[];
    const sold = bonding.find((launch) => launch.progressBps >= 1_000)!;
    for (const launch of [sold.address, graduatedLaunch.address]) {
      const request = { launch, direction: "sell", amountIn: "1000000", wallet: seller.address };
      const quote = await call(api.app, "POST", "/v1/trades/quote", request);
      expect(quote.status).toBe(200);
      const built = await call(api.app, "POST", "/v1/trades/build", { quoteId: quote.body.quote.quoteId, wallet: seller.address });
      expect(built.status).toBe(400);
      expect(built.body).toMatchObject({ code: "INSUFFICIENT_FUNDS", error: expect.stringContaining("holds 0 launch base units") });
    }
  });

  it("a transaction that fails on chain reports failed with HTTP 200 and the program error named", async () => {
    const owner = wallet();
    const quote = await call(api.app, "POST", "/v1/trades/quote", {
      launch: curveLaunch.address,
      direction: "buy",
      amountIn: "1000000000000",
      wallet: owner.address,
    });
    const built = await call(api.app, "POST", "/v1/trades/build", { quoteId: quote.body.quote.quoteId, wallet: owner.address });
    const submitted = await call(api.app, "POST", "/v1/transactions/submit", { transaction: sign(built.body.transaction, owner.keypair) });
    api.devnet.advanceSlots(1);
    const status = await call(api.app, "GET", `/v1/transactions/${submitted.body.signature}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: "failed", error: expect.stringContaining("InsufficientComponents") });
  });

  it("reports unknown for a signature no transaction has, one of the pattern that is no 64-byte signature included", async () => {
    // 88 fives decode to more than 64 bytes: a signature by the specification's pattern, of no transaction.
    for (const signature of ["5".repeat(88), "1".repeat(64)]) {
      const status = await call(api.app, "GET", `/v1/transactions/${signature}`);
      expect(status).toMatchObject({ status: 200, body: { signature, status: "unknown", slot: null, error: null } });
    }
    expect((await get(api.app, `/v1/transactions/${"5".repeat(89)}`)).status).toBe(400);
  });

  it("answers a quote for a launch address of the pattern that is no 32-byte key as any unknown launch: 404", async () => {
    const quoted = await call(api.app, "POST", "/v1/trades/quote", { launch: "z".repeat(44), direction: "buy", amountIn: "5" });
    expect(quoted).toMatchObject({ status: 404, body: { code: "LAUNCH_NOT_FOUND" } });
    const refused = await call(api.app, "POST", "/v1/trades/quote", { launch: "z".repeat(45), direction: "buy", amountIn: "5" });
    expect(refused).toMatchObject({ status: 400, body: { code: "INVALID_BODY" } });
  });

  const owner = () => wallet().address;
  it.each<[string, () => Record<string, unknown>, string]>([
    ["amountIn with a leading zero", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "01" }), "INVALID_BODY"],
    ["amountIn of 21 digits", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "1".repeat(21) }), "INVALID_BODY"],
    ["a negative amountIn", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "-5" }), "INVALID_BODY"],
    ["amountIn as a number", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: 5 }), "INVALID_BODY"],
    ["slippageBps 10001", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "5", slippageBps: 10_001 }), "INVALID_BODY"],
    ["slippageBps -1", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "5", slippageBps: -1 }), "INVALID_BODY"],
    ["a direction of hold", () => ({ launch: curveLaunch.address, direction: "hold", amountIn: "5" }), "INVALID_BODY"],
    ["a mode of exactly", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "5", mode: "exactly" }), "INVALID_BODY"],
    ["a ticker in place of the launch address", () => ({ launch: "BSKT", direction: "buy", amountIn: "5" }), "INVALID_BODY"],
    ["no launch", () => ({ direction: "buy", amountIn: "5" }), "INVALID_BODY"],
    ["a malformed wallet", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "5", wallet: "0OIl" }), "INVALID_BODY"],
    [
      "tipLamports of 21 digits",
      () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "5", tipLamports: "1".repeat(21) }),
      "INVALID_BODY",
    ],
    [
      "a wallet's tip that brings the all-in cost past u64",
      () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "1000000", wallet: owner(), tipLamports: "18446744073709551615" }),
      "INVALID_BODY",
    ],
    ["priorityFee of fast", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "5", priorityFee: "fast" }), "INVALID_BODY"],
    [
      "priorityFee of 19 digits",
      () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "5", priorityFee: "1234567890123456789" }),
      "INVALID_BODY",
    ],
    ["preview as a string", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "5", preview: "yes" }), "INVALID_BODY"],
    [
      "a sell with mode exactOut",
      () => ({ launch: curveLaunch.address, direction: "sell", amountIn: "5", mode: "exactOut" }),
      "MODE_NOT_SUPPORTED",
    ],
    [
      "a sell with mode exactInSol",
      () => ({ launch: curveLaunch.address, direction: "sell", amountIn: "5", mode: "exactInSol" }),
      "MODE_NOT_SUPPORTED",
    ],
    ["an address that holds no launch", () => ({ launch: owner(), direction: "buy", amountIn: "5" }), "LAUNCH_NOT_FOUND"],
    ["a zero amount", () => ({ launch: curveLaunch.address, direction: "buy", amountIn: "0" }), "TRADE_REFUSED"],
  ])("quote refuses %s", async (_, body, code) => {
    const response = await call(api.app, "POST", "/v1/trades/quote", body());
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ code, error: expect.any(String) });
  });

  it("takes every amountIn and tipLamports of 20 digits, one past the u64 maximum counted as that maximum (the rule is the length)", async () => {
    for (const mode of ["exactOut", "exactIn", "exactInSol"]) {
      const response = await call(api.app, "POST", "/v1/trades/quote", {
        launch: curveLaunch.address,
        direction: "buy",
        mode,
        amountIn: "99999999999999999999",
        preview: true,
      });
      expect(response.status).toBe(200);
      expect(response.body.quote).toMatchObject({ amountIn: "18446744073709551615", clamped: true });
    }
    const tipped = await call(api.app, "POST", "/v1/trades/quote", {
      launch: curveLaunch.address,
      direction: "buy",
      amountIn: "5",
      tipLamports: "99999999999999999999",
      preview: true,
    });
    expect(tipped.status).toBe(200);
  });

  it("names the field that takes a quote's cost past u64: the tip, or the lamports a buy past the curve spends", async () => {
    const U64_MAX = "18446744073709551615";
    const tip = await call(api.app, "POST", "/v1/trades/quote", {
      ...{ launch: curveLaunch.address, direction: "buy", amountIn: "1000000", wallet: owner(), tipLamports: U64_MAX },
    });
    expect(tip.status).toBe(400);
    expect(tip.body.error).toMatch(/^body field tipLamports /);
    const spend = await call(api.app, "POST", "/v1/trades/quote", {
      ...{ launch: graduatedLaunch.address, direction: "buy", amountIn: U64_MAX, wallet: owner() },
    });
    expect(spend.status).toBe(400);
    expect(spend.body.error).toMatch(/^body field amountIn /);
  });

  it.each<[string, () => Record<string, unknown>, string]>([
    ["a lowercase symbol", () => ({ symbol: "abc" }), "INVALID_BODY"],
    ["a one-character symbol", () => ({ symbol: "A" }), "INVALID_BODY"],
    ["an 11-character symbol", () => ({ symbol: "ABCDEFGHIJK" }), "INVALID_BODY"],
    ["an empty name", () => ({ name: "" }), "INVALID_BODY"],
    ["a 65-character name", () => ({ name: "n".repeat(65) }), "INVALID_BODY"],
    ["a name of a NUL character", () => ({ name: "\u0000" }), "INVALID_LAUNCH"],
    ["a name holding a NUL character", () => ({ name: "ab\u0000cd" }), "INVALID_LAUNCH"],
    ["a name holding a lone surrogate", () => ({ name: "ab\ud800cd" }), "INVALID_LAUNCH"],
    ["a description holding a lone surrogate", () => ({ description: "ab\udfffcd" }), "INVALID_LAUNCH"],
    ["an imageUri holding a lone surrogate", () => ({ imageUri: "https://x.example/\ud800.png" }), "INVALID_LAUNCH"],
    ["an x handle holding a lone surrogate", () => ({ x: "@\udfff" }), "INVALID_LAUNCH"],
    ["a 65-character name of two-byte characters", () => ({ name: "é".repeat(65) }), "INVALID_BODY"],
    ["a 501-character description", () => ({ description: "d".repeat(501) }), "INVALID_BODY"],
    ["a 257-character website", () => ({ website: "w".repeat(257) }), "INVALID_BODY"],
    ["no components", () => ({ components: [] }), "INVALID_BODY"],
    [
      "six components",
      () => ({ components: api.world.components.slice(0, 6).map((c) => ({ mint: c.mint, targetBps: 1_000 })) }),
      "INVALID_BODY",
    ],
    ["weights summing to 9999", () => ({ components: [{ mint: api.world.components[0]!.mint, targetBps: 9_999 }] }), "INVALID_LAUNCH"],
    [
      "a duplicate component",
      () => ({
        components: [
          { mint: api.world.components[0]!.mint, targetBps: 5_000 },
          { mint: api.world.components[0]!.mint, targetBps: 5_000 },
        ],
      }),
      "INVALID_LAUNCH",
    ],
    ["dnaUnitSol of 0", () => ({ dnaUnitSol: 0 }), "INVALID_BODY"],
    ["a supply of 0", () => ({ supply: 0 }), "INVALID_BODY"],
    ["curveTargetSol of -1", () => ({ curveTargetSol: -1 }), "INVALID_BODY"],
    ["feeBps of 2001", () => ({ feeBps: 2_001 }), "INVALID_BODY"],
    ["feeBps of 1.5", () => ({ feeBps: 1.5 }), "INVALID_BODY"],
    ["creatorFeeShareBps of 10001", () => ({ creatorFeeShareBps: 10_001 }), "INVALID_BODY"],
    ["a malformed creator", () => ({ creator: "not-an-address" }), "INVALID_BODY"],
    ["an unpriced component", () => ({ components: [{ mint: owner(), targetBps: 10_000 }] }), "NO_ROUTE"],
  ])("build-create refuses %s", async (_, override, code) => {
    const body = {
      symbol: "NEW",
      name: "New basket",
      creator: owner(),
      components: [{ mint: api.world.components[0]!.mint, targetBps: 10_000 }],
      ...override(),
    };
    const response = await call(api.app, "POST", "/v1/launches/build-create", body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ code, error: expect.any(String) });
  });

  it("build-create's plan lands and the launch appears in the list, search and created", async () => {
    const creator = wallet();
    const body = {
      symbol: "FRESH",
      name: "Fresh basket",
      description: "made over HTTP",
      creator: creator.address,
      components: api.world.components.slice(0, 2).map((c, i) => ({ mint: c.mint, targetBps: i ? 4_000 : 6_000 })),
    };
    const built = await call(api.app, "POST", "/v1/launches/build-create", body);
    expect(built.status).toBe(200);
    for (const step of built.body.plan) {
      const submitted = await call(api.app, "POST", "/v1/transactions/submit", { transaction: sign(step.transaction, creator.keypair) });
      api.devnet.advanceSlots(1);
      expect((await call(api.app, "GET", `/v1/transactions/${submitted.body.signature}`)).body.status).toBe("confirmed");
    }
    const launch = (await call(api.app, "GET", `/v1/launches/${built.body.launch}`)).body;
    expect(launch).toMatchObject({
      address: built.body.launch,
      primaryMint: built.body.primaryMint,
      symbol: "FRESH",
      description: "made over HTTP",
      creator: creator.address,
      status: "activeBonding",
    });
    expect((await call(api.app, "GET", "/v1/search?q=FRESH")).body.launches.map((row: { address: string }) => row.address)).toContain(
      built.body.launch,
    );
    expect(
      (await call(api.app, "GET", `/v1/wallets/${creator.address}/created`)).body.launches.map((row: { address: string }) => row.address),
    ).toEqual([built.body.launch]);
  });

  it("a name of 64 characters past the chain's 64 bytes: records, search and frames show it whole", async () => {
    const creator = wallet();
    // 64 characters, 96 bytes in UTF-8; an emoji pair counts as one character, as JSON Schema counts.
    const name = `${"Été ".repeat(15)}Été😀`;
    expect([...name]).toHaveLength(64);
    const built = await call(api.app, "POST", "/v1/launches/build-create", {
      symbol: "ETE",
      name,
      creator: creator.address,
      components: [{ mint: api.world.components[0]!.mint, targetBps: 10_000 }],
    });
    expect(built.status).toBe(200);
    const frames: string[] = [];
    const stop = api.readModel.onChange((batch) =>
      frames.push(...batch.flatMap((change) => (change.kind === "launch" ? [change.launch] : []))),
    );
    for (const step of built.body.plan) {
      await call(api.app, "POST", "/v1/transactions/submit", { transaction: sign(step.transaction, creator.keypair) });
      api.devnet.advanceSlots(1);
    }
    stop();
    expect(frames).toContain(built.body.launch);
    expect((await call(api.app, "GET", `/v1/launches/${built.body.launch}`)).body).toMatchObject({ name, symbol: "ETE" });
    expect((await call(api.app, "GET", `/v1/search?q=${encodeURIComponent("été été😀")}`)).body.launches).toEqual([
      expect.objectContaining({ address: built.body.launch, name }),
    ]);
    expect((await call(api.app, "GET", `/v1/wallets/${creator.address}/created`)).body.launches).toEqual([
      expect.objectContaining({ address: built.body.launch, name }),
    ]);
  });

  it("a launch shows the metadata its creator signed, whatever anyone else builds for the same creator meanwhile", async () => {
    const creator = wallet();
    const body = {
      symbol: "SIGNED",
      name: "Signed metadata",
      creator: creator.address,
      components: api.world.components.slice(0, 2).map((c, i) => ({ mint: c.mint, targetBps: i ? 5_000 : 5_000 })),
    };
    const signed = await call(api.app, "POST", "/v1/launches/build-create", {
      ...body,
      description: "the creator's",
      website: "https://creator.example",
    });
    // build-create takes no signature: anyone may build for this creator, with other metadata.
    const other = await call(api.app, "POST", "/v1/launches/build-create", {
      ...body,
      description: "someone else's",
      website: "https://elsewhere.example",
    });
    expect(other.body.launch).toBe(signed.body.launch);
    expect(other.body.transaction).not.toBe(signed.body.transaction);
    for (const step of signed.body.plan) {
      await call(api.app, "POST", "/v1/transactions/submit", { transaction: sign(step.transaction, creator.keypair) });
      api.devnet.advanceSlots(1);
    }
    expect((await call(api.app, "GET", `/v1/launches/${signed.body.launch}`)).body).toMatchObject({
      description: "the creator's",
      socials: expect.objectContaining({ website: "https://creator.example" }),
    });
    expect((await call(api.app, "GET", `/v1/wallets/${creator.address}/created`)).body.launches[0]).toMatchObject({
      address: signed.body.launch,
    });
    // The creator then signs the other build too: its create fails (the launch exists), and a failed transaction changes nothing.
    const changes: unknown[] = [];
    const stop = api.readModel.onChange((batch) => changes.push(...batch));
    const last = other.body.plan.at(-1);
    const submitted = await call(api.app, "POST", "/v1/transactions/submit", { transaction: sign(last.transaction, creator.keypair) });
    api.devnet.advanceSlots(1);
    stop();
    expect((await call(api.app, "GET", `/v1/transactions/${submitted.body.signature}`)).body).toMatchObject({ status: "failed" });
    expect((await call(api.app, "GET", `/v1/launches/${signed.body.launch}`)).body).toMatchObject({
      description: "the creator's",
      socials: expect.objectContaining({ website: "https://creator.example" }),
    });
    expect(changes).toEqual([]);
  });
});

describe("coverage", () => {
  it("exercised every documented success response of the trade flow", () => {
    const flow = ["POST /v1/trades/", "POST /v1/transactions/", "GET /v1/transactions/", "POST /v1/launches/build-create"];
    const successes = validator.documented().filter((entry) => flow.some((prefix) => entry.startsWith(prefix)) && entry.endsWith(" 200"));
    expect(successes.length).toBe(5);
    expect(successes.filter((entry) => !validator.exercised.has(entry))).toEqual([]);
  });
});
