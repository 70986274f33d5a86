import { type Signature, address, generateKeyPairSigner } from "@solana/kit";
import { describe, expect, it } from "vitest";
import type { Result } from "../../errors/index.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import { migrate, sellOut } from "../../world/__tests__/world-fixture.ts";
import { NATIVE_MINT_ADDRESS } from "../../programs/index.ts";
import { SOL, clientWallet, request, signAsClient, startDesk, transferTokens } from "./desk-fixture.ts";

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected failure: ${JSON.stringify(result.error.body)}`);
  return result.value;
}

/** The market quote's path (a launch past its curve); throws on a curve quote. */
function marketPath<Q extends object>(quote: Q): { component: string } {
  if (!("path" in quote)) throw new Error("expected a market quote");
  return quote.path as { component: string };
}

/** A launch past its curve: sold out and every component migrated to its pair pool, with a desk over it. */
async function graduatedDesk(seed: string) {
  const context = await startDesk(seed);
  const { devnet, world, launched, desk } = context;
  const keeper = await generateKeyPairSigner();
  devnet.airdrop(keeper.address, 10n * SOL);
  await sellOut(world, launched);
  for (let i = 0; i < launched.componentMints.length; i++) await migrate(world, keeper, launched, i);
  /** Builds, signs, submits and lands a quote's one transaction; it must confirm. */
  const land = async (quoteId: string, wallet: ReturnType<typeof clientWallet>) => {
    const built = value(await desk.build(quoteId, wallet.address));
    const submitted = value(await desk.submit(signAsClient(built.transaction, wallet.keypair), quoteId));
    devnet.advanceSlots(1);
    expect(devnet.getTransactionStatus(submitted.signature as Signature).status).toBe("confirmed");
  };
  return { ...context, land };
}

describe("a market trade's second hop", () => {
  it("swaps exactly what the first hop delivered, buying and selling: the component the wallet held before stays untouched", async () => {
    const { devnet, world, launched, desk, land } = await graduatedDesk("market-route-dust");
    const wallet = clientWallet(world);
    const held = 1_000n;
    const probe = value(await desk.quote(request(launched, { wallet: wallet.address, amountIn: 2n * SOL, preview: true })));
    const componentMint = address(marketPath(probe).component);
    await world.fund(wallet.address, { components: [{ mint: componentMint, amount: held }] });
    const component = await desk.reader.tokenAccountOf(wallet.address, componentMint);
    const primary = await desk.reader.tokenAccountOf(wallet.address, launched.accounts.mint);

    const buy = value(await desk.quote(request(launched, { wallet: wallet.address, amountIn: 2n * SOL })));
    expect(marketPath(buy).component).toBe(componentMint);
    await land(buy.quoteId, wallet);
    // The whole first hop went on: nothing of it stays behind, and the buy got at least its floor.
    expect(tokenBalance(devnet, component)).toBe(held);
    const bought = tokenBalance(devnet, primary);
    expect(bought).toBeGreaterThanOrEqual(BigInt(buy.minOut));

    const lamportsBefore = devnet.getBalance(wallet.address);
    const sell = value(await desk.quote(request(launched, { wallet: wallet.address, direction: "sell", amountIn: bought })));
    // The same component both ways, so what the wallet held sits in the account the sell swaps from.
    expect(marketPath(sell).component).toBe(componentMint);
    await land(sell.quoteId, wallet);
    expect(tokenBalance(devnet, primary)).toBe(0n);
    expect(tokenBalance(devnet, component)).toBe(held);
    expect(devnet.getAccount(await world.tokenAccountOf(wallet.address, NATIVE_MINT_ADDRESS))).toBeNull();
    expect(devnet.getBalance(wallet.address)).toBeGreaterThan(lamportsBefore);
  });

  it("by a wallet that never held the component: the component account ends closed and empty after a buy and after a sell", async () => {
    const { devnet, world, launched, desk, land } = await graduatedDesk("market-route-closes");
    const buyer = clientWallet(world);
    const buy = value(await desk.quote(request(launched, { wallet: buyer.address, amountIn: 2n * SOL })));
    await land(buy.quoteId, buyer);
    // The plan opened it, the second hop emptied it, and closing it returned its rent.
    expect(devnet.getAccount(await desk.reader.tokenAccountOf(buyer.address, address(marketPath(buy).component)))).toBeNull();
    const fresh = clientWallet(world);
    const bought = tokenBalance(devnet, await desk.reader.tokenAccountOf(buyer.address, launched.accounts.mint));
    await transferTokens(world, buyer, fresh.address, launched.accounts.mint, bought);

    const lamportsBefore = devnet.getBalance(fresh.address);
    const sell = value(await desk.quote(request(launched, { wallet: fresh.address, direction: "sell", amountIn: bought })));
    await land(sell.quoteId, fresh);
    expect(tokenBalance(devnet, await desk.reader.tokenAccountOf(fresh.address, launched.accounts.mint))).toBe(0n);
    expect(devnet.getAccount(await desk.reader.tokenAccountOf(fresh.address, address(marketPath(sell).component)))).toBeNull();
    expect(devnet.getAccount(await world.tokenAccountOf(fresh.address, NATIVE_MINT_ADDRESS))).toBeNull();
    expect(devnet.getBalance(fresh.address)).toBeGreaterThan(lamportsBefore);
  });

  it("lands a buy at slippageBps 10000, which accepts any output", async () => {
    const { devnet, world, launched, desk, land } = await graduatedDesk("market-route-any-output");
    const wallet = clientWallet(world);
    const buy = value(await desk.quote(request(launched, { wallet: wallet.address, amountIn: SOL, slippageBps: 10_000 })));
    expect(buy.minOut).toBe("0");
    await land(buy.quoteId, wallet);
    expect(tokenBalance(devnet, await desk.reader.tokenAccountOf(wallet.address, launched.accounts.mint))).toBe(
      BigInt((buy as { expectedOut: string }).expectedOut),
    );
  });
});
