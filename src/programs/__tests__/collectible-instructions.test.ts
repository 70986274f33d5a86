import { AccountRole, getProgramDerivedAddress } from "@solana/kit";
import { describe, expect, it } from "vitest";
import type { CollectibleAccount } from "../collectible-account.ts";
import { getNextCollectibleCrankInstruction } from "../collectible-crank.ts";
import {
  type ListCardArgs,
  deriveCollectibleAccounts,
  deriveCollectibleFundAccounts,
  deriveCollectibleMigrateAccounts,
  deriveCollectibleSwapAccounts,
  getCollectibleAcquireInstruction,
  getCollectibleFundInstruction,
  getCollectibleMigrateInstruction,
  getCollectibleSwapInstruction,
  getListCardInstruction,
  getReleaseCardInstruction,
} from "../collectible-instructions.ts";
import {
  CURVE_PROGRAM_ADDRESS,
  LAUNCH_PROGRAM_ADDRESS,
  NATIVE_MINT_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from "../program-addresses.ts";
import { addressBytes } from "../../chain/address-bytes.ts";
import {
  findCollectibleCustodyPda,
  findCollectibleEscrowPda,
  findCollectibleFundsPda,
  findCollectiblePda,
  findCollectibleUsdcPda,
  findCurvePda,
  findCurveVaultPda,
  findLaunchMintPda,
  findMigrationVaultPda,
  findPoolPda,
  findPoolVaultPda,
} from "../program-derived-addresses.ts";
import { testAddress } from "./byte-image.ts";

const { READONLY, READONLY_SIGNER, WRITABLE, WRITABLE_SIGNER } = AccountRole;
const launch = testAddress(9);

const args: ListCardArgs = {
  creator: testAddress(1),
  seller: testAddress(2),
  cardMint: testAddress(3),
  sellerCard: testAddress(4),
  usdcMint: testAddress(5),
  sellerUsdc: testAddress(6),
  treasuryUsdc: testAddress(7),
  venue: testAddress(8),
  custodian: testAddress(10),
  standard: "core",
  listedPriceUsdc: 0x0102_0304_0506_0708n,
  targetLamports: 90_000_000_000n,
  poolLamports: 18_000_000_000n,
};

describe("collectible addresses", () => {
  it("derives the record and its token accounts as [name, launch] under the launch program, as kit does", async () => {
    const accounts = await deriveCollectibleAccounts(launch);
    const kit = async (name: string) =>
      getProgramDerivedAddress({ programAddress: LAUNCH_PROGRAM_ADDRESS, seeds: [name, addressBytes(launch)] });
    const [[collectible, collectibleBump], [escrow, escrowBump], [custody, custodyBump], [funds, fundsBump], [usdc, usdcBump]] =
      await Promise.all([kit("collectible"), kit("escrow"), kit("custody"), kit("funds"), kit("usdc")]);
    expect(accounts).toEqual({
      launch,
      collectible,
      collectibleBump,
      escrow,
      escrowBump,
      custody,
      custodyBump,
      funds,
      fundsBump,
      usdc,
      usdcBump,
    });
    expect((await findCollectiblePda({ launch }))[0]).toBe(collectible);
    expect((await findCollectibleEscrowPda({ launch }))[0]).toBe(escrow);
    expect((await findCollectibleCustodyPda({ launch }))[0]).toBe(custody);
    expect((await findCollectibleFundsPda({ launch }))[0]).toBe(funds);
    expect((await findCollectibleUsdcPda({ launch }))[0]).toBe(usdc);
  });
});

describe("list_card instruction", () => {
  it("lays out its 63 bytes as launch.c list_card reads them", async () => {
    const accounts = await deriveCollectibleAccounts(launch);
    const { data } = getListCardInstruction({ ...args, ...accounts });
    const view = new DataView(Uint8Array.from(data).buffer);
    expect(data.length).toBe(63);
    expect(data[0]).toBe(3);
    expect([...data.slice(1, 6)]).toEqual([
      accounts.collectibleBump,
      accounts.escrowBump,
      accounts.custodyBump,
      accounts.fundsBump,
      accounts.usdcBump,
    ]);
    expect(data[6]).toBe(1);
    expect([view.getBigUint64(7, true), view.getBigUint64(15, true), view.getBigUint64(23, true)]).toEqual([
      args.listedPriceUsdc,
      args.targetLamports,
      args.poolLamports,
    ]);
    expect([...data.slice(31)]).toEqual([...addressBytes(args.custodian)]);
  });

  it("passes the 17 accounts in launch.c's order", async () => {
    const accounts = await deriveCollectibleAccounts(launch);
    expect(getListCardInstruction({ ...args, ...accounts }).accounts).toEqual([
      { address: args.creator, role: WRITABLE_SIGNER },
      { address: args.seller, role: READONLY_SIGNER },
      { address: launch, role: READONLY },
      { address: accounts.collectible, role: WRITABLE },
      { address: args.cardMint, role: READONLY },
      { address: args.sellerCard, role: WRITABLE },
      { address: accounts.escrow, role: WRITABLE },
      { address: accounts.custody, role: WRITABLE },
      { address: accounts.funds, role: WRITABLE },
      { address: accounts.usdc, role: WRITABLE },
      { address: NATIVE_MINT_ADDRESS, role: READONLY },
      { address: args.usdcMint, role: READONLY },
      { address: args.sellerUsdc, role: READONLY },
      { address: args.treasuryUsdc, role: READONLY },
      { address: args.venue, role: READONLY },
      { address: SYSTEM_PROGRAM_ADDRESS, role: READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ]);
    // A seller who is also the creator signs once, with the creator's writable role.
    expect(getListCardInstruction({ ...args, ...accounts, seller: args.creator }).accounts[1]).toEqual({
      address: args.creator,
      role: WRITABLE_SIGNER,
    });
  });
});

describe("crank instructions", () => {
  it("fund: tag 4, the curve's wSOL vault and funds", async () => {
    const accounts = await deriveCollectibleFundAccounts(launch);
    const [curve] = await findCurvePda({ launch });
    const [curveVault] = await findCurveVaultPda({ curve, mint: NATIVE_MINT_ADDRESS });
    const { collectible, funds } = await deriveCollectibleAccounts(launch);
    const instruction = getCollectibleFundInstruction(accounts);
    expect([...instruction.data]).toEqual([4]);
    expect(instruction.accounts).toEqual([
      { address: launch, role: WRITABLE },
      { address: collectible, role: WRITABLE },
      { address: curve, role: WRITABLE },
      { address: CURVE_PROGRAM_ADDRESS, role: READONLY },
      { address: curveVault, role: WRITABLE },
      { address: funds, role: WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ]);
  });

  it("swap: tag 5, the venue and its vaults of wSOL and USDC", async () => {
    const { collectible, funds, usdc } = await deriveCollectibleAccounts(launch);
    const instruction = getCollectibleSwapInstruction(await deriveCollectibleSwapAccounts(launch, args.venue, args.usdcMint));
    expect([...instruction.data]).toEqual([5]);
    expect(instruction.accounts).toEqual([
      { address: launch, role: READONLY },
      { address: collectible, role: WRITABLE },
      { address: args.venue, role: WRITABLE },
      { address: (await findPoolVaultPda({ pool: args.venue, mint: NATIVE_MINT_ADDRESS }))[0], role: WRITABLE },
      { address: (await findPoolVaultPda({ pool: args.venue, mint: args.usdcMint }))[0], role: WRITABLE },
      { address: funds, role: WRITABLE },
      { address: usdc, role: WRITABLE },
      { address: POOL_PROGRAM_ADDRESS, role: READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ]);
  });

  it("acquire: tag 6, escrow, custody, usdc, seller and treasury", async () => {
    const accounts = await deriveCollectibleAccounts(launch);
    const instruction = getCollectibleAcquireInstruction({ ...accounts, sellerUsdc: args.sellerUsdc, treasuryUsdc: args.treasuryUsdc });
    expect([...instruction.data]).toEqual([6]);
    expect(instruction.accounts.map((meta) => meta.address)).toEqual([
      launch,
      accounts.collectible,
      accounts.escrow,
      accounts.custody,
      accounts.usdc,
      args.sellerUsdc,
      args.treasuryUsdc,
      TOKEN_PROGRAM_ADDRESS,
    ]);
    expect(instruction.accounts.map((meta) => meta.role)).toEqual([READONLY, ...Array(6).fill(WRITABLE), READONLY]);
  });

  it("migrate: tag 2 for component 0, the launch↔wSOL pool, funds at index 10 and the record last", async () => {
    const accounts = await deriveCollectibleMigrateAccounts(launch);
    const [primaryMint] = await findLaunchMintPda({ launch });
    const [pool, poolBump] = await findPoolPda({ authority: launch, mintA: primaryMint, mintB: NATIVE_MINT_ADDRESS });
    const [primaryVault, primaryVaultBump] = await findPoolVaultPda({ pool, mint: primaryMint });
    const [wsolVault, wsolVaultBump] = await findPoolVaultPda({ pool, mint: NATIVE_MINT_ADDRESS });
    const { funds, collectible } = await deriveCollectibleAccounts(launch);
    const payer = testAddress(11);
    const instruction = getCollectibleMigrateInstruction({ ...accounts, payer });
    expect([...instruction.data]).toEqual([2, 0, poolBump, primaryVaultBump, wsolVaultBump]);
    expect(instruction.accounts.map((meta) => meta.address)).toEqual([
      payer,
      launch,
      (await findMigrationVaultPda({ launch }))[0],
      (await findCurvePda({ launch }))[0],
      CURVE_PROGRAM_ADDRESS,
      pool,
      primaryVault,
      wsolVault,
      primaryMint,
      NATIVE_MINT_ADDRESS,
      funds,
      POOL_PROGRAM_ADDRESS,
      SYSTEM_PROGRAM_ADDRESS,
      TOKEN_PROGRAM_ADDRESS,
      collectible,
    ]);
    expect(instruction.accounts[0]?.role).toBe(WRITABLE_SIGNER);
    expect(instruction.accounts[10]?.role).toBe(WRITABLE);
    expect(instruction.accounts[14]?.role).toBe(WRITABLE);
  });

  it("release_card: tag 7, the custodian signing", async () => {
    const { collectible, custody } = await deriveCollectibleAccounts(launch);
    const destination = testAddress(12);
    const instruction = getReleaseCardInstruction({ custodian: args.custodian, launch, collectible, custody, destination });
    expect([...instruction.data]).toEqual([7]);
    expect(instruction.accounts).toEqual([
      { address: args.custodian, role: READONLY_SIGNER },
      { address: launch, role: READONLY },
      { address: collectible, role: WRITABLE },
      { address: custody, role: WRITABLE },
      { address: destination, role: WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: READONLY },
    ]);
  });
});

describe("the next crank's instruction from the records", () => {
  it("builds the crank the stage needs from the record's addresses, and none while raising or tradable", async () => {
    const accounts = await deriveCollectibleAccounts(launch);
    const record = {
      launch,
      venue: args.venue,
      usdcMint: args.usdcMint,
      escrow: accounts.escrow,
      custody: accounts.custody,
      usdc: accounts.usdc,
      sellerUsdc: args.sellerUsdc,
      treasuryUsdc: args.treasuryUsdc,
    } as CollectibleAccount;
    const payer = testAddress(11);
    const next = (status: Parameters<typeof getNextCollectibleCrankInstruction>[1], stage: CollectibleAccount["stage"]) =>
      getNextCollectibleCrankInstruction(payer, status, { ...record, stage });
    expect(await next("activeBonding", "raising")).toBeNull();
    expect(await next("graduationPending", "raising")).toEqual(getCollectibleFundInstruction(await deriveCollectibleFundAccounts(launch)));
    expect(await next("migrating", "swapping")).toEqual(
      getCollectibleSwapInstruction(await deriveCollectibleSwapAccounts(launch, args.venue, args.usdcMint)),
    );
    expect(await next("migrating", "acquiring")).toEqual(
      getCollectibleAcquireInstruction({ ...accounts, sellerUsdc: args.sellerUsdc, treasuryUsdc: args.treasuryUsdc }),
    );
    expect(await next("migrating", "pooling")).toEqual(
      getCollectibleMigrateInstruction({ ...(await deriveCollectibleMigrateAccounts(launch)), payer }),
    );
    expect(await next("graduated", "tradable")).toBeNull();
  });
});
