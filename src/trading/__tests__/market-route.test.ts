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

describe("a market sell", () => {
  it("swaps exactly what its first hop delivered on its second: no dust of its own, and a buy's excess held before it untouched", async () => {
    const { devnet, world, launched, desk, land } = await graduatedDesk("market-route-dust");
    const wallet = clientWallet(world);

    const buy = value(await desk.quote(request(launched, { wallet: wallet.address, amountIn: 2n * SOL })));
    await land(buy.quoteId, wallet);
    const component = await desk.reader.tokenAccountOf(wallet.address, address(marketPath(buy).component));
    // A buy's second hop spends the first hop's floor: the excess stays in the wallet.
    const excess = tokenBalance(devnet, component);
    expect(excess).toBeGreaterThan(0n);

    const primary = await desk.reader.tokenAccountOf(wallet.address, launched.accounts.mint);
    const lamportsBefore = devnet.getBalance(wallet.address);
    const sell = value(
      await desk.quote(request(launched, { wallet: wallet.address, direction: "sell", amountIn: tokenBalance(devnet, primary) })),
    );
    // The same component both ways, so the excess sits in the account the sell swaps from.
    expect(marketPath(sell).component).toBe(marketPath(buy).component);
    await land(sell.quoteId, wallet);
    expect(tokenBalance(devnet, primary)).toBe(0n);
    // Exactly the excess held before the sell: the sell swapped all its first hop paid, nothing more.
    expect(tokenBalance(devnet, component)).toBe(excess);
    expect(devnet.getAccount(await world.tokenAccountOf(wallet.address, NATIVE_MINT_ADDRESS))).toBeNull();
    expect(devnet.getBalance(wallet.address)).toBeGreaterThan(lamportsBefore);
  });

  it("by a wallet that never held the component: the component account ends closed and empty", async () => {
    const { devnet, world, launched, desk, land } = await graduatedDesk("market-route-closes");
    const buyer = clientWallet(world);
    const buy = value(await desk.quote(request(launched, { wallet: buyer.address, amountIn: 2n * SOL })));
    await land(buy.quoteId, buyer);
    const fresh = clientWallet(world);
    const bought = tokenBalance(devnet, await desk.reader.tokenAccountOf(buyer.address, launched.accounts.mint));
    await transferTokens(world, buyer, fresh.address, launched.accounts.mint, bought);

    const lamportsBefore = devnet.getBalance(fresh.address);
    const sell = value(await desk.quote(request(launched, { wallet: fresh.address, direction: "sell", amountIn: bought })));
    await land(sell.quoteId, fresh);
    expect(tokenBalance(devnet, await desk.reader.tokenAccountOf(fresh.address, launched.accounts.mint))).toBe(0n);
    // The plan opened it, the second hop emptied it, and closing it returned its rent.
    expect(devnet.getAccount(await desk.reader.tokenAccountOf(fresh.address, address(marketPath(sell).component)))).toBeNull();
    expect(devnet.getAccount(await world.tokenAccountOf(fresh.address, NATIVE_MINT_ADDRESS))).toBeNull();
    expect(devnet.getBalance(fresh.address)).toBeGreaterThan(lamportsBefore);
  });
});
