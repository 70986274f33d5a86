/**
 * pool.c `swap_all` on chain: it swaps the trader's balance of the input mint as it stands
 * when it executes, less what it keeps, emits the swap event, costs a measured number of
 * compute units, and every refusal leaves every account it names as it was (the fee payer
 * pays its fee).
 */
import { type Address, type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Devnet, DevnetSnapshot, SendResult } from "../../chain/devnet.ts";
import { swapAll } from "../../economics/index.ts";
import {
  NATIVE_MINT_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  ProgramErrorCode,
  type SwapAccounts,
  type SwapEvent,
  decodeProgramEvents,
  derivePoolAccounts,
  deriveSwapAccounts,
  getInitializePoolInstruction,
  getSwapAllInstruction,
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
let toSol: SwapAccounts;
let start: DevnetSnapshot;

beforeAll(async () => {
  trader = await startPoolTrader("swap-all-refusals");
  ({ devnet, world, venue, wallet, toSol, start } = trader);
});

beforeEach(() => devnet.restore(start));

/** Runs `send`, expects program error `code`, and that nothing but `payer`'s fee changed among `watched`. */
function expectRefused(code: number, send: () => Promise<SendResult>, watched: readonly Address[], payer: Address = wallet.address) {
  return expectRefusedOn(devnet, code, send, watched, payer);
}

function sendSwapAll(minOut: bigint, accounts: SwapAccounts = toSol, keep = 0n): Promise<SendResult> {
  return run(devnet, wallet, [getSwapAllInstruction({ ...accounts, minOut, keep })]);
}

/** What swap_all pays for the trader's balance now less `keep`, predicted from the reserves. */
function predicted(accounts: SwapAccounts = toSol, keep = 0n) {
  const result = swapAll(
    tokenBalance(devnet, accounts.vaultIn),
    tokenBalance(devnet, accounts.vaultOut),
    tokenBalance(devnet, accounts.traderIn),
    VENUE_FEE_BPS,
    0n,
    keep,
  );
  if (!result.ok) throw new Error(`unexpected prediction ${result.error}`);
  return result;
}

/** Compute units the pool program consumed at top level, from the runtime's log line. */
function poolUnits(result: SendResult): number {
  if (!result.landed) throw new Error("not landed");
  const line = result.transaction.logs.find((log) => log.startsWith(`Program ${POOL_PROGRAM_ADDRESS} consumed `));
  return Number(/consumed (\d+) of/.exec(line ?? "")?.[1]);
}

describe("pool swap_all", () => {
  it("swaps the whole balance, emits the swap event with it, and leaves the trader none of the input", async () => {
    const { amountOut, fee } = predicted();
    const [reserveIn, reserveOut] = [tokenBalance(devnet, toSol.vaultIn), tokenBalance(devnet, toSol.vaultOut)];
    const result = await sendSwapAll(amountOut);
    expect(outcomeOf(result)).toBe("ok");
    expect(tokenBalance(devnet, toSol.traderIn)).toBe(0n);
    expect(tokenBalance(devnet, toSol.traderOut)).toBe(amountOut);
    expect(tokenBalance(devnet, toSol.vaultIn)).toBe(reserveIn + HELD);
    expect(tokenBalance(devnet, toSol.vaultOut)).toBe(reserveOut - amountOut);
    const events = decodeProgramEvents(result.landed ? result.transaction.logs : []);
    expect(events.filter((event): event is SwapEvent => event.kind === "swap")).toEqual([
      {
        kind: "swap",
        pool: toSol.pool,
        trader: wallet.address,
        aToB: false,
        amountIn: HELD,
        amountOut,
        fee,
        reserveA: reserveOut - amountOut,
        reserveB: reserveIn + HELD,
        swapCount: expect.any(BigInt),
      },
    ]);
  });

  it("keeps what it is told to keep: swaps the balance less keep, and the event says so", async () => {
    const keep = HELD / 3n;
    const { amountOut, fee } = predicted(toSol, keep);
    const reserveIn = tokenBalance(devnet, toSol.vaultIn);
    const result = await sendSwapAll(amountOut, toSol, keep);
    expect(outcomeOf(result)).toBe("ok");
    expect(tokenBalance(devnet, toSol.traderIn)).toBe(keep);
    expect(tokenBalance(devnet, toSol.traderOut)).toBe(amountOut);
    expect(tokenBalance(devnet, toSol.vaultIn)).toBe(reserveIn + HELD - keep);
    const swaps = decodeProgramEvents(result.landed ? result.transaction.logs : []).filter(
      (event): event is SwapEvent => event.kind === "swap",
    );
    expect(swaps.map((event) => [event.amountIn, event.amountOut, event.fee])).toEqual([[HELD - keep, amountOut, fee]]);
  });

  it("takes what an earlier instruction of the same transaction delivered, not a balance known when it was built", async () => {
    // A swap into the component first, then swap_all of the component: it sees HELD plus what arrived.
    const toComponent = await deriveSwapAccounts(wallet.address, venue.venue.pool, NATIVE_MINT_ADDRESS, venue.mint);
    const result = await run(devnet, wallet, [
      getSwapAllInstruction({ ...toSol, minOut: 0n }),
      getSwapAllInstruction({ ...toComponent, minOut: 0n }),
      getSwapAllInstruction({ ...toSol, minOut: 0n }),
    ]);
    expect(outcomeOf(result)).toBe("ok");
    const swaps = decodeProgramEvents(result.landed ? result.transaction.logs : []).filter(
      (event): event is SwapEvent => event.kind === "swap",
    );
    expect(swaps.map((event) => event.amountIn)).toEqual([HELD, swaps[0]!.amountOut, swaps[1]!.amountOut]);
    expect(tokenBalance(devnet, toSol.traderIn)).toBe(0n);
  });

  it("keeping what was held before, takes exactly what an earlier instruction delivered", async () => {
    // The unwinding of a sell: the wallet holds HELD of its own, a swap delivers more, and
    // swap_all keeping HELD takes exactly the delivery and leaves the wallet's own alone.
    const toComponent = await deriveSwapAccounts(wallet.address, venue.venue.pool, NATIVE_MINT_ADDRESS, venue.mint);
    const result = await run(devnet, wallet, [
      getSwapInstruction({ ...toSol, amountIn: HELD / 2n, minOut: 0n }),
      getSwapInstruction({ ...toComponent, amountIn: 1_000_000n, minOut: 0n }),
      getSwapAllInstruction({ ...toSol, minOut: 0n, keep: HELD / 2n }),
    ]);
    expect(outcomeOf(result)).toBe("ok");
    const swaps = decodeProgramEvents(result.landed ? result.transaction.logs : []).filter(
      (event): event is SwapEvent => event.kind === "swap",
    );
    expect(swaps.map((event) => event.amountIn)).toEqual([HELD / 2n, 1_000_000n, swaps[1]!.amountOut]);
    expect(tokenBalance(devnet, toSol.traderIn)).toBe(HELD / 2n);
  });

  it("costs about what swap costs: compute units measured", async () => {
    const all = poolUnits(await sendSwapAll(0n));
    devnet.restore(start);
    const keeping = poolUnits(await sendSwapAll(0n, toSol, HELD / 2n));
    devnet.restore(start);
    const exact = poolUnits(await run(devnet, wallet, [getSwapInstruction({ ...toSol, amountIn: HELD, minOut: 0n })]));
    console.info(`compute units: pool.swap_all ${all}, keeping half ${keeping}, pool.swap ${exact}`);
    expect(all).toBeGreaterThan(1_000);
    expect(Math.abs(all - exact)).toBeLessThan(200);
    expect(Math.abs(keeping - exact)).toBeLessThan(200);
  });
});

describe("pool swap_all refusals", () => {
  it("refuses an empty balance with ZeroAmount, whatever minOut says", async () => {
    // Wrapped SOL → component: the trader's wrapped-SOL account exists and holds nothing.
    const fromEmpty = await deriveSwapAccounts(wallet.address, venue.venue.pool, NATIVE_MINT_ADDRESS, venue.mint);
    expect(tokenBalance(devnet, fromEmpty.traderIn)).toBe(0n);
    await expectRefused(ProgramErrorCode.ZeroAmount, () => sendSwapAll(0n, fromEmpty), swapWatchlist(fromEmpty));
  });

  it("refuses a balance equal to keep, or below it, with ZeroAmount (nothing to swap), whatever minOut says", async () => {
    await expectRefused(ProgramErrorCode.ZeroAmount, () => sendSwapAll(0n, toSol, HELD), swapWatchlist(toSol));
    await expectRefused(ProgramErrorCode.ZeroAmount, () => sendSwapAll(0n, toSol, HELD + 1n), swapWatchlist(toSol));
    await expectRefused(ProgramErrorCode.ZeroAmount, () => sendSwapAll(0n, toSol, 2n ** 64n - 1n), swapWatchlist(toSol));
    // One unit fewer kept is a swap of one unit: its fee rounds up to it, and nothing is left to swap.
    await expectRefused(ProgramErrorCode.ZeroAmount, () => sendSwapAll(0n, toSol, HELD - 1n), swapWatchlist(toSol));
    expect(outcomeOf(await sendSwapAll(0n, toSol, HELD - 1_000_000n))).toBe("ok");
    expect(tokenBalance(devnet, toSol.traderIn)).toBe(HELD - 1_000_000n);
  });

  it("refuses a balance whose output rounds down to nothing (ZeroAmount)", async () => {
    // Leave one base unit: its fee rounds up to 1, nothing is left to swap.
    const keep = getSwapInstruction({ ...toSol, amountIn: HELD - 1n, minOut: 0n });
    expect(outcomeOf(await run(devnet, wallet, [keep]))).toBe("ok");
    devnet.advanceSlots(1);
    await expectRefused(ProgramErrorCode.ZeroAmount, () => sendSwapAll(0n), swapWatchlist(toSol));
  });

  it("refuses a minOut one above its output (SlippageExceeded), and accepts exactly the output", async () => {
    const { amountOut } = predicted();
    await expectRefused(ProgramErrorCode.SlippageExceeded, () => sendSwapAll(amountOut + 1n), swapWatchlist(toSol));
    expect(outcomeOf(await sendSwapAll(amountOut))).toBe("ok");
  });

  it.each(WRONG_SWAP_ACCOUNTS)("refuses naming %s", async (_, code, substitute) => {
    const accounts = { ...toSol, ...(await substitute(trader)) };
    await expectRefused(code, () => sendSwapAll(0n, accounts), [...swapWatchlist(toSol), ...swapWatchlist(accounts)]);
  });

  it("refuses a pool with an empty reserve (InsufficientLiquidity)", async () => {
    const [mintA, mintB] = [world.components[1]!.mint, venue.mint];
    const pair = await derivePoolAccounts(wallet.address, mintA, mintB);
    const create = getInitializePoolInstruction({ ...pair, payer: wallet.address, authority: wallet.address, mintA, mintB, feeBps: 30 });
    expect(outcomeOf(await run(devnet, wallet, [create]))).toBe("ok");
    const accounts = await deriveSwapAccounts(wallet.address, pair.pool, mintB, mintA);
    await expectRefused(ProgramErrorCode.InsufficientLiquidity, () => sendSwapAll(0n, accounts), swapWatchlist(accounts));
  });

  it("refuses a trader who did not sign, even when another key pays (MissingSignature)", async () => {
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, SOL);
    const instruction = getSwapAllInstruction({ ...toSol, minOut: 0n });
    const unsigned = withoutSigner(instruction, 0);
    await expectRefused(ProgramErrorCode.MissingSignature, () => run(devnet, payer, [unsigned]), swapWatchlist(toSol), payer.address);
  });

  it("refuses data without its minimum out or its keep (InvalidInstruction) and six accounts (NotEnoughAccounts)", async () => {
    const instruction = getSwapAllInstruction({ ...toSol, minOut: 0n });
    // The old 9-byte layout (tag, min out) is refused rather than read as keep 0.
    for (const length of [8, 9, 16]) {
      const short = { ...instruction, data: instruction.data.slice(0, length) };
      await expectRefused(ProgramErrorCode.InvalidInstruction, () => run(devnet, wallet, [short]), swapWatchlist(toSol));
    }
    const fewer = { ...instruction, accounts: instruction.accounts.slice(0, 6) };
    await expectRefused(ProgramErrorCode.NotEnoughAccounts, () => run(devnet, wallet, [fewer]), swapWatchlist(toSol));
  });
});
