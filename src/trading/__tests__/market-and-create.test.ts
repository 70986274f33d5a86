import { address, createKeyPairSignerFromBytes, generateKeyPairSigner } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import { describe, expect, it } from "vitest";
import type { Result } from "../../errors/index.ts";
import { getLaunchAccountDecoder } from "../../programs/index.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import { migrate, run, sellOut } from "../../world/__tests__/world-fixture.ts";
import { LaunchBuilder, type CreatedLaunchMetadata } from "../launch-builder.ts";
import type { MarketQuote } from "../records/quote.ts";
import { SOL, clientWallet, request, signAsClient, startDesk } from "./desk-fixture.ts";

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected failure: ${JSON.stringify(result.error.body)}`);
  return result.value;
}

/** A desk over a launch past its curve: sold out, then migrated to a pair pool per component by a keeper. */
async function startGraduatedDesk(seed: string) {
  const started = await startDesk(seed);
  const { devnet, world, launched } = started;
  const keeper = await generateKeyPairSigner();
  devnet.airdrop(keeper.address, 10n * SOL);
  await sellOut(world, launched);
  for (let i = 0; i < launched.componentMints.length; i++) await migrate(world, keeper, launched, i);
  return started;
}

describe("market trades past the curve", () => {
  it("buys with lamports and sells for lamports across a venue and a pair pool", async () => {
    const { devnet, world, launched, desk } = await startGraduatedDesk("desk-market");

    const wallet = clientWallet(world);
    const buy = value(await desk.quote(request(launched, { wallet: wallet.address, amountIn: 2n * SOL, mode: "exactOut" }))) as MarketQuote;
    expect(buy.graduated).toBe(true);
    // The mode asked for is ignored past the curve: the quote says what amountIn counted (lamports).
    expect(buy.mode).toBe("exactInSol");
    expect(BigInt(buy.minOut)).toBeLessThanOrEqual(BigInt(buy.expectedOut));
    const built = value(await desk.build(buy.quoteId, wallet.address));
    expect(built.plan).toHaveLength(1);
    expect(built.plan[0]!.settles).toBe(true);
    const submitted = value(await desk.submit(signAsClient(built.transaction, wallet.keypair), buy.quoteId));
    devnet.advanceSlots(1);
    const report = desk.status(submitted.signature);
    expect(report, JSON.stringify({ ...report, slot: String(report.slot) })).toMatchObject({ status: "confirmed" });
    const primary = await desk.reader.tokenAccountOf(wallet.address, launched.accounts.mint);
    const bought = tokenBalance(devnet, primary);
    expect(bought).toBe(BigInt(buy.expectedOut));
    // Past the curve a buy's amountIn is what its swap takes in; the fees and rent come on top, as allInLamports says.
    expect(buy.route!.solIn).toBe((2n * SOL).toString());
    expect(100n * SOL - devnet.getBalance(wallet.address)).toBe(BigInt(buy.allInLamports!));

    const lamportsBefore = devnet.getBalance(wallet.address);
    const sell = value(await desk.quote(request(launched, { wallet: wallet.address, direction: "sell", amountIn: bought }))) as MarketQuote;
    expect(sell.mode).toBe("exactIn");
    const sold = value(await desk.build(sell.quoteId, wallet.address));
    value(await desk.submit(signAsClient(sold.transaction, wallet.keypair), sell.quoteId));
    devnet.advanceSlots(1);
    expect(tokenBalance(devnet, primary)).toBe(0n);
    expect(devnet.getBalance(wallet.address)).toBeGreaterThan(lamportsBefore);
  });
});

describe("accounts a wallet opened itself", () => {
  it("stay open after a buy past the curve routes through them, and the buy costs exactly allInLamports", async () => {
    const { devnet, world, launched, desk } = await startGraduatedDesk("desk-market-own-accounts");
    const wallet = clientWallet(world);
    const signer = await createKeyPairSignerFromBytes(wallet.keypair.secretKey);
    // Empty accounts of every component, opened by the wallet before it trades.
    const own = await Promise.all(launched.componentMints.map((mint) => world.tokenAccountOf(wallet.address, mint)));
    const opened = await run(
      devnet,
      signer,
      launched.componentMints.map((mint, i) =>
        getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: own[i]!, owner: wallet.address, mint }),
      ),
    );
    expect(opened.landed).toBe(true);
    const before = devnet.getBalance(wallet.address);
    const buy = value(await desk.quote(request(launched, { wallet: wallet.address, amountIn: SOL / 10n }))) as MarketQuote;
    const built = value(await desk.build(buy.quoteId, wallet.address));
    value(await desk.submit(signAsClient(built.transaction, wallet.keypair), buy.quoteId));
    devnet.advanceSlots(1);
    for (const account of own) expect(devnet.getAccount(account), `the wallet's own account ${account} was closed`).not.toBeNull();
    expect(before - devnet.getBalance(wallet.address)).toBe(BigInt(buy.allInLamports!));
  });
});

describe("compute budgets", () => {
  it("settle for any wallet address: 40 random wallets' market buys all confirm", async () => {
    // The associated-token program's bump search, and so a settle's compute units, varies
    // with the wallet's address; a budget sized for a typical address fails some others.
    const { devnet, world, launched, desk } = await startGraduatedDesk("desk-budget");
    const statuses: string[] = [];
    for (let n = 0; n < 40; n++) {
      const wallet = clientWallet(world);
      const quote = value(await desk.quote(request(launched, { wallet: wallet.address, amountIn: SOL })));
      const built = value(await desk.build(quote.quoteId, wallet.address));
      const submitted = value(await desk.submit(signAsClient(built.transaction, wallet.keypair), quote.quoteId));
      devnet.advanceSlots(1);
      const report = desk.status(submitted.signature);
      statuses.push(report.error ?? report.status);
    }
    expect(statuses.filter((status) => status !== "confirmed")).toEqual([]);
  });
});

describe("build-create", () => {
  it("builds a creation a web3.js wallet signs, and the launch exists on chain as asked", async () => {
    const { devnet, world, desk } = await startDesk("desk-create");
    const metadata: [string, CreatedLaunchMetadata][] = [];
    const builder = new LaunchBuilder({
      devnet,
      reader: desk.reader,
      defaultImageUri: (symbol) => `/v1/media/launch-${symbol}.svg`,
      onMetadata: (launch, m) => metadata.push([launch, m]),
    });
    const creator = clientWallet(world);
    const components = world.components.slice(0, 2).map((component, i) => ({ mint: component.mint, targetBps: i === 0 ? 6_000 : 4_000 }));
    const built = value(
      await builder.build({
        creator: creator.address,
        symbol: "DUO",
        name: "Duo basket",
        description: "two parts",
        imageUri: null,
        website: "https://duo.example",
        x: null,
        telegram: null,
        components,
        curveTargetSol: 50,
        feeBps: 150,
        creatorFeeShareBps: 2_500,
      }),
    );
    const submitted = value(await desk.submit(signAsClient(built.transaction, creator.keypair), null));
    devnet.advanceSlots(1);
    expect(desk.status(submitted.signature).status).toBe("confirmed");
    const record = getLaunchAccountDecoder().decode(devnet.getAccount(address(built.launch))!.data);
    expect(record).toMatchObject({
      symbol: "DUO",
      name: "Duo basket",
      feeBps: 150,
      creatorFeeShareBps: 2_500,
      creator: creator.address,
      mint: built.primaryMint,
    });
    expect(record.components.map((c) => [c.mint, c.targetBps])).toEqual(components.map((c) => [c.mint, c.targetBps]));
    expect(metadata).toEqual([
      [
        built.launch,
        expect.objectContaining({ description: "two parts", website: "https://duo.example", imageUri: "/v1/media/launch-DUO.svg" }),
      ],
    ]);

    // A second launch by the same creator gets the next seed, hence its own address.
    const again = value(
      await builder.build({
        ...{
          creator: creator.address,
          symbol: "DUO",
          name: "Duo again",
          description: "",
          imageUri: null,
          website: null,
          x: null,
          telegram: null,
          components,
        },
      }),
    );
    expect(again.launch).not.toBe(built.launch);
  });

  it("refuses recipes the program would refuse, before building anything", async () => {
    const { devnet, world, desk } = await startDesk("desk-create-bad");
    const builder = new LaunchBuilder({ devnet, reader: desk.reader, defaultImageUri: () => "", onMetadata: () => {} });
    const creator = clientWallet(world);
    const base = {
      creator: creator.address,
      symbol: "BAD",
      name: "Bad",
      description: "",
      imageUri: null,
      website: null,
      x: null,
      telegram: null,
    };
    const mint = world.components[0]!.mint;
    expect(await builder.build({ ...base, components: [{ mint, targetBps: 9_000 }] })).toMatchObject({
      ok: false,
      error: { status: 400, body: { code: "INVALID_LAUNCH" } },
    });
    expect(
      await builder.build({
        ...base,
        components: [
          { mint, targetBps: 5_000 },
          { mint, targetBps: 5_000 },
        ],
      }),
    ).toMatchObject({ ok: false, error: { body: { code: "INVALID_LAUNCH" } } });
    expect(await builder.build({ ...base, components: [{ mint: creator.address, targetBps: 10_000 }] })).toMatchObject({
      ok: false,
      error: { status: 422, body: { code: "NO_ROUTE" } },
    });
  });
});
