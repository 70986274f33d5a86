import { createKeyPairSignerFromBytes, generateKeyPairSigner } from "@solana/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { U64_MAX, swapExactIn } from "../../economics/index.ts";
import { NATIVE_MINT_ADDRESS, findAssociatedTokenAddress, findPoolPda, getPoolAccountDecoder } from "../../programs/index.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import { crank, readCollectible, wrapSol } from "../../world/__tests__/collectible-fixture.ts";
import { outcomeOf } from "../../world/__tests__/world-fixture.ts";
import type { CurveQuote, PoolQuote } from "../records/quote.ts";
import { type Collectible, collectibleRequest, startCollectible, statusOf } from "./collectible-fixture.ts";
import { landAll, value } from "./desk-fixture.ts";
import { SOL, clientWallet } from "./desk-fixture.ts";

/** A fresh web3.js wallet buys the rest of the curve through the desk: the curve completes. */
async function buyOut(collectible: Collectible) {
  const { desk, devnet, world, launch } = collectible;
  const whale = clientWallet(world, 500n * SOL);
  const quote = value(await desk.quote(collectibleRequest(collectible, { wallet: whale.address, amountIn: U64_MAX })));
  expect((quote as CurveQuote).clamped).toBe(true);
  const outcomes = await landAll(desk, value(await desk.build(quote.quoteId, whale.address)), quote.quoteId, whale);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(outcomes.map(() => "confirmed"));
  expect(statusOf(devnet, launch)).toBe("graduationPending");
  return whale;
}

/** Runs the collectible's next permissionless crank; it must land. */
async function crankOnce(collectible: Collectible) {
  const keeper = await generateKeyPairSigner();
  collectible.devnet.airdrop(keeper.address, 10n * SOL);
  const result = await crank(collectible.world, keeper, collectible.listed);
  expect(result && outcomeOf(result)).toBe("ok");
}

/** Buys out the curve and cranks every acquisition stage: the collectible is tradable; its pool. */
async function makeTradable(collectible: Collectible) {
  await buyOut(collectible);
  for (let step = 0; step < 4; step++) await crankOnce(collectible);
  expect(readCollectible(collectible.devnet, collectible.listed).stage).toBe("tradable");
  const [pool] = await findPoolPda({ authority: collectible.launch, mintA: collectible.mint, mintB: NATIVE_MINT_ADDRESS });
  const record = getPoolAccountDecoder().decode(collectible.devnet.getAccount(pool)!.data);
  return { pool, vaultPrimary: record.vaultA, vaultSol: record.vaultB, feeBps: record.feeBps };
}

describe("a collectible still raising", () => {
  it("buys on its curve by wrapping SOL and sells by unwrapping it, each in one transaction, to the lamport", async () => {
    const collectible = await startCollectible("collectible-raising");
    const { desk, devnet, world, mint } = collectible;
    const wallet = clientWallet(world);
    const wrapped = findAssociatedTokenAddress(wallet.address, NATIVE_MINT_ADDRESS)[0];
    const primary = findAssociatedTokenAddress(wallet.address, mint)[0];

    const buy = value(
      await desk.quote(collectibleRequest(collectible, { wallet: wallet.address, amountIn: 10_000n * 10n ** 6n })),
    ) as CurveQuote;
    expect(buy.componentTargets.map((component) => component.mint)).toEqual([NATIVE_MINT_ADDRESS]);
    const [funding] = buy.componentFunding;
    // No venue: the whole shortfall is wrapped, lamport for base unit, and no swap leg is routed.
    expect(buy.route!.legs).toEqual([]);
    expect(buy.route!.venues).toEqual([]);
    expect(buy.route!.solIn).toBe(funding!.shortfall);
    expect(buy.route!.transactions).toBe(1);
    const built = value(await desk.build(buy.quoteId, wallet.address));
    expect(built.plan).toHaveLength(1);
    const lamportsBefore = devnet.getBalance(wallet.address);
    expect(await landAll(desk, built, buy.quoteId, wallet)).toEqual([{ status: "confirmed", error: null }]);
    expect(tokenBalance(devnet, primary)).toBe(BigInt(buy.expectedOut));
    // The buffer wrapped beyond the deposit came back when the settle closed the wrapped account,
    // so the buy took exactly allInLamports: the deposit and the plan's costs, not the buffer.
    expect(devnet.getAccount(wrapped)).toBeNull();
    expect(BigInt(funding!.required)).toBeGreaterThan(BigInt(funding!.amount));
    expect(devnet.getBalance(wallet.address)).toBe(lamportsBefore - BigInt(buy.allInLamports!));

    const sell = value(
      await desk.quote(
        collectibleRequest(collectible, { wallet: wallet.address, direction: "sell", mode: "exactIn", amountIn: BigInt(buy.expectedOut) }),
      ),
    ) as CurveQuote;
    expect(sell.route!.legs).toEqual([]);
    expect(sell.route!.transactions).toBe(1);
    const before = devnet.getBalance(wallet.address);
    expect(await landAll(desk, value(await desk.build(sell.quoteId, wallet.address)), sell.quoteId, wallet)).toEqual([
      { status: "confirmed", error: null },
    ]);
    expect(tokenBalance(devnet, primary)).toBe(0n);
    expect(devnet.getAccount(wrapped)).toBeNull();
    // What the curve withdrew arrived as SOL: the wrapped SOL withdrawn less the fees, exactly.
    const withdrawn = BigInt(sell.componentTargets[0]!.amount);
    expect(withdrawn).toBeGreaterThan(0n);
    expect(devnet.getBalance(wallet.address)).toBe(before + withdrawn - BigInt(sell.allInLamports!));
  });

  it("counts wrapped SOL the wallet holds: a wallet holding enough wraps nothing, and its wrapped SOL comes back as SOL after the deposit", async () => {
    const collectible = await startCollectible("collectible-held");
    const { desk, devnet, world, mint } = collectible;
    const wallet = clientWallet(world);
    const held = SOL;
    const wrapped = await wrapSol(world, await createKeyPairSignerFromBytes(wallet.keypair.secretKey), held);
    const rent = devnet.getBalance(wrapped) - held;
    const buy = value(await desk.quote(collectibleRequest(collectible, { wallet: wallet.address }))) as CurveQuote;
    const [funding] = buy.componentFunding;
    expect(funding).toMatchObject({ held: held.toString(), shortfall: "0" });
    expect(buy.fullyCovered).toBe(true);
    expect(buy.route!.solIn).toBe("0");
    const before = devnet.getBalance(wallet.address);
    expect(await landAll(desk, value(await desk.build(buy.quoteId, wallet.address)), buy.quoteId, wallet)).toEqual([
      { status: "confirmed", error: null },
    ]);
    expect(tokenBalance(devnet, findAssociatedTokenAddress(wallet.address, mint)[0])).toBe(BigInt(buy.expectedOut));
    expect(devnet.getAccount(wrapped)).toBeNull();
    // What was wrapped less the deposit, and the wrapped account's rent, back as SOL; the plan's costs out.
    expect(devnet.getBalance(wallet.address)).toBe(before + held - BigInt(funding!.amount) + rent - BigInt(buy.allInLamports!));
  });

  it("buys with a SOL budget (exactInSol): the wrapped deposit never exceeds it", async () => {
    const collectible = await startCollectible("collectible-budget");
    const { desk, world } = collectible;
    const wallet = clientWallet(world);
    const budget = SOL / 10n;
    const quote = value(
      await desk.quote(collectibleRequest(collectible, { wallet: wallet.address, mode: "exactInSol", amountIn: budget })),
    ) as CurveQuote;
    expect(BigInt(quote.route!.solIn)).toBeLessThanOrEqual(budget);
    expect(BigInt(quote.expectedOut)).toBeGreaterThan(0n);
    expect(await landAll(collectible.desk, value(await desk.build(quote.quoteId, wallet.address)), quote.quoteId, wallet)).toEqual([
      { status: "confirmed", error: null },
    ]);
  });
});

describe("a collectible between its curve and its pool", () => {
  it("answers 409 COLLECTIBLE_NOT_TRADABLE at every acquisition stage, naming the collectible and its stage, at quote and at build", async () => {
    const collectible = await startCollectible("collectible-acquiring");
    const { desk, world, launch } = collectible;
    const wallet = clientWallet(world);
    const stored = value(await desk.quote(collectibleRequest(collectible, { wallet: wallet.address })));
    await buyOut(collectible);
    for (const stage of ["funding", "swapping", "acquiring", "pooling"]) {
      for (const direction of ["buy", "sell"] as const) {
        const refused = await desk.quote(collectibleRequest(collectible, { wallet: wallet.address, direction, mode: "exactIn" }));
        expect(refused.ok ? null : refused.error).toMatchObject({
          status: 409,
          body: { code: "COLLECTIBLE_NOT_TRADABLE", error: expect.stringContaining(`collectible CARD (${launch}) is at stage ${stage}:`) },
        });
      }
      const build = await desk.build(stored.quoteId, wallet.address);
      expect(build.ok ? null : build.error.body).toMatchObject({ code: "COLLECTIBLE_NOT_TRADABLE" });
      await crankOnce(collectible);
    }
    // Tradable: the pool quote, and no stage refusal.
    const open = value(await desk.quote(collectibleRequest(collectible, { wallet: wallet.address, amountIn: SOL })));
    expect(open).toHaveProperty("estimatedAmountOut");
  });
});

describe("a tradable collectible", () => {
  it("buys and sells through the pool quote, landed exactly as estimated: estimatedAmountOut, no expectedOut", async () => {
    const collectible = await startCollectible("collectible-pool");
    const { desk, devnet, world, mint } = collectible;
    const pool = await makeTradable(collectible);
    expect(statusOf(devnet, collectible.launch)).toBe("graduated");

    const wallet = clientWallet(world);
    const primary = findAssociatedTokenAddress(wallet.address, mint)[0];
    const wrapped = findAssociatedTokenAddress(wallet.address, NATIVE_MINT_ADDRESS)[0];
    const reserves = () => ({ primary: tokenBalance(devnet, pool.vaultPrimary), lamports: tokenBalance(devnet, pool.vaultSol) });

    const spend = SOL / 4n;
    const buy = value(await desk.quote(collectibleRequest(collectible, { wallet: wallet.address, amountIn: spend }))) as PoolQuote;
    expect(buy).not.toHaveProperty("expectedOut");
    const before = reserves();
    const predicted = swapExactIn(before.lamports, before.primary, spend, pool.feeBps, 0n);
    expect(predicted.ok && predicted.amountOut).toBe(BigInt(buy.estimatedAmountOut));
    expect(buy).toMatchObject({
      amountIn: spend.toString(),
      feeBps: pool.feeBps,
      minOut: ((BigInt(buy.estimatedAmountOut) * 9_900n) / 10_000n).toString(),
      pool: { address: pool.pool, primaryReserve: before.primary.toString(), lamportsReserve: before.lamports.toString() },
      route: { transactions: 1, solIn: spend.toString(), legs: [{ venue: pool.pool, mintIn: NATIVE_MINT_ADDRESS, mintOut: mint }] },
    });
    expect(buy.priceImpactBps).toBeGreaterThan(0);
    expect(buy.expiresAt).toBeGreaterThan(0);

    const lamportsBefore = devnet.getBalance(wallet.address);
    const built = value(await desk.build(buy.quoteId, wallet.address));
    expect(built.plan).toHaveLength(1);
    expect(await landAll(desk, built, buy.quoteId, wallet)).toEqual([{ status: "confirmed", error: null }]);
    const bought = tokenBalance(devnet, primary);
    expect(bought).toBe(BigInt(buy.estimatedAmountOut));
    expect(devnet.getBalance(wallet.address)).toBe(lamportsBefore - BigInt(buy.allInLamports!));
    expect(devnet.getAccount(wrapped)).toBeNull();
    expect(reserves()).toEqual({ primary: before.primary - bought, lamports: before.lamports + spend });

    const sell = value(
      await desk.quote(collectibleRequest(collectible, { wallet: wallet.address, direction: "sell", amountIn: bought })),
    ) as PoolQuote;
    expect(sell).not.toHaveProperty("expectedOut");
    const middle = reserves();
    const back = swapExactIn(middle.primary, middle.lamports, bought, pool.feeBps, 0n);
    expect(back.ok && back.amountOut).toBe(BigInt(sell.estimatedAmountOut));
    const beforeSell = devnet.getBalance(wallet.address);
    expect(await landAll(desk, value(await desk.build(sell.quoteId, wallet.address)), sell.quoteId, wallet)).toEqual([
      { status: "confirmed", error: null },
    ]);
    expect(tokenBalance(devnet, primary)).toBe(0n);
    expect(devnet.getAccount(wrapped)).toBeNull();
    // The proceeds arrived as SOL: exactly the estimate, less the plan's fees.
    expect(devnet.getBalance(wallet.address)).toBe(beforeSell + BigInt(sell.estimatedAmountOut) - BigInt(sell.allInLamports!));
    // A round trip through the pool's fee twice loses a little, never gains.
    expect(BigInt(sell.estimatedAmountOut)).toBeLessThan(spend);
  });

  it("property: any run of buys and sells lands exactly what each quote estimated, the pool's reserves moving by exactly amountIn and estimatedAmountOut", async () => {
    const collectible = await startCollectible("collectible-pool-property");
    const { desk, devnet, world, mint } = collectible;
    const pool = await makeTradable(collectible);
    const wallet = clientWallet(world, 1_000n * SOL);
    const primary = findAssociatedTokenAddress(wallet.address, mint)[0];
    const reserves = () => ({ primary: tokenBalance(devnet, pool.vaultPrimary), lamports: tokenBalance(devnet, pool.vaultSol) });
    const trades = fc.array(fc.record({ buy: fc.boolean(), share: fc.integer({ min: 1, max: 10_000 }) }), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(trades, fc.integer({ min: 0, max: 500 }), async (run, slippageBps) => {
        for (const { buy, share } of run) {
          const held = tokenBalance(devnet, primary);
          // A buy spends up to 5 SOL; a sell gives up a share of what the wallet holds (a buy when it holds none).
          const direction = buy || held === 0n ? "buy" : "sell";
          const amountIn = direction === "buy" ? (5n * SOL * BigInt(share)) / 10_000n : (held * BigInt(share)) / 10_000n || 1n;
          const before = reserves();
          const quote = value(
            await desk.quote(collectibleRequest(collectible, { wallet: wallet.address, direction, amountIn, slippageBps })),
          ) as PoolQuote;
          const [reserveIn, reserveOut] = direction === "buy" ? [before.lamports, before.primary] : [before.primary, before.lamports];
          const predicted = swapExactIn(reserveIn, reserveOut, amountIn, pool.feeBps, 0n);
          expect(predicted.ok && predicted.amountOut).toBe(BigInt(quote.estimatedAmountOut));
          expect(BigInt(quote.minOut)).toBe((BigInt(quote.estimatedAmountOut) * BigInt(10_000 - slippageBps)) / 10_000n);
          const lamports = devnet.getBalance(wallet.address);
          expect(await landAll(desk, value(await desk.build(quote.quoteId, wallet.address)), quote.quoteId, wallet)).toEqual([
            { status: "confirmed", error: null },
          ]);
          const out = BigInt(quote.estimatedAmountOut);
          const after = reserves();
          if (direction === "buy") {
            expect(tokenBalance(devnet, primary)).toBe(held + out);
            expect(after).toEqual({ primary: before.primary - out, lamports: before.lamports + amountIn });
            expect(devnet.getBalance(wallet.address)).toBe(lamports - BigInt(quote.allInLamports!));
          } else {
            expect(tokenBalance(devnet, primary)).toBe(held - amountIn);
            expect(after).toEqual({ primary: before.primary + amountIn, lamports: before.lamports - out });
            expect(devnet.getBalance(wallet.address)).toBe(lamports + out - BigInt(quote.allInLamports!));
          }
        }
      }),
      { numRuns: 6, seed: 11 },
    );
  });

  it("refuses a sell of more than the wallet holds and a zero amount, as 4xx sentences", async () => {
    const collectible = await startCollectible("collectible-pool-refusals");
    const { desk, world } = collectible;
    await makeTradable(collectible);
    const wallet = clientWallet(world);
    const zero = await desk.quote(collectibleRequest(collectible, { wallet: wallet.address, amountIn: 0n }));
    expect(zero.ok ? null : zero.error.body).toMatchObject({
      code: "TRADE_REFUSED",
      error: expect.stringContaining("the pool would refuse"),
    });
    const sell = value(
      await desk.quote(collectibleRequest(collectible, { wallet: wallet.address, direction: "sell", amountIn: 10n ** 6n })),
    );
    const build = await desk.build(sell.quoteId, wallet.address);
    expect(build.ok ? null : build.error).toMatchObject({ status: 400, body: { code: "INSUFFICIENT_FUNDS" } });
  });
});
