/** The `/devnet/` control routes over HTTP, each response validated against the OpenAPI document. */
import { SERVER_FRAME_KINDS } from "../../stream/frames/server-frames.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Transaction, generateKeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { beforeAll, describe, expect, it } from "vitest";
import { signInstructions } from "../../chain/sign-instructions.ts";
import { OPENAPI_PATH } from "../openapi-document.ts";
import { OpenApiValidator } from "./openapi-validator.ts";
import { type SeededApi, get, startSeededApi } from "./seeded-api.ts";

let api: SeededApi;
let validator: OpenApiValidator;
/** Wall-clock milliseconds added to now: moved past the legacy list's 3 s cache where a test needs a fresh answer. */
let wallOffset = 0;

async function call(method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) {
  const response = await api.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const contentType = String(response.headers["content-type"] ?? "");
  const body = contentType.startsWith("application/json") ? response.json() : response.body;
  expect(validator.errorsOf(method, url.split("?")[0]!, response.statusCode, contentType, body)).toEqual([]);
  return { status: response.statusCode, body };
}

beforeAll(async () => {
  api = await startSeededApi({ seed: "devnet-control", launchCount: 12, control: true, wallClock: () => Date.now() + wallOffset });
  validator = new OpenApiValidator(JSON.parse(readFileSync(join(import.meta.dirname, "../../..", OPENAPI_PATH), "utf8")));
});

describe("/devnet control", () => {
  it("airdrops SOL and a component, and balances show them at once", async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const mint = api.world.components[1]!.mint;
    const response = await call("POST", "/devnet/airdrop", { wallet, lamports: "2500000000", mint, amount: "12345" });
    expect(response).toMatchObject({ status: 200, body: { solLamports: "2500000000", tokenAmount: "12345" } });
    const balances = (await get(api.app, `/v1/wallets/${wallet}/balances`)).body;
    expect(balances.solLamports).toBe("2500000000");
    expect(balances.tokens).toContainEqual(expect.objectContaining({ mint, amount: "12345" }));
  });

  it("moves the clock by slots and by seconds, and sets its mode", async () => {
    const before = (await call("GET", "/devnet/clock")).body;
    const moved = (await call("POST", "/devnet/advance", { slots: 10 })).body;
    expect(moved.slot).toBe(before.slot + 10);
    const later = (await call("POST", "/devnet/advance", { seconds: 4 })).body;
    expect(later.unixMillis - moved.unixMillis).toBe(4_000);
    expect((await call("POST", "/devnet/clock", { mode: "per-transaction" })).body.mode).toBe("per-transaction");
    expect((await call("POST", "/devnet/clock", { mode: "manual" })).body.mode).toBe("manual");
  });

  it("moves a component's price and the assets route follows", async () => {
    const component = api.world.components[2]!;
    const asset = () => get(api.app, "/v1/assets").then((r) => r.body.assets.find((a: { mint: string }) => a.mint === component.mint));
    const before = await asset();
    const target = before.priceSol * 1.5;
    expect((await call("POST", "/devnet/prices", { mint: component.mint, priceSol: target })).status).toBe(200);
    expect((await asset()).priceSol / target).toBeCloseTo(1, 5);
  });

  it("moves a price in equal steps within one slot: each step is a transaction of its own", async () => {
    const component = api.world.components[3]!;
    const start = (await get(api.app, "/v1/assets")).body.assets.find((a: { mint: string }) => a.mint === component.mint).priceSol;
    // Doubling then tripling the price adds the same liquidity twice, at the same blockhash.
    for (const factor of [2, 3, 4]) {
      const moved = await call("POST", "/devnet/prices", { mint: component.mint, priceSol: start * factor });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
  });

  it("forces a launch through graduation", async () => {
    const bonding = (await get(api.app, "/v1/launches?status=activeBonding&limit=100")).body.launches[0];
    const response = await call("POST", "/devnet/graduate", { launch: bonding.address });
    expect(response.body).toMatchObject({ status: "graduated" });
    expect((await get(api.app, `/v1/launches/${bonding.address}`)).body.status).toBe("graduated");
    expect((await call("POST", "/devnet/graduate", { launch: bonding.address })).body).toMatchObject({ code: "DEVNET_REFUSED" });
  });

  it("refuses to graduate (409, not 500) a curve whose components' supply cannot grow by what completing it takes, and changes nothing", async () => {
    const bonding = (await get(api.app, "/v1/launches?tab=new&state=bonding&limit=100")).body.launches.find(
      (launch: { kind: string }) => launch.kind === "pairs",
    );
    const mint = bonding.components[0].mint;
    const wallet = (await generateKeyPairSigner()).address;
    // The other tests graduate launches of the same components: the supply goes back after.
    const saved = (await call("POST", "/devnet/snapshot")).body.id;
    // A client's airdrops take the mint's supply to the u64 maximum (the refusal says what is left).
    let refusal: string;
    for (;;) {
      const airdropped = await call("POST", "/devnet/airdrop", { wallet, mint, amount: "4611686018427387904" });
      if (airdropped.status !== 200) {
        refusal = airdropped.body.error;
        break;
      }
    }
    const supply = BigInt(/has a supply of (\d+)/.exec(refusal)![1]!);
    const rest = 2n ** 64n - 1n - supply;
    expect((await call("POST", "/devnet/airdrop", { wallet, mint, amount: String(rest) })).status).toBe(200);
    const response = await call("POST", "/devnet/graduate", { launch: bonding.address });
    expect(response).toMatchObject({ status: 409, body: { code: "DEVNET_REFUSED", error: expect.stringContaining(`mint ${mint}`) } });
    expect((await get(api.app, `/v1/launches/${bonding.address}`)).body.status).toBe("activeBonding");
    expect((await call("POST", "/devnet/restore", { id: saved })).status).toBe(200);
  });

  it("a quote stored on the curve is not built after its launch graduates: amountIn would count lamports there", async () => {
    const bonding = (await get(api.app, "/v1/launches?tab=new&state=bonding&limit=100")).body.launches.find(
      (launch: { kind: string }) => launch.kind === "pairs",
    );
    const wallet = (await generateKeyPairSigner()).address;
    await call("POST", "/devnet/airdrop", { wallet, lamports: "100000000000" });
    const quoted = await call("POST", "/v1/trades/quote", { launch: bonding.address, direction: "buy", amountIn: "1000000000", wallet });
    expect(quoted.status).toBe(200);
    expect(quoted.body.quote).toHaveProperty("expectedOut");
    expect((await call("POST", "/devnet/graduate", { launch: bonding.address })).status).toBe(200);
    const built = await call("POST", "/v1/trades/build", { quoteId: quoted.body.quote.quoteId, wallet });
    expect(built).toEqual({
      status: 409,
      body: {
        code: "QUOTE_VENUE_CHANGED",
        error: `launch ${bonding.address} has moved from its bonding curve to its pair pools since quote ${quoted.body.quote.quoteId} was made, and amountIn counts differently there: quote again`,
      },
    });
    // Quoted again, the launch trades on its pair pools.
    const again = await call("POST", "/v1/trades/quote", { launch: bonding.address, direction: "buy", amountIn: "1000000000", wallet });
    expect(again.body.quote.graduated).toBe(true);
    expect((await call("POST", "/v1/trades/build", { quoteId: again.body.quote.quoteId, wallet })).status).toBe(200);
  });

  it("restores a snapshot: the chain and the read model go back", async () => {
    const saved = (await call("POST", "/devnet/snapshot")).body;
    const wallet = (await generateKeyPairSigner()).address;
    await call("POST", "/devnet/airdrop", { wallet, lamports: "1000" });
    // The paged list: the legacy one is cached for 3 s and may name a launch graduated above.
    const bonding = (await get(api.app, "/v1/launches?tab=new&state=bonding&limit=100")).body.launches.find(
      (row: { status: string }) => row.status === "activeBonding",
    );
    await call("POST", "/devnet/advance", { seconds: 600 });
    const quoted = await api.app.inject({
      method: "POST",
      url: "/v1/trades/quote",
      payload: { launch: bonding.address, direction: "buy", amountIn: "1000000" },
    });
    const { quoteId } = quoted.json().quote;
    await call("POST", "/devnet/graduate", { launch: bonding.address });
    expect((await get(api.app, `/v1/launches/${bonding.address}`)).body.status).toBe("graduated");

    expect((await call("POST", "/devnet/restore", { id: saved.id })).body.slot).toBe(saved.slot);
    expect((await get(api.app, `/v1/launches/${bonding.address}`)).body.status).toBe("activeBonding");
    expect((await get(api.app, `/v1/wallets/${wallet}/balances`)).body.solLamports).toBe("0");
    // A quote issued after the snapshot's time priced a future that did not happen: unknown now.
    const built = await api.app.inject({ method: "POST", url: "/v1/trades/build", payload: { quoteId, wallet } });
    expect(built.json()).toMatchObject({ code: "QUOTE_NOT_FOUND" });
    expect((await call("POST", "/devnet/restore", { id: "s999" })).status).toBe(404);
  });

  it("restores a later snapshot after an earlier one with the prices of the later, and no list cached from the chain it left", async () => {
    const component = api.world.components[0]!;
    const launch = (await get(api.app, "/v1/launches?tab=new&limit=1")).body.launches[0].address;
    const legacy = async () => (await get(api.app, "/v1/launches?limit=100")).body;
    const answers = async () => ({
      assets: (await get(api.app, "/v1/assets")).body,
      launch: (await get(api.app, `/v1/launches/${launch}`)).body,
      trades: (await get(api.app, `/v1/launches/${launch}/trades?limit=200`)).body,
    });
    wallOffset += 4_000;
    const early = (await call("POST", "/devnet/snapshot")).body.id;
    const legacyEarly = await legacy();
    const price = (await answers()).assets.assets.find((asset: { mint: string }) => asset.mint === component.mint).priceSol;
    expect((await call("POST", "/devnet/prices", { mint: component.mint, priceSol: price * 1.4 })).status).toBe(200);
    await call("POST", "/devnet/advance", { slots: 30 });
    const late = (await call("POST", "/devnet/snapshot")).body.id;
    const atLate = await answers();
    wallOffset += 4_000;
    expect(await legacy()).not.toEqual(legacyEarly);

    expect((await call("POST", "/devnet/restore", { id: early })).status).toBe(200);
    // Within the legacy list's 3 s: still the list of the chain restored, not of the one left.
    expect(await legacy()).toEqual(legacyEarly);
    expect((await call("POST", "/devnet/restore", { id: late })).status).toBe(200);
    expect(await answers()).toEqual(atLate);
  });

  it.each<[string, string, unknown]>([
    ["an airdrop with nothing to give", "/devnet/airdrop", { wallet: "11111111111111111111111111111111" }],
    [
      "an airdrop of an unknown mint",
      "/devnet/airdrop",
      { wallet: "11111111111111111111111111111111", mint: "11111111111111111111111111111111", amount: "1" },
    ],
    ["an airdrop of two million SOL", "/devnet/airdrop", { wallet: "11111111111111111111111111111111", lamports: "2000000000000000" }],
    ["an amount without a mint", "/devnet/airdrop", { wallet: "11111111111111111111111111111111", amount: "5" }],
    ["a clock mode of fast", "/devnet/clock", { mode: "fast" }],
    ["an advance of 0 slots", "/devnet/advance", { slots: 0 }],
    ["an advance of both slots and seconds", "/devnet/advance", { slots: 1, seconds: 1 }],
    ["a negative price", "/devnet/prices", { mint: "11111111111111111111111111111111", priceSol: -1 }],
    ["a delay without slots", "/devnet/faults/transaction", { kind: "delay" }],
    ["a stream drop without frames", "/devnet/faults/stream", { kind: "drop" }],
    ["a stream drop of a frame kind the stream has not", "/devnet/faults/stream", { kind: "drop", frames: 1, kinds: ["nope"] }],
    ["frame kinds with a resync", "/devnet/faults/stream", { kind: "resync", kinds: ["cards"] }],
    ["a frame kind named twice", "/devnet/faults/stream", { kind: "duplicate", frames: 1, kinds: ["cards", "cards"] }],
  ])("refuses %s with a 4xx and a sentence", async (_, url, body) => {
    const response = await call("POST", url, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });

  it("refuses a field a control body does not take, naming it and the fields it does, and arms nothing", async () => {
    const typo = await call("POST", "/devnet/faults/transaction", { kind: "drop", walet: "11111111111111111111111111111111" });
    expect(typo).toMatchObject({
      status: 400,
      body: { code: "INVALID_BODY", error: "body field walet is not a field of this request (its fields: kind, slots, wallet)" },
    });
    const empty = await call("POST", "/devnet/faults/transaction", { kind: "drop", "": 1 });
    expect(empty.body).toEqual({
      code: "INVALID_BODY",
      error: 'body field "" is not a field of this request (its fields: kind, slots, wallet)',
    });
    // Nothing was armed: clearing the faults disarms none.
    expect((await call("DELETE", "/devnet/faults/transaction")).body).toEqual({ cleared: 0 });
    const twice = await call("POST", "/devnet/faults/stream", { kind: "duplicate", frames: 1, kinds: ["cards", "cards"] });
    expect(twice.body.error).toBe(`body field kinds must be an array of 1 to ${SERVER_FRAME_KINDS.length} items, none twice`);
  });

  /** A 0.01 SOL transfer from a new funded key, signed, with that key's address. */
  async function transfer(): Promise<{ payer: string; transaction: Transaction }> {
    const payer = await generateKeyPairSigner();
    api.devnet.airdrop(payer.address, 1_000_000_000n);
    const transaction = await signInstructions({
      feePayer: payer,
      instructions: [
        getTransferSolInstruction({ source: payer, destination: (await generateKeyPairSigner()).address, amount: 10_000_000n }),
      ],
      lifetime: api.devnet.latestBlockhash(),
    });
    return { payer: payer.address, transaction };
  }

  it("a transaction fault with a wallet drops that wallet's next transaction, and others pass by", async () => {
    const [target, other] = [await transfer(), await transfer()];
    expect((await call("POST", "/devnet/faults/transaction", { kind: "drop", wallet: target.payer })).body).toEqual({ armed: "drop" });
    const [passing, dropped] = [api.devnet.submit(other.transaction), api.devnet.submit(target.transaction)];
    api.devnet.advanceSlots(1);
    if (!passing.accepted || !dropped.accepted) throw new Error("a submission was refused");
    expect(api.devnet.getTransactionStatus(passing.signature).status).toBe("confirmed");
    // Lost on the way: the service saw it go out, so it is pending until its blockhash expires.
    expect(api.devnet.getTransactionStatus(dropped.signature).status).toBe("pending");
    expect(api.devnet.armedFaults).toEqual([]);
  });

  it("arms at most 100 transaction faults; DELETE disarms them, and a restore does too", async () => {
    for (let i = 0; i < 100; i++) expect((await call("POST", "/devnet/faults/transaction", { kind: "delay", slots: 1 })).status).toBe(200);
    const past = await call("POST", "/devnet/faults/transaction", { kind: "drop" });
    expect(past).toMatchObject({
      status: 409,
      body: { code: "DEVNET_REFUSED", error: expect.stringContaining("100 transaction faults are armed") },
    });
    expect((await call("DELETE", "/devnet/faults/transaction")).body).toEqual({ cleared: 100 });
    expect((await call("DELETE", "/devnet/faults/transaction")).body).toEqual({ cleared: 0 });
    const snapshot = (await call("POST", "/devnet/snapshot")).body.id;
    await call("POST", "/devnet/faults/transaction", { kind: "drop" });
    expect((await call("POST", "/devnet/restore", { id: snapshot })).status).toBe(200);
    expect(api.devnet.armedFaults).toEqual([]);
  });

  it("exercised every documented /devnet success response but the stream's (tested with the stream) and the collectibles' (src/control/__tests__/collectible-control.test.ts)", () => {
    const successes = validator
      .documented()
      .filter(
        (entry) =>
          entry.includes(" /devnet/") &&
          !entry.includes("/faults/stream") &&
          !entry.includes("/devnet/collectibles/") &&
          entry.endsWith(" 200"),
      );
    expect(successes.length).toBeGreaterThanOrEqual(8);
    expect(successes.filter((entry) => !validator.exercised.has(entry))).toEqual([]);
  });
});
