import { generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NATIVE_MINT_ADDRESS } from "../../programs/index.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import { FEE_RESERVE_LAMPORTS, TOKEN_ACCOUNT_RENT_LAMPORTS } from "../routes/wallets/fee-reserve.ts";
import { TokenHoldings } from "../routes/wallets/token-holdings.ts";
import { getTokenDecoder, getTokenEncoder } from "@solana-program/token";
import { TOKEN_PROGRAM_ADDRESS } from "../../programs/index.ts";
import type { Address } from "@solana/kit";
import { type SeededApi, get, startSeededApi } from "./seeded-api.ts";

/** Wallet balances are the chain's, read at request time; names come from the read model. */
let seeded: SeededApi;

beforeAll(async () => {
  seeded = await startSeededApi({ launchCount: 10 });
});
afterAll(async () => seeded?.app.close());

describe("GET /v1/wallets/{wallet}/balances", () => {
  it("keeps back the documented fee reserve, whose rent figure is the chain's", () => {
    expect(TOKEN_ACCOUNT_RENT_LAMPORTS).toBe(seeded.devnet.minimumBalanceForRentExemption(165));
    expect(FEE_RESERVE_LAMPORTS).toBe(14_314_960n);
  });

  it("reports a trader's lamports and every token it holds, listed ones named", async () => {
    const trader = seeded.population.traders[0]!;
    const { status, body } = await get(seeded.app, `/v1/wallets/${trader.address}/balances`);
    expect(status).toBe(200);
    expect(body.solLamports).toBe(String(seeded.devnet.getBalance(trader.address)));
    expect(body.feeReserveLamports).toBe(String(FEE_RESERVE_LAMPORTS));
    for (const component of seeded.world.components) {
      const token = body.tokens.find((entry: any) => entry.mint === component.mint);
      const held = tokenBalance(seeded.devnet, await seeded.world.tokenAccountOf(trader.address, component.mint));
      expect(token, component.listing.symbol).toMatchObject({
        amount: String(held),
        decimals: component.listing.decimals,
        symbol: component.listing.symbol,
        name: component.listing.name,
        known: true,
      });
      expect(token.logoUri).toMatch(/\/v1\/media\/token-/);
    }
    // Wrapped SOL is named as the records name it where it is a component (a collectible's).
    const wrapped = body.tokens.find((entry: any) => entry.mint === NATIVE_MINT_ADDRESS);
    expect(wrapped).toMatchObject({ decimals: 9, symbol: "wSOL", name: "Wrapped SOL", known: true });
    expect(wrapped.logoUri).toMatch(/^https?:\/\/.*\/v1\/media\/token-wSOL\.svg$/);
    // Launch tokens it bought in the history are listed by their launch's ticker.
    const launchTokens = body.tokens.filter((entry: any) => seeded.population.launches.some((launch) => launch.mint === entry.mint));
    expect(launchTokens.length).toBeGreaterThan(0);
    for (const token of launchTokens) {
      expect(token.symbol).toBe(seeded.population.launches.find((launch) => launch.mint === token.mint)!.symbol);
      expect(token.known).toBe(true);
    }
  });

  it("sees an airdrop at once (the chain, not the indexer, is read)", async () => {
    const wallet = (await generateKeyPairSigner()).address;
    expect((await get(seeded.app, `/v1/wallets/${wallet}/balances`)).body).toEqual({
      solLamports: "0",
      feeReserveLamports: String(FEE_RESERVE_LAMPORTS),
      tokens: [],
    });
    seeded.devnet.airdrop(wallet, 1_234n);
    const usdc = seeded.world.component("USDC");
    await seeded.world.fund(wallet, { components: [{ mint: usdc.mint, amount: 42n }] });
    const { body } = await get(seeded.app, `/v1/wallets/${wallet}/balances`);
    expect(body.solLamports).toBe("1234");
    expect(body.tokens).toEqual([
      {
        mint: usdc.mint,
        amount: "42",
        decimals: 6,
        symbol: "USDC",
        name: "USD Coin",
        logoUri: expect.stringMatching(/token-USDC\.svg$/),
        known: true,
      },
    ]);
  });

  it("keeps its index account by account: after fundings, an account write and a restore it equals a full scan of the chain", async () => {
    const { devnet, world } = seeded;
    const decoder = getTokenDecoder();
    const fullScan = (owner: Address) => {
      const held = new Map<Address, bigint>();
      for (const account of devnet.getProgramAccounts(TOKEN_PROGRAM_ADDRESS)) {
        if (account.data.length !== 165) continue;
        const token = decoder.decode(account.data);
        if (token.owner === owner && token.amount > 0n) held.set(token.mint, (held.get(token.mint) ?? 0n) + token.amount);
      }
      return held;
    };
    const holdings = TokenHoldings.of(devnet);
    const wallets = await Promise.all(Array.from({ length: 3 }, async () => (await generateKeyPairSigner()).address));
    const [usdc, jup] = [world.component("USDC"), world.component("JUP")];
    const agrees = () => {
      for (const wallet of wallets) expect(new Map(holdings.heldBy(wallet)), wallet).toEqual(fullScan(wallet));
    };
    agrees();
    // Transactions: each wallet funded, one twice (two mints, then more of one).
    for (const [index, wallet] of wallets.entries())
      await world.fund(wallet, { components: [{ mint: usdc.mint, amount: BigInt(100 + index) }] });
    await world.fund(wallets[0]!, {
      components: [
        { mint: jup.mint, amount: 7n },
        { mint: usdc.mint, amount: 1n },
      ],
    });
    agrees();
    expect(holdings.heldBy(wallets[0]!).get(usdc.mint)).toBe(101n);
    const snapshot = devnet.snapshot();
    // An account write: the second wallet's USDC account emptied by hand.
    const account = devnet.getAccount(await world.tokenAccountOf(wallets[1]!, usdc.mint))!;
    const emptied = getTokenEncoder().encode({ ...decoder.decode(account.data), amount: 0n });
    devnet.setAccount({ ...account, data: new Uint8Array(emptied) });
    agrees();
    expect(holdings.heldBy(wallets[1]!).size).toBe(0);
    // A restore puts the chain back: the index reads it whole again.
    devnet.restore(snapshot);
    agrees();
    expect(holdings.heldBy(wallets[1]!).get(usdc.mint)).toBe(101n);
  });

  it("reads an address of the specification's pattern that is no 32-byte key as a wallet holding nothing; refuses one that breaks the pattern", async () => {
    // 44 z's decode to 33 bytes, 42 2's to 31: addresses by the specification's pattern, keys of no account.
    for (const wallet of ["z".repeat(44), "2".repeat(42)]) {
      const { status, body } = await get(seeded.app, `/v1/wallets/${wallet}/balances`);
      expect({ wallet, status, body }).toEqual({
        wallet,
        status: 200,
        body: { solLamports: "0", feeReserveLamports: expect.any(String), tokens: [] },
      });
      expect(await get(seeded.app, `/v1/wallets/${wallet}/created`)).toMatchObject({ status: 200, body: { launches: [] } });
    }
    const { status, body } = await get(seeded.app, `/v1/wallets/${"z".repeat(45)}/balances`);
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_PATH");
  });
});

describe("GET /v1/wallets/{wallet}/created", () => {
  it("lists each creator's launches, newest first, and nothing for others", async () => {
    const byCreator = new Map<string, string[]>();
    for (const launch of seeded.population.launches)
      byCreator.set(launch.creator, [...(byCreator.get(launch.creator) ?? []), launch.address]);
    for (const [creator, launches] of byCreator) {
      const { body } = await get(seeded.app, `/v1/wallets/${creator}/created`);
      expect(body.launches.map((row: any) => row.address)).toEqual([...launches].reverse());
    }
    const stranger = (await generateKeyPairSigner()).address;
    expect((await get(seeded.app, `/v1/wallets/${stranger}/created`)).body).toEqual({ launches: [] });
  });
});
