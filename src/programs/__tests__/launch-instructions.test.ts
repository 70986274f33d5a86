import { AccountRole, type Address } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { type CreateLaunchArgs, deriveLaunchAccounts, getCreateLaunchInstruction, type LaunchAccounts } from "../launch-instructions.ts";
import { deriveMigrateAccounts, getMigrateInstruction } from "../migrate-instruction.ts";
import {
  CURVE_PROGRAM_ADDRESS,
  LAUNCH_PROGRAM_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from "../program-addresses.ts";
import {
  findCurvePda,
  findCurveVaultPda,
  findLaunchMintPda,
  findLaunchPda,
  findMigrationVaultPda,
  findPoolPda,
  findPoolVaultPda,
} from "../program-derived-addresses.ts";
import { testAddress } from "./byte-image.ts";

const { READONLY, WRITABLE, WRITABLE_SIGNER } = AccountRole;
const creator = testAddress(1);
const mintA = testAddress(2);
const mintB = testAddress(3);

const args: CreateLaunchArgs = {
  creator,
  seed: 0x0102_0304_0506_0708n,
  decimals: 6,
  kind: "collectibles",
  feeBps: 100,
  creatorFeeShareBps: 2500,
  virtualPrimary: 1_073_000_000_000_000n,
  virtualDna: 30_000_000_000n,
  curveInventory: 793_100_000_000_000n,
  migrationInventory: 206_900_000_000_000n,
  dnaUnitLamportsE9: 987_654_321n,
  components: [
    { mint: mintA, targetBps: 7000, quantity: 1_500_000n },
    { mint: mintB, targetBps: 3000, quantity: 42n },
  ],
  symbol: "BSKT",
  name: "Basket",
  uri: "https://u",
};

describe("create launch instruction", () => {
  it("derives every account from creator, seed and mints", async () => {
    const accounts = await deriveLaunchAccounts(creator, args.seed, [mintA, mintB]);
    const [launch, launchBump] = await findLaunchPda({ creator, seed: args.seed });
    const [curve] = await findCurvePda({ launch });
    const [mint] = await findLaunchMintPda({ launch });
    expect(accounts).toMatchObject({ launch, launchBump, curve, mint });
    expect(accounts.migrationVault).toBe((await findMigrationVaultPda({ launch }))[0]);
    expect(accounts.curvePrimaryVault).toBe((await findCurveVaultPda({ curve, mint }))[0]);
    const [vaultB, vaultBBump] = await findCurveVaultPda({ curve, mint: mintB });
    expect(accounts.componentVaults[1]).toEqual({ mint: mintB, vault: vaultB, vaultBump: vaultBBump });
  });

  it("lays out data as launch.c decode_create reads it", async () => {
    const accounts = await deriveLaunchAccounts(creator, args.seed, [mintA, mintB]);
    const { data } = getCreateLaunchInstruction({ ...args, ...accounts });
    const view = new DataView(Uint8Array.from(data).buffer);
    expect(data.length).toBe(61 + 2 * 11 + (1 + 4) + (1 + 6) + (1 + 9));
    expect(data[0]).toBe(0);
    expect(view.getBigUint64(1, true)).toBe(args.seed);
    expect([...data.slice(9, 14)]).toEqual([
      accounts.launchBump,
      accounts.mintBump,
      accounts.migrationVaultBump,
      accounts.curveBump,
      accounts.curvePrimaryVaultBump,
    ]);
    expect([data[14], data[15], data[16]]).toEqual([6, 1, 2]);
    expect([view.getUint16(17, true), view.getUint16(19, true)]).toEqual([100, 2500]);
    expect(view.getBigUint64(21, true)).toBe(args.virtualPrimary);
    expect(view.getBigUint64(29, true)).toBe(args.virtualDna);
    expect(view.getBigUint64(37, true)).toBe(args.curveInventory);
    expect(view.getBigUint64(45, true)).toBe(args.migrationInventory);
    expect(view.getBigUint64(53, true)).toBe(args.dnaUnitLamportsE9);
    // Each component: vault bump, target bps, quantity.
    expect(data[61]).toBe(accounts.componentVaults[0]?.vaultBump);
    expect(view.getUint16(62, true)).toBe(7000);
    expect(view.getBigUint64(64, true)).toBe(1_500_000n);
    expect(data[72]).toBe(accounts.componentVaults[1]?.vaultBump);
    expect(view.getUint16(73, true)).toBe(3000);
    expect(view.getBigUint64(75, true)).toBe(42n);
    expect(new TextDecoder().decode(data.slice(83))).toBe("\u0004BSKT\u0006Basket\u0009https://u");
  });

  it("passes accounts in launch.c's order with the roles it needs", async () => {
    const accounts = await deriveLaunchAccounts(creator, args.seed, [mintA, mintB]);
    const instruction = getCreateLaunchInstruction({ ...args, ...accounts });
    expect(instruction.programAddress).toBe(LAUNCH_PROGRAM_ADDRESS);
    expect(instruction.accounts).toEqual([
      { address: creator, role: WRITABLE_SIGNER },
      { address: accounts.launch, role: WRITABLE },
      { address: accounts.mint, role: WRITABLE },
      { address: accounts.migrationVault, role: WRITABLE },
      { address: accounts.curve, role: WRITABLE },
      { address: accounts.curvePrimaryVault, role: WRITABLE },
      { address: SYSTEM_PROGRAM_ADDRESS, role: READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
      { address: CURVE_PROGRAM_ADDRESS, role: READONLY },
      { address: mintA, role: READONLY },
      { address: accounts.componentVaults[0]?.vault, role: WRITABLE },
      { address: mintB, role: READONLY },
      { address: accounts.componentVaults[1]?.vault, role: WRITABLE },
    ]);
  });

  it("refuses vaults out of step with the recipe", async () => {
    const accounts: LaunchAccounts = await deriveLaunchAccounts(creator, args.seed, [mintB, mintA]);
    expect(() => getCreateLaunchInstruction({ ...args, ...accounts })).toThrow(/recipe order/);
  });
});

describe("migrate instruction", () => {
  const launch = testAddress(9);
  const payer = testAddress(10);

  it("derives the pair pool with the launch mint as mint A", async () => {
    const accounts = await deriveMigrateAccounts(launch, mintB);
    const [primaryMint] = await findLaunchMintPda({ launch });
    const [pool, poolBump] = await findPoolPda({ authority: launch, mintA: primaryMint, mintB });
    expect(accounts).toMatchObject({ launch, primaryMint, componentMint: mintB, pool, poolBump });
    expect(accounts.poolPrimaryVault).toBe((await findPoolVaultPda({ pool, mint: primaryMint }))[0]);
    expect(accounts.poolComponentVault).toBe((await findPoolVaultPda({ pool, mint: mintB }))[0]);
    const [curve] = await findCurvePda({ launch });
    expect(accounts.curveComponentVault).toBe((await findCurveVaultPda({ curve, mint: mintB }))[0]);
  });

  it("lays out data and accounts as launch.c migrate reads them", async () => {
    const accounts = await deriveMigrateAccounts(launch, mintB);
    const instruction = getMigrateInstruction({ ...accounts, payer, componentIndex: 1 });
    expect([...instruction.data]).toEqual([2, 1, accounts.poolBump, accounts.poolPrimaryVaultBump, accounts.poolComponentVaultBump]);
    const expected: [Address, AccountRole][] = [
      [payer, WRITABLE_SIGNER],
      [launch, WRITABLE],
      [accounts.migrationVault, WRITABLE],
      [accounts.curve, WRITABLE],
      [CURVE_PROGRAM_ADDRESS, READONLY],
      [accounts.pool, WRITABLE],
      [accounts.poolPrimaryVault, WRITABLE],
      [accounts.poolComponentVault, WRITABLE],
      [accounts.primaryMint, READONLY],
      [mintB, READONLY],
      [accounts.curveComponentVault, WRITABLE],
      [POOL_PROGRAM_ADDRESS, READONLY],
      [SYSTEM_PROGRAM_ADDRESS, READONLY],
      [TOKEN_PROGRAM_ADDRESS, READONLY],
    ];
    expect(instruction.accounts).toEqual(expected.map(([address, role]) => ({ address, role })));
  });
});
