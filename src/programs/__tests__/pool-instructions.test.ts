import { AccountRole } from "@solana/kit";
import { findAssociatedTokenPda } from "@solana-program/token";
import { describe, expect, it } from "vitest";
import { POOL_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../program-addresses.ts";
import { findPoolPda, findPoolVaultPda } from "../program-derived-addresses.ts";
import {
  derivePoolAccounts,
  deriveSwapAccounts,
  getAddLiquidityInstruction,
  getInitializePoolInstruction,
  getSwapAllInstruction,
  getSwapAllInstructionDataCodec,
  getSwapInstruction,
} from "../pool-instructions.ts";
import { testAddress } from "./byte-image.ts";

const { READONLY, READONLY_SIGNER, WRITABLE, WRITABLE_SIGNER } = AccountRole;
const [payer, authority, mintA, mintB] = [1, 2, 3, 4].map(testAddress) as [
  ReturnType<typeof testAddress>,
  ReturnType<typeof testAddress>,
  ReturnType<typeof testAddress>,
  ReturnType<typeof testAddress>,
];

const amounts = (tag: number, first: bigint, second: bigint) => {
  const view = new DataView(new ArrayBuffer(17));
  view.setUint8(0, tag);
  view.setBigUint64(1, first, true);
  view.setBigUint64(9, second, true);
  return [...new Uint8Array(view.buffer)];
};

describe("pool instructions", () => {
  it("initialize: tag, three bumps, fee u16, accounts in pool.c's order", async () => {
    const accounts = await derivePoolAccounts(authority, mintA, mintB);
    const [pool, poolBump] = await findPoolPda({ authority, mintA, mintB });
    expect(accounts).toMatchObject({ pool, poolBump });
    expect(accounts.vaultB).toBe((await findPoolVaultPda({ pool, mint: mintB }))[0]);
    const instruction = getInitializePoolInstruction({
      ...accounts,
      payer,
      authority,
      mintA,
      mintB,
      feeBps: 0x0102,
    });
    expect(instruction.programAddress).toBe(POOL_PROGRAM_ADDRESS);
    expect([...instruction.data]).toEqual([0, accounts.poolBump, accounts.vaultABump, accounts.vaultBBump, 0x02, 0x01]);
    expect(instruction.accounts).toEqual([
      { address: payer, role: WRITABLE_SIGNER },
      { address: authority, role: READONLY_SIGNER },
      { address: pool, role: WRITABLE },
      { address: mintA, role: READONLY },
      { address: mintB, role: READONLY },
      { address: accounts.vaultA, role: WRITABLE },
      { address: accounts.vaultB, role: WRITABLE },
      { address: SYSTEM_PROGRAM_ADDRESS, role: READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ]);
  });

  it("add liquidity: tag, amount A, amount B, accounts in pool.c's order", () => {
    const [pool, vaultA, vaultB, sourceA, sourceB] = [5, 6, 7, 8, 9].map(testAddress);
    const instruction = getAddLiquidityInstruction({
      provider: payer,
      pool: pool!,
      vaultA: vaultA!,
      vaultB: vaultB!,
      sourceA: sourceA!,
      sourceB: sourceB!,
      amountA: 10n,
      amountB: 20n,
    });
    expect([...instruction.data]).toEqual(amounts(1, 10n, 20n));
    expect(instruction.accounts.map((account) => account.role)).toEqual([
      READONLY_SIGNER,
      READONLY,
      WRITABLE,
      WRITABLE,
      WRITABLE,
      WRITABLE,
      READONLY,
    ]);
    expect(instruction.accounts.map((account) => account.address)).toEqual([
      payer,
      pool,
      vaultA,
      vaultB,
      sourceA,
      sourceB,
      TOKEN_PROGRAM_ADDRESS,
    ]);
  });

  it("swap: tag, amount in, min out, direction given by the vault order", async () => {
    const [pool] = await findPoolPda({ authority, mintA, mintB });
    const accounts = await deriveSwapAccounts(payer, pool, mintB, mintA);
    const ata = async (mint: typeof mintA) =>
      (await findAssociatedTokenPda({ owner: payer, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
    expect(accounts).toEqual({
      trader: payer,
      pool,
      vaultIn: (await findPoolVaultPda({ pool, mint: mintB }))[0],
      vaultOut: (await findPoolVaultPda({ pool, mint: mintA }))[0],
      traderIn: await ata(mintB),
      traderOut: await ata(mintA),
    });
    const instruction = getSwapInstruction({ ...accounts, amountIn: 1000n, minOut: 990n });
    expect([...instruction.data]).toEqual(amounts(2, 1000n, 990n));
    expect(instruction.accounts).toEqual([
      { address: payer, role: READONLY_SIGNER },
      { address: pool, role: WRITABLE },
      { address: accounts.vaultIn, role: WRITABLE },
      { address: accounts.vaultOut, role: WRITABLE },
      { address: accounts.traderIn, role: WRITABLE },
      { address: accounts.traderOut, role: WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ]);
  });

  it("swap_all: tag 3, min out, keep (the amount is the trader's balance on chain less keep), the swap's accounts", async () => {
    const [pool] = await findPoolPda({ authority, mintA, mintB });
    const accounts = await deriveSwapAccounts(payer, pool, mintA, mintB);
    const instruction = getSwapAllInstruction({ ...accounts, minOut: 0x0102030405060708n, keep: 0x1112131415161718n });
    expect([...instruction.data]).toEqual([3, 8, 7, 6, 5, 4, 3, 2, 1, 0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11]);
    // Without keep it swaps the whole balance: keep is written as zero, never left out.
    expect([...getSwapAllInstruction({ ...accounts, minOut: 1n }).data]).toEqual([3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(instruction.accounts).toEqual(getSwapInstruction({ ...accounts, amountIn: 1n, minOut: 0n }).accounts);
    expect(instruction.accounts.map((account) => account.address)).toEqual([
      payer,
      pool,
      accounts.vaultIn,
      accounts.vaultOut,
      accounts.traderIn,
      accounts.traderOut,
      TOKEN_PROGRAM_ADDRESS,
    ]);
    const codec = getSwapAllInstructionDataCodec();
    expect(codec.decode(instruction.data)).toEqual({ tag: 3, minOut: 0x0102030405060708n, keep: 0x1112131415161718n });
    expect(codec.decode(codec.encode({ minOut: 2n ** 64n - 1n, keep: 2n ** 64n - 2n }))).toEqual({
      tag: 3,
      minOut: 2n ** 64n - 1n,
      keep: 2n ** 64n - 2n,
    });
    expect(codec.fixedSize).toBe(17);
  });
});
