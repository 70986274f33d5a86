import { type Address, type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Devnet, DevnetSnapshot, SendResult } from "../../chain/devnet.ts";
import { swapExactIn } from "../../economics/index.ts";
import {
  type PoolAccounts,
  ProgramErrorCode,
  type SwapAccounts,
  derivePoolAccounts,
  deriveSwapAccounts,
  getAddLiquidityInstruction,
  getInitializePoolInstruction,
  getPoolAccountDecoder,
  getSwapInstruction,
} from "../../programs/index.ts";
import { VENUE_FEE_BPS, type GenesisWorld, type WorldComponent } from "../genesis-world.ts";
import { tokenBalance } from "../token-balance.ts";
import {
  HELD,
  type PoolTrader,
  SOL,
  WRONG_SWAP_ACCOUNTS,
  expectRefused as expectRefusedOn,
  startPoolTrader,
  swapWatchlist,
  withoutSigner,
} from "./pool-trader-fixture.ts";
import { outcomeOf, run } from "./world-fixture.ts";

let trader: PoolTrader;
let devnet: Devnet;
let world: GenesisWorld;
let venue: WorldComponent;
let wallet: KeyPairSigner;
/** The trader's side of a swap of the venue's component for wrapped SOL. */
let swap: SwapAccounts;
let start: DevnetSnapshot;

beforeAll(async () => {
  trader = await startPoolTrader("pool-refusals");
  ({ devnet, world, venue, wallet, toSol: swap, start } = trader);
});

beforeEach(() => devnet.restore(start));

/** Runs `send`, expects program error `code`, and that nothing but `payer`'s fee changed among `watched`. */
function expectRefused(code: number, send: () => Promise<SendResult>, watched: readonly Address[], payer: Address = wallet.address) {
  return expectRefusedOn(devnet, code, send, watched, payer);
}

function sendSwap(amountIn: bigint, minOut: bigint, accounts: SwapAccounts = swap): Promise<SendResult> {
  return run(devnet, wallet, [getSwapInstruction({ ...accounts, amountIn, minOut })]);
}

/** What the venue pays for `amountIn` of its component, predicted from its reserves. */
function predictedOut(amountIn: bigint): bigint {
  const predicted = swapExactIn(tokenBalance(devnet, swap.vaultIn), tokenBalance(devnet, swap.vaultOut), amountIn, VENUE_FEE_BPS, 0n);
  if (!predicted.ok) throw new Error(`unexpected prediction ${predicted.error}`);
  return predicted.amountOut;
}

describe("pool swap refusals", () => {
  it.each([
    ["a swap of 0", 0n],
    // The fee on 1 base unit rounds up to 1: nothing is left to swap.
    ["a swap whose output rounds down to nothing", 1n],
  ])("refuses %s with ZeroAmount", async (_, amountIn) => {
    await expectRefused(ProgramErrorCode.ZeroAmount, () => sendSwap(amountIn, 0n), swapWatchlist(swap));
  });

  it("refuses a swap whose minOut is one above its output (SlippageExceeded), and accepts exactly the output", async () => {
    const out = predictedOut(HELD / 2n);
    await expectRefused(ProgramErrorCode.SlippageExceeded, () => sendSwap(HELD / 2n, out + 1n), swapWatchlist(swap));
    expect(outcomeOf(await sendSwap(HELD / 2n, out))).toBe("ok");
    expect(tokenBalance(devnet, swap.traderOut)).toBe(out);
  });

  it("refuses a swap of one unit more than the trader holds (InsufficientTokens), and accepts all it holds", async () => {
    await expectRefused(ProgramErrorCode.InsufficientTokens, () => sendSwap(HELD + 1n, 0n), swapWatchlist(swap));
    expect(outcomeOf(await sendSwap(HELD, 0n))).toBe("ok");
    expect(tokenBalance(devnet, swap.traderIn)).toBe(0n);
  });

  it.each(WRONG_SWAP_ACCOUNTS)("refuses a swap naming %s", async (_, code, substitute) => {
    const accounts = { ...swap, ...(await substitute(trader)) };
    await expectRefused(code, () => sendSwap(HELD / 2n, 0n, accounts), [...swapWatchlist(swap), ...swapWatchlist(accounts)]);
  });

  it("refuses a swap whose trader did not sign, even when another key pays (MissingSignature)", async () => {
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, SOL);
    const instruction = getSwapInstruction({ ...swap, amountIn: HELD / 2n, minOut: 0n });
    const unsigned = withoutSigner(instruction, 0);
    await expectRefused(ProgramErrorCode.MissingSignature, () => run(devnet, payer, [unsigned]), swapWatchlist(swap), payer.address);
  });
});

describe("pool liquidity refusals", () => {
  let pair: PoolAccounts;

  beforeEach(async () => {
    // A pool of the wallet's own between two components, so that it can provide both sides.
    const mintA = world.components[1]!.mint;
    pair = await derivePoolAccounts(wallet.address, mintA, venue.mint);
    const create = getInitializePoolInstruction({
      ...pair,
      payer: wallet.address,
      authority: wallet.address,
      mintA,
      mintB: venue.mint,
      feeBps: 30,
    });
    expect(outcomeOf(await run(devnet, wallet, [create]))).toBe("ok");
  });

  async function addLiquidity(amountA: bigint, amountB: bigint): Promise<SendResult> {
    const sourceA = await world.tokenAccountOf(wallet.address, world.components[1]!.mint);
    const instruction = getAddLiquidityInstruction({
      ...pair,
      provider: wallet.address,
      sourceA,
      sourceB: swap.traderIn,
      amountA,
      amountB,
    });
    return run(devnet, wallet, [instruction]);
  }

  it("refuses a swap against a pool with an empty reserve (InsufficientLiquidity)", async () => {
    const accounts = await deriveSwapAccounts(wallet.address, pair.pool, venue.mint, world.components[1]!.mint);
    await expectRefused(ProgramErrorCode.InsufficientLiquidity, () => sendSwap(HELD / 2n, 0n, accounts), swapWatchlist(accounts));
  });

  it("refuses adding nothing to either side (ZeroAmount)", async () => {
    await expectRefused(ProgramErrorCode.ZeroAmount, () => addLiquidity(0n, 0n), [pair.pool, pair.vaultA, pair.vaultB, swap.traderIn]);
  });

  it("refuses adding one unit more than the provider holds (InsufficientTokens), and accepts all it holds", async () => {
    await expectRefused(ProgramErrorCode.InsufficientTokens, () => addLiquidity(HELD, HELD + 1n), [
      pair.pool,
      pair.vaultA,
      pair.vaultB,
      swap.traderIn,
    ]);
    expect(outcomeOf(await addLiquidity(HELD, HELD))).toBe("ok");
    expect([tokenBalance(devnet, pair.vaultA), tokenBalance(devnet, pair.vaultB)]).toEqual([HELD, HELD]);
  });
});

describe("pool initialize refusals", () => {
  const mint = (index: number) => world.components[index]!.mint;

  /** A create of the pool (authority, mintA, mintB) paid by the wallet; `authority` signs unless told not to. */
  async function initialize(
    mintA: Address,
    mintB: Address,
    feeBps: number,
    options: { authority?: KeyPairSigner; authoritySigns?: boolean } = {},
  ) {
    const authority = options.authority ?? wallet;
    const accounts = await derivePoolAccounts(authority.address, mintA, mintB);
    const instruction = getInitializePoolInstruction({
      ...accounts,
      payer: wallet.address,
      authority: authority.address,
      mintA,
      mintB,
      feeBps,
    });
    const signed = options.authoritySigns ?? true;
    const unsigned = withoutSigner(instruction, 1);
    const send = () => run(devnet, wallet, [signed ? instruction : unsigned], { signers: signed ? [authority] : [] });
    return { accounts, watched: [accounts.pool, accounts.vaultA, accounts.vaultB, mintA, mintB], send };
  }

  it.each<[string, number, () => ReturnType<typeof initialize>]>([
    ["a pool of one mint against itself", ProgramErrorCode.SameMint, () => initialize(mint(1), mint(1), 30)],
    ["a fee of 2,001 bps", ProgramErrorCode.InvalidFee, () => initialize(mint(1), mint(2), 2_001)],
    ["a wallet in place of a mint", ProgramErrorCode.WrongAccountOwner, () => initialize(mint(1), world.faucet.address, 30)],
    ["a token account in place of a mint", ProgramErrorCode.WrongAccountType, () => initialize(mint(1), swap.traderIn, 30)],
  ])("refuses %s", async (_, code, attempt) => {
    const { watched, send } = await attempt();
    await expectRefused(code, send, watched);
  });

  it("refuses a pool whose authority did not sign, so that nobody but a launch creates its pair pools (MissingSignature)", async () => {
    const launchLike = await generateKeyPairSigner();
    const { watched, send } = await initialize(mint(1), mint(2), 30, { authority: launchLike, authoritySigns: false });
    await expectRefused(ProgramErrorCode.MissingSignature, send, watched);
  });

  it("refuses a pool address derived for another authority (WrongAccount)", async () => {
    const someoneElse = await derivePoolAccounts(world.faucet.address, mint(1), mint(2));
    const instruction = getInitializePoolInstruction({
      ...someoneElse,
      payer: wallet.address,
      authority: wallet.address,
      mintA: mint(1),
      mintB: mint(2),
      feeBps: 30,
    });
    const watched = [someoneElse.pool, someoneElse.vaultA, someoneElse.vaultB];
    await expectRefused(ProgramErrorCode.WrongAccount, () => run(devnet, wallet, [instruction]), watched);
  });

  it("accepts a fee of 2,000 bps", async () => {
    const { accounts, send } = await initialize(mint(1), mint(2), 2_000);
    expect(outcomeOf(await send())).toBe("ok");
    expect(getPoolAccountDecoder().decode(devnet.getAccount(accounts.pool)!.data)).toMatchObject({
      feeBps: 2_000,
      authority: wallet.address,
    });
  });

  it("refuses to create the same pool twice (AlreadyInitialized)", async () => {
    const pool = await initialize(mint(1), mint(2), 30);
    expect(outcomeOf(await pool.send())).toBe("ok");
    devnet.advanceSlots(1); // a new blockhash, so the retry is a new transaction
    const again = await initialize(mint(1), mint(2), 30);
    await expectRefused(ProgramErrorCode.AlreadyInitialized, again.send, again.watched);
  });
});
