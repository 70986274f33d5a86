import { Keypair, SystemProgram, Transaction, VersionedTransaction } from "@solana/web3.js";
import { type Address, generateKeyPairSigner, signBytes } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { ProgramErrorCode, deriveTradeAccounts } from "../../programs/index.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import { readCurve } from "../../world/__tests__/world-fixture.ts";
import type { CurveQuote } from "../records/quote.ts";
import { MAX_PRIORITY_FEE_LAMPORTS } from "../records/quote-body.ts";
import { SOL, clientWallet, landAll, request, signAsClient, startDesk, value } from "./desk-fixture.ts";

/** Valid signature bytes over the message, made by a key that is not the fee payer's. */
async function signWithWrongKey(base64: string): Promise<string> {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, "base64"));
  const mallory = await generateKeyPairSigner();
  transaction.signatures[0] = new Uint8Array(await signBytes(mallory.keyPair.privateKey, transaction.message.serialize()));
  return Buffer.from(transaction.serialize()).toString("base64");
}

describe("the trade desk", () => {
  it("runs the specification's flow for a SOL-only wallet: quote, build, sign each step, submit in order, poll", async () => {
    const { devnet, world, launched, desk } = await startDesk();
    const wallet = clientWallet(world);
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address }))) as CurveQuote;
    expect(quote.route?.transactions).toBeGreaterThanOrEqual(2);
    expect(quote.fullyCovered).toBe(false);
    expect(quote.componentFunding.every((c) => BigInt(c.shortfall) > 0n)).toBe(true);

    const built = value(await desk.build(quote.quoteId, wallet.address));
    expect(built.plan.length).toBe(quote.route!.transactions);
    expect(built.plan.filter((step) => step.settles)).toHaveLength(1);
    expect(built.plan.at(-1)!.transaction).toBe(built.transaction);
    expect(built.plan.at(-1)!.settles).toBe(true);

    for (const step of built.plan) {
      const submitted = value(await desk.submit(signAsClient(step.transaction, wallet.keypair), quote.quoteId));
      expect(submitted.status).toBe("pending");
      devnet.advanceSlots(1);
      expect(desk.status(submitted.signature, BigInt(built.lastValidBlockHeight))).toMatchObject({
        status: "confirmed",
        error: null,
      });
    }
    const accounts = await deriveTradeAccounts(wallet.address, launched.accounts.launch, launched.componentMints);
    expect(tokenBalance(devnet, accounts.traderPrimaryAccount)).toBe(BigInt(quote.expectedOut));
  });

  it("fails on chain when the settle lands before its setup, and nothing moves", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-order");
    const wallet = clientWallet(world);
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address }))) as CurveQuote;
    const built = value(await desk.build(quote.quoteId, wallet.address));
    const accounts = await deriveTradeAccounts(wallet.address, launched.accounts.launch, launched.componentMints);
    const vaultsBefore = accounts.components.map((c) => tokenBalance(devnet, c.vault));

    const settle = value(await desk.submit(signAsClient(built.transaction, wallet.keypair), quote.quoteId));
    devnet.advanceSlots(1);
    const report = desk.status(settle.signature);
    expect(report.status).toBe("failed");
    expect(report.error).toContain(String(ProgramErrorCode.InsufficientComponents));
    expect(accounts.components.map((c) => tokenBalance(devnet, c.vault))).toEqual(vaultsBefore);
    expect(tokenBalance(devnet, accounts.traderPrimaryAccount)).toBe(0n);

    // In order, the same plan (rebuilt: the failed settle's signature is spent) lands.
    const rebuilt = value(await desk.build(quote.quoteId, wallet.address));
    for (const step of rebuilt.plan) {
      value(await desk.submit(signAsClient(step.transaction, wallet.keypair), quote.quoteId));
      devnet.advanceSlots(1);
    }
    expect(tokenBalance(devnet, accounts.traderPrimaryAccount)).toBe(BigInt(quote.expectedOut));
  });

  it("refuses to build a quote after 30 virtual seconds, and a preview quote at any time", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-expiry");
    const wallet = clientWallet(world);
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address })));
    devnet.advanceSeconds(29.6);
    expect((await desk.build(quote.quoteId, wallet.address)).ok).toBe(true);
    devnet.advanceSeconds(0.4);
    expect(await desk.build(quote.quoteId, wallet.address)).toMatchObject({
      ok: false,
      error: { status: 410, body: { code: "QUOTE_EXPIRED" } },
    });
    const preview = value(await desk.quote(request(launched, { wallet: wallet.address, preview: true })));
    expect(await desk.build(preview.quoteId, wallet.address)).toMatchObject({ ok: false, error: { body: { code: "PREVIEW_QUOTE" } } });
    expect(await desk.build("q_nonexistent", wallet.address)).toMatchObject({
      ok: false,
      error: { status: 404, body: { code: "QUOTE_NOT_FOUND" } },
    });
  });

  it("reports expired for a signed transaction held past lastValidBlockHeight", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-blockhash");
    const wallet = clientWallet(world);
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address })));
    const built = value(await desk.build(quote.quoteId, wallet.address));
    const signed = signAsClient(built.plan[0]!.transaction, wallet.keypair);
    devnet.advanceSlots(151);
    const submitted = value(await desk.submit(signed, null));
    devnet.advanceSlots(1);
    expect(desk.status(submitted.signature, BigInt(built.lastValidBlockHeight)).status).toBe("expired");
  });

  it("refuses tampered transactions at submit and changes nothing", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-tamper");
    const wallet = clientWallet(world);
    const other = clientWallet(world);
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address })));
    const built = value(await desk.build(quote.quoteId, wallet.address));
    const before = devnet.getBalance(wallet.address);

    expect(await desk.submit(built.plan[0]!.transaction, quote.quoteId)).toMatchObject({
      ok: false,
      error: { body: { code: "INVALID_SIGNATURE" } },
    });
    expect(await desk.submit(await signWithWrongKey(built.plan[0]!.transaction), quote.quoteId)).toMatchObject({
      ok: false,
      error: { body: { code: "INVALID_SIGNATURE" } },
    });
    // A valid signature over a message the desk never built for this quote.
    const foreign = value(await desk.quote(request(launched, { wallet: other.address })));
    const foreignBuilt = value(await desk.build(foreign.quoteId, other.address));
    expect(await desk.submit(signAsClient(foreignBuilt.plan[0]!.transaction, other.keypair), quote.quoteId)).toMatchObject({
      ok: false,
      error: { body: { code: "MESSAGE_MISMATCH" } },
    });
    expect(await desk.submit("bm90IGEgdHJhbnNhY3Rpb24=", quote.quoteId)).toMatchObject({
      ok: false,
      error: { body: { code: "INVALID_TRANSACTION" } },
    });
    devnet.advanceSlots(2);
    expect(devnet.getBalance(wallet.address)).toBe(before);
  });

  it.each(["exactOut", "exactInSol"] as const)(
    "fails a %s settle on chain (6006) when buys landing first would clamp it below the quote's minOut, and it buys nothing",
    async (mode) => {
      const { devnet, world, launched, desk } = await startDesk(`desk-floor-${mode}`);
      const remaining = readCurve(devnet, launched).inventoryRemaining;
      // X asks for 97% of what is left (in lamports for exactInSol: what that quote spends). Y's
      // 60% landing first leaves 40%, whose cost stays within X's slippage buffer: only the
      // floor stops the clamp.
      const x = clientWallet(world, 10_000n * SOL);
      const sized = value(await desk.quote(request(launched, { amountIn: (remaining * 97n) / 100n, preview: true }))) as CurveQuote;
      const amountIn = mode === "exactOut" ? (remaining * 97n) / 100n : await lamportsOf(sized, x.address);
      const quote = value(await desk.quote(request(launched, { wallet: x.address, mode, amountIn }))) as CurveQuote;
      expect(quote.clamped).toBe(false);
      const built = value(await desk.build(quote.quoteId, x.address));
      // Y buys 60% of what is left before X's plan lands: X's 97% no longer fits.
      const y = clientWallet(world, 10_000n * SOL);
      const other = value(await desk.quote(request(launched, { wallet: y.address, amountIn: (remaining * 6n) / 10n })));
      for (const step of value(await desk.build(other.quoteId, y.address)).plan) {
        value(await desk.submit(signAsClient(step.transaction, y.keypair), other.quoteId));
        devnet.advanceSlots(1);
      }
      const outcomes = [];
      for (const step of built.plan) {
        const submitted = value(await desk.submit(signAsClient(step.transaction, x.keypair), quote.quoteId));
        devnet.advanceSlots(1);
        outcomes.push(desk.status(submitted.signature));
      }
      expect(outcomes.at(-1)).toMatchObject({
        status: "failed",
        error: expect.stringContaining(String(ProgramErrorCode.SlippageExceeded)),
      });
      const accounts = await deriveTradeAccounts(x.address, launched.accounts.launch, launched.componentMints);
      expect(tokenBalance(devnet, accounts.traderPrimaryAccount)).toBe(0n);
      expect(readCurve(devnet, launched).inventoryRemaining).toBe(remaining - (remaining * 6n) / 10n);

      /** The lamports a quote of `sized`'s amount spends on its swaps, for this wallet. */
      async function lamportsOf(preview: CurveQuote, wallet: Address): Promise<bigint> {
        const full = value(
          await desk.quote(request(launched, { wallet, amountIn: BigInt(preview.expectedOut), preview: true })),
        ) as CurveQuote;
        return BigInt(full.route!.solIn);
      }
    },
  );

  it("builds a buy for a wallet holding exactly its quote's allInLamports, and the plan lands leaving it nothing", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-all-in");
    const wallet = clientWallet(world, 0n);
    const sized = value(await desk.quote(request(launched, { wallet: wallet.address, preview: true }))) as CurveQuote;
    devnet.airdrop(wallet.address, BigInt(sized.allInLamports!));
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address }))) as CurveQuote;
    expect(quote.allInLamports).toBe(sized.allInLamports);
    const built = value(await desk.build(quote.quoteId, wallet.address));
    expect((await landAll(desk, built, quote.quoteId, wallet)).map((outcome) => outcome.status)).toEqual(built.plan.map(() => "confirmed"));
    expect(devnet.getBalance(wallet.address)).toBe(0n);
  });

  it("charges a priority fee on every transaction of a plan, as the specification's 'per transaction' says, and lands it", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-priority");
    const wallet = clientWallet(world, 0n);
    const FEE = 5_000n;
    const plain = value(await desk.quote(request(launched, { wallet: wallet.address, preview: true }))) as CurveQuote;
    const sized = value(await desk.quote(request(launched, { wallet: wallet.address, preview: true, priorityFee: FEE }))) as CurveQuote;
    const steps = BigInt(sized.route!.transactions);
    expect(steps).toBeGreaterThanOrEqual(2n);
    // Each transaction pays at least the fee; rounding its price per compute unit up adds at most a lamport or two.
    const extra = BigInt(sized.allInLamports!) - BigInt(plain.allInLamports!);
    expect(extra >= FEE * steps && extra <= (FEE + 2n) * steps).toBe(true);
    devnet.airdrop(wallet.address, BigInt(sized.allInLamports!));
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address, priorityFee: FEE }))) as CurveQuote;
    const built = value(await desk.build(quote.quoteId, wallet.address));
    for (const step of built.plan) {
      const message = VersionedTransaction.deserialize(Buffer.from(step.transaction, "base64")).message;
      const prices = message.compiledInstructions.filter(
        (instruction) =>
          message.staticAccountKeys[instruction.programIdIndex]!.toBase58() === "ComputeBudget111111111111111111111111111111" &&
          instruction.data[0] === 3,
      );
      expect(prices, `step ${step.step} (${step.label}) sets no compute-unit price`).toHaveLength(1);
    }
    expect((await landAll(desk, built, quote.quoteId, wallet)).map((outcome) => outcome.status)).toEqual(built.plan.map(() => "confirmed"));
    expect(devnet.getBalance(wallet.address)).toBe(0n);
    // A zero fee is no fee: setup steps carry no compute budget, as without one.
    const free = value(await desk.quote(request(launched, { wallet: wallet.address, priorityFee: 0n, preview: true }))) as CurveQuote;
    const fresh = clientWallet(world);
    const freeQuote = value(await desk.quote(request(launched, { wallet: fresh.address, priorityFee: 0n }))) as CurveQuote;
    const freePlan = value(await desk.build(freeQuote.quoteId, fresh.address)).plan;
    for (const step of freePlan.filter((planned) => !planned.settles)) {
      const message = VersionedTransaction.deserialize(Buffer.from(step.transaction, "base64")).message;
      const budgets = message.compiledInstructions.filter(
        (instruction) =>
          message.staticAccountKeys[instruction.programIdIndex]!.toBase58() === "ComputeBudget111111111111111111111111111111",
      );
      expect(budgets, `setup step ${step.step} carries a compute budget for a zero fee`).toHaveLength(0);
    }
    expect(free.route!.transactions).toBe(freePlan.length);
    // The largest fee the schema admits prices every step of a buy's and a sell's plan (a u64 price per unit on each).
    for (const direction of ["buy", "sell"] as const) {
      const most = await desk.quote(
        request(launched, {
          wallet: wallet.address,
          direction,
          mode: direction === "buy" ? "exactOut" : "exactIn",
          priorityFee: MAX_PRIORITY_FEE_LAMPORTS,
          amountIn: 1_000n * 10n ** 6n,
        }),
      );
      expect(most.ok, JSON.stringify(most.ok ? null : most.error.body)).toBe(true);
    }
  });

  it("holds an exactInSol budget as a ceiling on everything the wallet pays: swaps, fees and rent (the specification's 'the cost never exceeds it')", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-sol-ceiling");
    for (const budget of [20_000_000n, 150_000_000n, 2n * SOL]) {
      const wallet = clientWallet(world, 10n * SOL);
      const ask = request(launched, { wallet: wallet.address, mode: "exactInSol", amountIn: budget, priorityFee: 1_000n });
      const quote = value(await desk.quote(ask)) as CurveQuote;
      expect(BigInt(quote.allInLamports!)).toBeLessThanOrEqual(budget);
      // Most of the budget buys: the fees and rent of a first buy of three components are about 0.01 SOL.
      expect(BigInt(quote.route!.solIn)).toBeGreaterThan(budget - 20_000_000n);
      const built = value(await desk.build(quote.quoteId, wallet.address));
      expect((await landAll(desk, built, quote.quoteId, wallet)).map((outcome) => outcome.status)).toEqual(
        built.plan.map(() => "confirmed"),
      );
      expect(10n * SOL - devnet.getBalance(wallet.address)).toBeLessThanOrEqual(budget);
    }
    const poor = clientWallet(world, SOL);
    const refused = await desk.quote(request(launched, { wallet: poor.address, mode: "exactInSol", amountIn: 1_000_000n }));
    expect(refused.ok ? null : refused.error).toMatchObject({
      status: 422,
      body: { code: "BUDGET_TOO_SMALL", error: expect.stringContaining("a budget of 1000000 lamports does not cover") },
    });
  });

  it("prices an exactInSol budget quoted without a wallet for a wallet that holds nothing, so a fresh wallet builds it and lands it within the budget", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-sol-walletless");
    for (const budget of [20_000_000n, 150_000_000n, SOL]) {
      const walletless = value(await desk.quote(request(launched, { mode: "exactInSol", amountIn: budget }))) as CurveQuote;
      const wallet = clientWallet(world, 10n * SOL);
      // Nothing moved in between: the same budget quoted for the fresh wallet promises the same.
      const named = value(
        await desk.quote(request(launched, { wallet: wallet.address, mode: "exactInSol", amountIn: budget, preview: true })),
      ) as CurveQuote;
      expect({ expectedOut: walletless.expectedOut, minOut: walletless.minOut }).toEqual({
        expectedOut: named.expectedOut,
        minOut: named.minOut,
      });
      const built = await desk.build(walletless.quoteId, wallet.address);
      expect(built.ok, JSON.stringify(built.ok ? null : built.error.body)).toBe(true);
      const outcomes = await landAll(desk, value(built), walletless.quoteId, wallet);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(value(built).plan.map(() => "confirmed"));
      expect(10n * SOL - devnet.getBalance(wallet.address)).toBeLessThanOrEqual(budget);
    }
    // A budget an empty wallet's fees and rent spend whole is priced on its swaps alone (a
    // wallet holding the components could buy with it); a fresh wallet's build is refused for its costs.
    const tiny = value(await desk.quote(request(launched, { mode: "exactInSol", amountIn: 1_000_000n }))) as CurveQuote;
    expect(BigInt(tiny.expectedOut)).toBeGreaterThan(0n);
    const refused = await desk.build(tiny.quoteId, clientWallet(world, SOL).address);
    expect(refused.ok ? null : refused.error.body.code).toBe("BUDGET_TOO_SMALL");
  });

  it("builds only a plan the chain lets land: a wallet its plan would leave with some lamports but less than an account's rent is refused up front", async () => {
    const { world, launched, desk } = await startDesk("desk-rent-floor");
    // What a fresh wallet's first buy costs in all, measured on a rich wallet.
    const probe = clientWallet(world, 10n * SOL);
    const measured = value(await desk.quote(request(launched, { wallet: probe.address, preview: true }))) as CurveQuote;
    const allIn = BigInt(measured.allInLamports!);
    const rent = desk.options.devnet.minimumBalanceForRentExemption(0);
    for (const spare of [0n, 1n, 1_000n, rent / 2n, rent - 1n, rent, 2n * rent]) {
      const wallet = clientWallet(world, allIn + spare);
      const quote = value(await desk.quote(request(launched, { wallet: wallet.address }))) as CurveQuote;
      const built = await desk.build(quote.quoteId, wallet.address);
      if (!built.ok) {
        expect({ spare, code: built.error.body.code }).toEqual({ spare, code: "INSUFFICIENT_FUNDS" });
        continue;
      }
      const outcomes = await landAll(desk, built.value, quote.quoteId, wallet);
      expect({ spare, outcomes }).toEqual({ spare, outcomes: built.value.plan.map(() => ({ status: "confirmed", error: null })) });
    }
  });

  it("refuses, naming the wallet's own costs, to build a budget quoted for a wallet with its accounts open for one that must open them", async () => {
    const { world, launched, desk } = await startDesk("desk-sol-other-wallet");
    const seasoned = clientWallet(world, 10n * SOL);
    // A first buy opens the seasoned wallet's token accounts.
    const first = value(await desk.quote(request(launched, { wallet: seasoned.address }))) as CurveQuote;
    await landAll(desk, value(await desk.build(first.quoteId, seasoned.address)), first.quoteId, seasoned);
    const budget = 20_000_000n;
    const quote = value(
      await desk.quote(request(launched, { wallet: seasoned.address, mode: "exactInSol", amountIn: budget })),
    ) as CurveQuote;
    const fresh = clientWallet(world, 10n * SOL);
    const refused = await desk.build(quote.quoteId, fresh.address);
    expect(refused.ok ? null : refused.error).toMatchObject({
      status: 409,
      body: {
        code: "BUDGET_BELOW_FLOOR",
        error: expect.stringMatching(
          /was made for another wallet: built for this one, whose holdings, fees and rent differ, the budget of 20000000 lamports buys less/,
        ),
      },
    });
    // The wallet it was quoted for builds it.
    expect((await desk.build(quote.quoteId, seasoned.address)).ok).toBe(true);
  });

  it("still blames the price, not the wallet, when a budget quoted for one fresh wallet and built for another falls short after a big buy", async () => {
    const { world, launched, desk } = await startDesk("desk-sol-moved-other");
    const [quoted, building, whale] = [
      clientWallet(world, 10_000n * SOL),
      clientWallet(world, 10_000n * SOL),
      clientWallet(world, 10_000n * SOL),
    ];
    const quote = value(
      await desk.quote(request(launched, { wallet: quoted.address, mode: "exactInSol", amountIn: 50_000_000n })),
    ) as CurveQuote;
    const big = value(
      await desk.quote(request(launched, { wallet: whale.address, mode: "exactInSol", amountIn: 50n * SOL })),
    ) as CurveQuote;
    await landAll(desk, value(await desk.build(big.quoteId, whale.address)), big.quoteId, whale);
    // Both wallets hold nothing: the one it was quoted for falls short as well, so the price moved.
    for (const wallet of [building, quoted]) {
      const refused = await desk.build(quote.quoteId, wallet.address);
      expect(refused.ok ? null : refused.error.body.code).toBe("PRICE_MOVED");
    }
  });

  it("buys with what a wallet holds when a budget covers that trade's fees but not a setup step's", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-sol-holdings");
    const wallet = clientWallet(world);
    const grants = launched.componentMints.map((mint) => ({ mint, amount: 1_000_000n }));
    await world.fund(wallet.address, { components: grants });
    devnet.advanceSlots(1);
    // What a buy the holdings cover costs: one transaction, its fees and the launch-token account's rent.
    const covered = value(
      await desk.quote(request(launched, { wallet: wallet.address, amountIn: 1_000n, tipLamports: 0n, preview: true })),
    ) as CurveQuote;
    expect(covered.route!.transactions).toBe(1);
    const budget = BigInt(covered.allInLamports!) + 1n;
    const quote = await desk.quote(
      request(launched, { wallet: wallet.address, mode: "exactInSol", amountIn: budget, tipLamports: 0n, preview: true }),
    );
    expect(quote.ok, JSON.stringify(quote.ok ? null : quote.error.body)).toBe(true);
    expect(BigInt((quote as { value: CurveQuote }).value.allInLamports!)).toBeLessThanOrEqual(budget);
  });

  it("refuses a tip no balance can pay with INVALID_BODY naming tipLamports, whatever the mode", async () => {
    const { world, launched, desk } = await startDesk("desk-sol-tip");
    const wallet = clientWallet(world);
    const refused = await desk.quote(
      request(launched, {
        wallet: wallet.address,
        mode: "exactInSol",
        amountIn: 40_000_000_000_000n,
        tipLamports: 18_446_744_073_709_551_615n,
      }),
    );
    expect(refused.ok ? null : refused.error).toMatchObject({
      status: 400,
      body: { code: "INVALID_BODY", error: expect.stringContaining("tipLamports") },
    });
  });

  it("reports a transaction the System Program failed as failed, its error named from that program's catalogue", async () => {
    const { devnet, world, desk } = await startDesk("desk-system-error");
    const wallet = clientWallet(world, SOL);
    const transfer = new Transaction({ feePayer: wallet.keypair.publicKey, recentBlockhash: devnet.latestBlockhash().blockhash }).add(
      SystemProgram.transfer({ fromPubkey: wallet.keypair.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 2n * SOL }),
    );
    transfer.sign(wallet.keypair);
    const submitted = value(await desk.submit(transfer.serialize().toString("base64"), null));
    devnet.advanceSlots(1);
    expect(desk.status(submitted.signature)).toMatchObject({
      status: "failed",
      error: "custom program error 1 (System Program): account does not have enough SOL to perform the operation.",
    });
  });

  it("builds two quotes of the same trade by the same wallet in one slot as transactions of their own, and both trades land", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-twin");
    // A chain with blockhashes behind the latest, as a running one has.
    devnet.advanceSlots(200);
    const wallet = clientWallet(world);
    const first = value(await desk.quote(request(launched, { wallet: wallet.address }))) as CurveQuote;
    const second = value(await desk.quote(request(launched, { wallet: wallet.address }))) as CurveQuote;
    const firstBuilt = value(await desk.build(first.quoteId, wallet.address));
    const secondBuilt = value(await desk.build(second.quoteId, wallet.address));
    // Same instructions, another (older, still valid) blockhash: no step's bytes, and so no signature, are shared.
    const firstSteps = new Set(firstBuilt.plan.map((step) => step.transaction));
    expect(secondBuilt.plan.some((step) => firstSteps.has(step.transaction))).toBe(false);
    expect(secondBuilt.plan).toHaveLength(firstBuilt.plan.length);
    expect(secondBuilt.lastValidBlockHeight).toBe(firstBuilt.lastValidBlockHeight - 1);
    // The same quote built again is the same order: the same bytes.
    expect(value(await desk.build(first.quoteId, wallet.address)).plan).toEqual(firstBuilt.plan);

    expect(await landAll(desk, firstBuilt, first.quoteId, wallet)).toEqual(
      firstBuilt.plan.map(() => ({ status: "confirmed", error: null })),
    );
    expect(await landAll(desk, secondBuilt, second.quoteId, wallet)).toEqual(
      secondBuilt.plan.map(() => ({ status: "confirmed", error: null })),
    );
    const accounts = await deriveTradeAccounts(wallet.address, launched.accounts.launch, launched.componentMints);
    expect(tokenBalance(devnet, accounts.traderPrimaryAccount)).toBe(BigInt(first.expectedOut) + BigInt(second.expectedOut));
  });

  it("refuses with PLAN_TAKEN a build whose plan every blockhash of the last 75 slots already gives another quote", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-twins");
    devnet.advanceSlots(200);
    const wallet = clientWallet(world);
    const heights = new Set<number>();
    for (let built = 0; built < 76; built++) {
      const quote = value(await desk.quote(request(launched, { wallet: wallet.address })));
      heights.add(value(await desk.build(quote.quoteId, wallet.address)).lastValidBlockHeight);
    }
    expect(heights.size).toBe(76);
    const quote = value(await desk.quote(request(launched, { wallet: wallet.address })));
    const refused = await desk.build(quote.quoteId, wallet.address);
    expect(refused).toMatchObject({ ok: false, error: { status: 409, body: { code: "PLAN_TAKEN" } } });
    expect(refused.ok ? "" : refused.error.body.error).toMatch(
      /^quote q_\w+ would build the very transactions already built for quote q_\w+/,
    );
  });

  it("sells back through the curve and unwinds the components to SOL", async () => {
    const { devnet, world, launched, desk } = await startDesk("desk-sell");
    const wallet = clientWallet(world);
    const buy = value(await desk.quote(request(launched, { wallet: wallet.address })));
    for (const step of value(await desk.build(buy.quoteId, wallet.address)).plan) {
      value(await desk.submit(signAsClient(step.transaction, wallet.keypair), buy.quoteId));
      devnet.advanceSlots(1);
    }
    const lamportsBefore = devnet.getBalance(wallet.address);
    const sell = value(
      await desk.quote(request(launched, { wallet: wallet.address, direction: "sell", mode: "exactIn", amountIn: 500_000n * 10n ** 6n })),
    ) as CurveQuote;
    const built = value(await desk.build(sell.quoteId, wallet.address));
    expect(built.plan[0]!.settles).toBe(true);
    for (const step of built.plan) {
      const submitted = value(await desk.submit(signAsClient(step.transaction, wallet.keypair), sell.quoteId));
      devnet.advanceSlots(1);
      expect(desk.status(submitted.signature).status).toBe("confirmed");
    }
    expect(devnet.getBalance(wallet.address)).toBeGreaterThan(lamportsBefore);
    expect(SOL).toBeGreaterThan(0n);
  });
});
