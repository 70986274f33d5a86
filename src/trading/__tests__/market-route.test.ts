import { type Signature, address, generateKeyPairSigner } from "@solana/kit";
import { describe, expect, it } from "vitest";
import type { Result } from "../../errors/index.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import { migrate, sellOut } from "../../world/__tests__/world-fixture.ts";
import { SOL, clientWallet, request, signAsClient, startDesk } from "./desk-fixture.ts";

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected failure: ${JSON.stringify(result.error.body)}`);
  return result.value;
}

/** The market quote's path (a launch past its curve); throws on a curve quote. */
function marketPath<Q extends object>(quote: Q): { component: string } {
  if (!("path" in quote)) throw new Error("expected a market quote");
  return quote.path as { component: string };
}

describe("a market sell", () => {
  it("sweeps the whole component balance on its second hop: what the first hop paid above its floor, and a buy's excess before it", async () => {
    const { devnet, world, launched, desk } = await startDesk("market-route-dust");
    const keeper = await generateKeyPairSigner();
    devnet.airdrop(keeper.address, 10n * SOL);
    await sellOut(world, launched);
    for (let i = 0; i < launched.componentMints.length; i++) await migrate(world, keeper, launched, i);
    const wallet = clientWallet(world);
    const land = async (quoteId: string) => {
      const built = value(await desk.build(quoteId, wallet.address));
      const submitted = value(await desk.submit(signAsClient(built.transaction, wallet.keypair), quoteId));
      devnet.advanceSlots(1);
      expect(devnet.getTransactionStatus(submitted.signature as Signature).status).toBe("confirmed");
    };

    const buy = value(await desk.quote(request(launched, { wallet: wallet.address, amountIn: 2n * SOL })));
    await land(buy.quoteId);
    const buyComponent = await desk.reader.tokenAccountOf(wallet.address, address(marketPath(buy).component));
    // A buy's second hop spends the first hop's floor: the excess stays in the wallet.
    expect(tokenBalance(devnet, buyComponent)).toBeGreaterThan(0n);

    const primary = await desk.reader.tokenAccountOf(wallet.address, launched.accounts.mint);
    const sell = value(
      await desk.quote(request(launched, { wallet: wallet.address, direction: "sell", amountIn: tokenBalance(devnet, primary) })),
    );
    // The same component both ways, so the sweep below includes the buy's excess.
    expect(marketPath(sell).component).toBe(marketPath(buy).component);
    await land(sell.quoteId);
    expect(tokenBalance(devnet, primary)).toBe(0n);
    const sellComponent = await desk.reader.tokenAccountOf(wallet.address, address(marketPath(sell).component));
    expect(tokenBalance(devnet, sellComponent)).toBe(0n);
  });
});
