import { AccountRole } from "@solana/kit";
import { findAssociatedTokenPda } from "@solana-program/token";
import { describe, expect, it } from "vitest";
import {
  deriveTradeAccounts,
  getBuyExactInInstruction,
  getBuyExactOutInstruction,
  getSellInstruction,
  type TradeAccounts,
} from "../curve-instructions.ts";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../program-addresses.ts";
import { findCurvePda, findCurveVaultPda, findLaunchMintPda } from "../program-derived-addresses.ts";
import { testAddress } from "./byte-image.ts";

const { READONLY, READONLY_SIGNER, WRITABLE } = AccountRole;

const accounts: TradeAccounts = {
  trader: testAddress(1),
  launch: testAddress(2),
  curve: testAddress(3),
  primaryVault: testAddress(4),
  traderPrimaryAccount: testAddress(5),
  components: [
    { traderAccount: testAddress(6), vault: testAddress(7) },
    { traderAccount: testAddress(8), vault: testAddress(9) },
  ],
};

// curve.c reads the tag, then u64s at offsets 1 and 9.
function tradeData(tag: number, first: bigint, second: bigint): number[] {
  const view = new DataView(new ArrayBuffer(17));
  view.setUint8(0, tag);
  view.setBigUint64(1, first, true);
  view.setBigUint64(9, second, true);
  return [...new Uint8Array(view.buffer)];
}

describe("curve trade instructions", () => {
  it("encode a buy_exact_out's floor, when given, as a third u64 at offset 17", () => {
    const floored = getBuyExactOutInstruction({ ...accounts, amount: 5n, maxDnaIn: 6n, minOut: 4n }).data;
    const view = new DataView(new Uint8Array(floored).buffer);
    expect([...floored.slice(0, 17)]).toEqual(tradeData(1, 5n, 6n));
    expect([floored.length, view.getBigUint64(17, true)]).toEqual([25, 4n]);
  });

  it("encode tag and both amounts in 17 bytes", () => {
    const max = 0xffff_ffff_ffff_ffffn;
    expect([...getBuyExactOutInstruction({ ...accounts, amount: 5n, maxDnaIn: max }).data]).toEqual(tradeData(1, 5n, max));
    expect([...getBuyExactInInstruction({ ...accounts, budget: 7n, minOut: 1n }).data]).toEqual(tradeData(2, 7n, 1n));
    expect([...getSellInstruction({ ...accounts, amount: 9n, minDnaOut: 0n }).data]).toEqual(tradeData(3, 9n, 0n));
  });

  it("pass accounts in curve.c load_trade's order with the roles it needs", () => {
    const instruction = getSellInstruction({ ...accounts, amount: 1n, minDnaOut: 0n });
    expect(instruction.programAddress).toBe(CURVE_PROGRAM_ADDRESS);
    expect(instruction.accounts).toEqual([
      { address: accounts.trader, role: READONLY_SIGNER },
      { address: accounts.curve, role: WRITABLE },
      { address: accounts.launch, role: WRITABLE },
      { address: LAUNCH_PROGRAM_ADDRESS, role: READONLY },
      { address: accounts.primaryVault, role: WRITABLE },
      { address: accounts.traderPrimaryAccount, role: WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
      { address: testAddress(6), role: WRITABLE },
      { address: testAddress(7), role: WRITABLE },
      { address: testAddress(8), role: WRITABLE },
      { address: testAddress(9), role: WRITABLE },
    ]);
  });

  it("derive the curve, its vaults and the trader's ATAs", async () => {
    const [trader, launch, mint] = [testAddress(1), testAddress(2), testAddress(3)];
    const derived = await deriveTradeAccounts(trader, launch, [mint]);
    const [primaryMint] = await findLaunchMintPda({ launch });
    const [curve] = await findCurvePda({ launch });
    const ata = async (m: typeof mint) =>
      (await findAssociatedTokenPda({ owner: trader, mint: m, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
    expect(derived).toEqual({
      trader,
      launch,
      curve,
      primaryMint,
      primaryVault: (await findCurveVaultPda({ curve, mint: primaryMint }))[0],
      traderPrimaryAccount: await ata(primaryMint),
      components: [
        {
          mint,
          traderAccount: await ata(mint),
          vault: (await findCurveVaultPda({ curve, mint }))[0],
        },
      ],
    });
  });
});
