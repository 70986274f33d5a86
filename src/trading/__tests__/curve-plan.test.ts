/**
 * The curve plans on chain, through the desk as an integrator uses it: a buy's setup swaps
 * keep the quote's slippage promise when a venue moves before they land, and a sell's swaps
 * take exactly what its settle delivered: no dust of the sell's own is left, and the
 * wallet's own components (a buy's buffer, or tokens it holds on purpose) are untouched.
 */
import type { Address, Signature } from "@solana/kit";
import { describe, expect, it } from "vitest";
import type { Devnet } from "../../chain/devnet.ts";
import { moveVenuePrice } from "../../control/venue-price-mover.ts";
import { NATIVE_MINT_ADDRESS, ProgramErrorCode, deriveTradeAccounts } from "../../programs/index.ts";
import type { GenesisWorld } from "../../world/genesis-world.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import type { CurveQuote } from "../records/quote.ts";
import type { TradeDesk } from "../trade-desk.ts";
import { clientWallet, request, signAsClient, startDesk, transferTokens } from "./desk-fixture.ts";

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`unexpected failure: ${JSON.stringify(result.error)}`);
  return result.value;
}

/**
 * Builds the quote, runs `beforeLanding` (the market moving between build and landing), then
 * signs every step of the plan in order, submits it and lands it; the status of each.
 */
async function landPlan(
  desk: TradeDesk,
  devnet: Devnet,
  quoteId: string,
  wallet: ReturnType<typeof clientWallet>,
  beforeLanding: () => Promise<void> = async () => {},
) {
  const built = value(await desk.build(quoteId, wallet.address));
  await beforeLanding();
  const outcomes = [];
  for (const step of built.plan) {
    const submitted = value(await desk.submit(signAsClient(step.transaction, wallet.keypair), quoteId));
    devnet.advanceSlots(1);
    const report = devnet.getTransactionStatus(submitted.signature as Signature);
    const error = report.error;
    outcomes.push({
      settles: step.settles === true,
      status: report.status,
      code: error && error.kind === "instruction" ? error.customCode : null,
    });
  }
  return outcomes;
}

/** Raises the price of `mint` on its SOL venue by `bps` (the component costs that much more SOL). */
async function raiseVenuePrice(world: GenesisWorld, mint: Address, bps: number) {
  const component = world.components.find((candidate) => candidate.mint === mint)!;
  const lamports = Number(tokenBalance(world.devnet, component.venue.vaultA));
  const units = Number(tokenBalance(world.devnet, component.venue.vaultB));
  const priceSol = ((lamports / units) * 10 ** component.listing.decimals) / 1e9;
  const moved = await moveVenuePrice(world, mint, priceSol * (1 + bps / 10_000));
  expect(moved.ok).toBe(true);
}

/** The wallet's balance of `mint`: 0 when its token account does not exist (closed or never opened). */
async function held(devnet: Devnet, wallet: Address, mint: Address, world: GenesisWorld): Promise<bigint> {
  const account = await world.tokenAccountOf(wallet, mint);
  return devnet.getAccount(account) ? tokenBalance(devnet, account) : 0n;
}

describe("a buy's setup swaps honour the quote's slippage", () => {
  it("every venue moved by half the slippage before landing: every step lands and the settle buys what was quoted", async () => {
    const { devnet, world, launched, desk } = await startDesk("plan-slippage-within");
    const wallet = clientWallet(world);
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address, slippageBps: 100 }))) as CurveQuote;
    const outcomes = await landPlan(desk, devnet, quote.quoteId, wallet, async () => {
      for (const mint of launched.componentMints) await raiseVenuePrice(world, mint, 50);
    });
    expect(outcomes.length).toBeGreaterThanOrEqual(2);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(outcomes.map(() => "confirmed"));
    const accounts = await deriveTradeAccounts(wallet.address, launched.accounts.launch, launched.componentMints);
    expect(tokenBalance(devnet, accounts.traderPrimaryAccount)).toBe(BigInt(quote.expectedOut));
    // What arrived beyond the curve's need stays in the wallet: less than the buffer, never negative.
    if (!("componentFunding" in quote)) throw new Error("expected a curve quote");
    quote.componentFunding.forEach((funding, i) => {
      const left = tokenBalance(devnet, accounts.components[i]!.traderAccount);
      expect(left).toBeGreaterThan(0n);
      expect(left).toBeLessThan(BigInt(funding.required) - BigInt(funding.amount));
    });
  });

  it("a venue moved by more than the slippage: its setup swap fails with SlippageExceeded and the buy never settles", async () => {
    const { devnet, world, launched, desk } = await startDesk("plan-slippage-beyond");
    const wallet = clientWallet(world);
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address, slippageBps: 100 }))) as CurveQuote;
    const outcomes = await landPlan(desk, devnet, quote.quoteId, wallet, () => raiseVenuePrice(world, launched.componentMints[1]!, 300));
    expect(outcomes.filter((outcome) => !outcome.settles).map((outcome) => outcome.code)).toContain(ProgramErrorCode.SlippageExceeded);
    expect(outcomes.find((outcome) => outcome.settles)).toMatchObject({ status: "failed" });
    const accounts = await deriveTradeAccounts(wallet.address, launched.accounts.launch, launched.componentMints);
    expect(devnet.getAccount(accounts.traderPrimaryAccount) ? tokenBalance(devnet, accounts.traderPrimaryAccount) : 0n).toBe(0n);
  });
});

describe("a sell swaps exactly what its settle delivered", () => {
  /** Quotes, builds and lands a sell of every launch token `wallet` holds; every step must confirm. */
  async function sellEverything(context: Awaited<ReturnType<typeof startDesk>>, wallet: ReturnType<typeof clientWallet>) {
    const { devnet, launched, desk } = context;
    const accounts = await deriveTradeAccounts(wallet.address, launched.accounts.launch, launched.componentMints);
    const amountIn = tokenBalance(devnet, accounts.traderPrimaryAccount);
    expect(amountIn).toBeGreaterThan(0n);
    const sell = value(await desk.quote(request(launched, { wallet: wallet.address, direction: "sell", mode: "exactIn", amountIn })));
    const outcomes = await landPlan(desk, devnet, sell.quoteId, wallet);
    // The settle and at least one unwinding transaction, all confirmed.
    expect(outcomes.length).toBeGreaterThanOrEqual(2);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(outcomes.map(() => "confirmed"));
    return accounts;
  }

  const componentsHeld = (context: Awaited<ReturnType<typeof startDesk>>, wallet: Address) =>
    Promise.all(context.launched.componentMints.map((mint) => held(context.devnet, wallet, mint, context.world)));

  it("a round trip: a wallet with no components buys, then sells every launch token; its buffer stays, the sell leaves no dust", async () => {
    const context = await startDesk("plan-round-trip");
    const { devnet, launched, desk } = context;
    const wallet = clientWallet(context.world);
    const buy = value(await desk.quote(request(launched, { wallet: wallet.address })));
    expect((await landPlan(desk, devnet, buy.quoteId, wallet)).every((outcome) => outcome.status === "confirmed")).toBe(true);
    // The buy leaves its buffer in the wallet, as the specification says ("any excess stays in the wallet").
    const buffer = await componentsHeld(context, wallet.address);
    for (const amount of buffer) expect(amount).toBeGreaterThan(0n);

    const lamportsBefore = devnet.getBalance(wallet.address);
    const accounts = await sellEverything(context, wallet);
    expect(tokenBalance(devnet, accounts.traderPrimaryAccount)).toBe(0n);
    // Each component balance is exactly what it was before the sell: the sell swapped all it
    // received (no dust of its own) and nothing of the buffer.
    expect(await componentsHeld(context, wallet.address)).toEqual(buffer);
    expect(await held(devnet, wallet.address, NATIVE_MINT_ADDRESS, context.world)).toBe(0n);
    expect(devnet.getAccount(await context.world.tokenAccountOf(wallet.address, NATIVE_MINT_ADDRESS))).toBeNull();
    expect(devnet.getBalance(wallet.address)).toBeGreaterThan(lamportsBefore);
  });

  it("a wallet holding components of its own sells launch tokens: its own holdings are untouched", async () => {
    const context = await startDesk("plan-sell-keeps-own");
    const { devnet, world, launched, desk } = context;
    const buyer = clientWallet(world);
    const buy = value(await desk.quote(request(launched, { wallet: buyer.address }))) as CurveQuote;
    expect((await landPlan(desk, devnet, buy.quoteId, buyer)).every((outcome) => outcome.status === "confirmed")).toBe(true);

    // A holder of the components on purpose (different amounts each), given launch tokens it never bought.
    const holder = clientWallet(world);
    const own = launched.componentMints.map((_, i) => BigInt(i + 1) * 7_777_777_777n);
    await world.fund(holder.address, { components: launched.componentMints.map((mint, i) => ({ mint, amount: own[i]! })) });
    await transferTokens(world, buyer, holder.address, launched.accounts.mint, BigInt(buy.expectedOut));
    expect(await componentsHeld(context, holder.address)).toEqual(own);

    const lamportsBefore = devnet.getBalance(holder.address);
    const accounts = await sellEverything(context, holder);
    expect(tokenBalance(devnet, accounts.traderPrimaryAccount)).toBe(0n);
    expect(await componentsHeld(context, holder.address)).toEqual(own);
    // Its accounts stay open with its holdings; the received components became SOL.
    for (const component of accounts.components) expect(devnet.getAccount(component.traderAccount)).not.toBeNull();
    expect(await held(devnet, holder.address, NATIVE_MINT_ADDRESS, world)).toBe(0n);
    expect(devnet.getBalance(holder.address)).toBeGreaterThan(lamportsBefore);
  });

  it("a wallet that never held the components sells everything: every component account ends closed and empty", async () => {
    const context = await startDesk("plan-sell-closes");
    const { devnet, world, launched, desk } = context;
    const buyer = clientWallet(world);
    const buy = value(await desk.quote(request(launched, { wallet: buyer.address }))) as CurveQuote;
    expect((await landPlan(desk, devnet, buy.quoteId, buyer)).every((outcome) => outcome.status === "confirmed")).toBe(true);
    const fresh = clientWallet(world);
    await transferTokens(world, buyer, fresh.address, launched.accounts.mint, BigInt(buy.expectedOut));
    expect(await componentsHeld(context, fresh.address)).toEqual(launched.componentMints.map(() => 0n));

    const lamportsBefore = devnet.getBalance(fresh.address);
    const accounts = await sellEverything(context, fresh);
    expect(tokenBalance(devnet, accounts.traderPrimaryAccount)).toBe(0n);
    // The settle opened them, the swaps emptied them, and closing them returned their rent.
    for (const component of accounts.components) expect(devnet.getAccount(component.traderAccount)).toBeNull();
    expect(devnet.getAccount(await world.tokenAccountOf(fresh.address, NATIVE_MINT_ADDRESS))).toBeNull();
    expect(devnet.getBalance(fresh.address)).toBeGreaterThan(lamportsBefore);
  });
});
