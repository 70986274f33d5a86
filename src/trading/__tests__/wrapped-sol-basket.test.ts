/**
 * Wrapped SOL beside other components in a basket made with build-create: priced at exactly
 * one lamport per base unit, wrapped (never swapped) by the settle, unwrapped on a sell; and
 * a recipe of wrapped SOL alone refused (it is a collectible's).
 */
import { type Address, address } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { NATIVE_MINT_ADDRESS, findAssociatedTokenAddress, getLaunchAccountDecoder } from "../../programs/index.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import { deriveKeyPairSigner } from "../../chain/deterministic-keys.ts";
import { startWorld } from "../../world/__tests__/world-fixture.ts";
import { LaunchBuilder } from "../launch-builder.ts";
import { TradeDesk } from "../trade-desk.ts";
import type { CurveQuote } from "../records/quote.ts";
import { landAll, value } from "./desk-fixture.ts";
import { SOL, clientWallet, signAsClient, startDesk } from "./desk-fixture.ts";

async function basketWithWrappedSol(seed: string) {
  const started = await startDesk(seed);
  const { devnet, world, desk } = started;
  const builder = new LaunchBuilder({ devnet, reader: desk.reader, defaultImageUri: () => "", onMetadata: () => {} });
  const creator = clientWallet(world);
  const base = {
    creator: creator.address,
    symbol: "HALF",
    name: "Half SOL",
    description: "",
    imageUri: null,
    website: null,
    x: null,
    telegram: null,
  };
  const other = world.components[0]!.mint;
  const built = value(
    await builder.build({
      ...base,
      components: [
        { mint: other, targetBps: 6_000 },
        { mint: NATIVE_MINT_ADDRESS, targetBps: 4_000 },
      ],
      curveTargetSol: 20,
    }),
  );
  const created = value(await desk.submit(signAsClient(built.transaction, creator.keypair), null));
  devnet.advanceSlots(1);
  expect(desk.status(created.signature).status).toBe("confirmed");
  return { ...started, builder, base, launch: address(built.launch), primaryMint: address(built.primaryMint), other };
}

describe("a basket holding wrapped SOL", () => {
  it("prices wrapped SOL at one lamport per base unit in the recipe", async () => {
    const { devnet, launch } = await basketWithWrappedSol("wsol-basket-recipe");
    const record = getLaunchAccountDecoder().decode(devnet.getAccount(launch)!.data);
    const sol = record.components.find((component) => component.mint === NATIVE_MINT_ADDRESS)!;
    // 40 % of a DNA unit's worth (10⁹ lamports per 10⁹ DNA units by default) in lamports, 1:1.
    expect(sol.quantity).toBe((record.dnaUnitLamportsE9 * 4_000n) / 10_000n);
    expect(record.components).toHaveLength(2);
  });

  it("buys (setup swap for the other component, wrapped SOL wrapped by the settle) and sells back, ending with no wrapped SOL", async () => {
    const { devnet, world, desk, launch, primaryMint, other } = await basketWithWrappedSol("wsol-basket-trade");
    const wallet = clientWallet(world);
    const wrapped = findAssociatedTokenAddress(wallet.address, NATIVE_MINT_ADDRESS)[0];
    const primary = findAssociatedTokenAddress(wallet.address, primaryMint)[0];
    const request = {
      launch,
      direction: "buy" as const,
      amountIn: 1_000n * 10n ** 6n,
      mode: "exactOut" as const,
      slippageBps: 100,
      wallet: wallet.address,
      preview: false,
      tipLamports: null,
      priorityFee: null,
    };
    const buy = value(await desk.quote(request)) as CurveQuote;
    // One swap leg (the other component); wrapped SOL has no venue and needs none.
    expect(buy.route!.legs.map((leg) => leg.mintOut)).toEqual([other]);
    const solFunding = buy.componentFunding.find((component) => component.mint === NATIVE_MINT_ADDRESS)!;
    expect(BigInt(buy.route!.solIn)).toBe(BigInt(buy.route!.legs[0]!.amountIn) + BigInt(solFunding.shortfall));
    const built = value(await desk.build(buy.quoteId, wallet.address));
    expect(built.plan.length).toBe(buy.route!.transactions);
    const outcomes = await landAll(desk, built, buy.quoteId, wallet);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(outcomes.map(() => "confirmed"));
    expect(tokenBalance(devnet, primary)).toBe(BigInt(buy.expectedOut));
    expect(devnet.getAccount(wrapped)).toBeNull();

    const sell = value(
      await desk.quote({ ...request, direction: "sell", mode: "exactIn", amountIn: BigInt(buy.expectedOut) }),
    ) as CurveQuote;
    expect(sell.route!.legs.map((leg) => leg.mintIn)).toEqual([other]);
    const sold = await landAll(desk, value(await desk.build(sell.quoteId, wallet.address)), sell.quoteId, wallet);
    expect(sold.map((outcome) => outcome.status)).toEqual(sold.map(() => "confirmed"));
    expect(tokenBalance(devnet, primary)).toBe(0n);
    expect(devnet.getAccount(wrapped)).toBeNull();
  });

  it("five components, the largest recipe, wrapped SOL among them: every transaction of a buy and a sell fits, with a tip and a priority fee, and lands", async () => {
    const { devnet, world } = await startWorld("wsol-basket-five", 5);
    const tips = await deriveKeyPairSigner("wsol-basket-five", "tips");
    devnet.airdrop(tips.address, SOL);
    const desk = new TradeDesk({
      devnet,
      venueAuthority: world.faucet.address,
      tipRecipient: tips.address,
      defaultTipLamports: 10_000n,
      autoComputeUnitPrice: 10_000n,
      tokenInfo: () => ({ symbol: "X", decimals: 6 }),
    });
    const builder = new LaunchBuilder({ devnet, reader: desk.reader, defaultImageUri: () => "", onMetadata: () => {} });
    const creator = clientWallet(world);
    const components = [
      ...world.components.slice(0, 4).map((component) => ({ mint: component.mint, targetBps: 2_000 })),
      { mint: NATIVE_MINT_ADDRESS, targetBps: 2_000 },
    ];
    const built = value(
      await builder.build({
        creator: creator.address,
        symbol: "FIVE",
        name: "Five",
        description: "",
        imageUri: null,
        website: null,
        x: null,
        telegram: null,
        components,
      }),
    );
    value(await desk.submit(signAsClient(built.transaction, creator.keypair), null));
    devnet.advanceSlots(1);
    const wallet = clientWallet(world);
    const request = {
      launch: address(built.launch),
      direction: "buy" as const,
      amountIn: 10n ** 12n,
      mode: "exactOut" as const,
      slippageBps: 100,
      wallet: wallet.address,
      preview: false,
      tipLamports: null,
      priorityFee: "auto" as const,
    };
    const buy = value(await desk.quote(request)) as CurveQuote;
    const bought = await landAll(desk, value(await desk.build(buy.quoteId, wallet.address)), buy.quoteId, wallet);
    expect(bought.map((outcome) => outcome.status)).toEqual(bought.map(() => "confirmed"));
    const sell = value(await desk.quote({ ...request, direction: "sell", mode: "exactIn", amountIn: BigInt(buy.expectedOut) }));
    const sold = await landAll(desk, value(await desk.build(sell.quoteId, wallet.address)), sell.quoteId, wallet);
    expect(sold.map((outcome) => outcome.status)).toEqual(sold.map(() => "confirmed"));
  });

  it("refuses a recipe of wrapped SOL alone at build-create, with a sentence", async () => {
    const { builder, base } = await basketWithWrappedSol("wsol-basket-alone");
    const refused = await builder.build({ ...base, components: [{ mint: NATIVE_MINT_ADDRESS as Address, targetBps: 10_000 }] });
    expect(refused.ok ? null : refused.error).toMatchObject({
      status: 400,
      body: { code: "INVALID_LAUNCH", error: expect.stringContaining("wrapped SOL alone") },
    });
  });
});
