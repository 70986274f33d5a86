import { type Address, type KeyPairSigner, generateKeyPairSigner, none } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { getMintDecoder } from "@solana-program/token";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Devnet, DevnetSnapshot, SendResult } from "../../chain/devnet.ts";
import { U64_MAX, buyExactOut as predictBuyExactOut, migrationShare, swapExactIn } from "../../economics/index.ts";
import {
  LAUNCH_ACCOUNT_SIZE,
  LAUNCH_PROGRAM_ADDRESS,
  POOL_ACCOUNT_SIZE,
  POOL_PROGRAM_ADDRESS,
  type ProgramEvent,
  decodeProgramEvents,
  deriveLaunchAccounts,
  deriveMigrateAccounts,
  deriveSwapAccounts,
  getPoolAccountDecoder,
  getSwapInstruction,
} from "../../programs/index.ts";
import type { GenesisWorld } from "../genesis-world.ts";
import { tokenBalance } from "../token-balance.ts";
import {
  type LaunchedLaunch,
  WHALE_COMPONENTS,
  balancesOf,
  buyExactOut,
  launch,
  migrate,
  outcomeOf,
  readCurve,
  readLaunch,
  run,
  sellOut,
  startWorld,
  trader,
} from "./world-fixture.ts";

const SOL = 1_000_000_000n;

let devnet: Devnet;
let world: GenesisWorld;
let creator: KeyPairSigner;
let launched: LaunchedLaunch;
/** Cranks the migration: anyone may. */
let keeper: KeyPairSigner;
let created: DevnetSnapshot;

beforeAll(async () => {
  ({ devnet, world } = await startWorld("launch-lifecycle", 4));
  creator = await generateKeyPairSigner();
  keeper = await generateKeyPairSigner();
  devnet.airdrop(creator.address, 100n * SOL);
  devnet.airdrop(keeper.address, 10n * SOL);
  launched = await launch(world, creator);
  created = devnet.snapshot();
});

beforeEach(() => devnet.restore(created));

/** The events of a transaction that landed and succeeded. */
function eventsOf(result: SendResult): readonly ProgramEvent[] {
  if (!result.landed || !result.transaction.ok) throw new Error(`transaction failed: ${outcomeOf(result)}`);
  return decodeProgramEvents(result.transaction.logs);
}

const statusChanges = (events: readonly ProgramEvent[]) =>
  events.flatMap((event) => (event.kind === "statusChanged" ? [[event.oldStatus, event.newStatus]] : []));

/** Sends lamports to `address` with a plain system transfer, as anyone could before a create or a migration. */
async function prefund(address: Address, lamports: bigint): Promise<void> {
  const transfer = getTransferSolInstruction({ source: creator, destination: address, amount: lamports });
  expect(outcomeOf(await run(devnet, creator, [transfer]))).toBe("ok");
}

describe("a launch from create to its pair pools", () => {
  it("create mints the whole supply, curve inventory to the curve and migration inventory to the launch, then revokes the mint authority", () => {
    const { curveInventory, migrationInventory, decimals } = launched.curve;
    const mint = getMintDecoder().decode(devnet.getAccount(launched.accounts.mint)!.data);
    expect(mint.supply).toBe(curveInventory + migrationInventory);
    expect(mint.mintAuthority).toEqual(none());
    expect(mint.freezeAuthority).toEqual(none());
    expect(mint.decimals).toBe(decimals);
    expect(tokenBalance(devnet, launched.accounts.curvePrimaryVault)).toBe(curveInventory);
    expect(tokenBalance(devnet, launched.accounts.migrationVault)).toBe(migrationInventory);
    expect(readLaunch(devnet, launched)).toMatchObject({
      status: "activeBonding",
      totalSupply: curveInventory + migrationInventory,
      // The snapshot was taken right after the create, in its slot.
      createdAt: devnet.now().unixTimestamp,
      completedAt: 0n,
    });
  });

  it("a buy past the end of the curve is clamped to the inventory left, completes the curve and moves the launch to graduationPending", async () => {
    const wallet = await trader(world, launched, WHALE_COMPONENTS);
    expect(outcomeOf(await buyExactOut(world, wallet, launched, 10n ** 14n, U64_MAX))).toBe("ok");
    const remaining = readCurve(devnet, launched).inventoryRemaining;
    const predicted = predictBuyExactOut(readCurve(devnet, launched), 2n * remaining, U64_MAX, null);
    const before = await balancesOf(devnet, wallet, launched);

    const result = await buyExactOut(world, wallet, launched, 2n * remaining, U64_MAX);
    const events = eventsOf(result);

    const trade = events.find((event) => event.kind === "trade");
    expect(predicted).toMatchObject({ ok: true, trade: { clamped: true, completes: true, primaryAmount: remaining } });
    expect(trade).toMatchObject({ direction: "buy", primaryAmount: remaining, inventoryRemaining: 0n });
    expect(trade?.kind === "trade" && trade.dnaAmount + trade.feeDna).toBe(predicted.ok && predicted.trade.traderDna);
    const after = await balancesOf(devnet, wallet, launched);
    expect(after.traderPrimary - before.traderPrimary).toBe(remaining);
    expect(after.curvePrimary).toBe(0n);
    expect(readCurve(devnet, launched)).toMatchObject({ complete: true, inventoryRemaining: 0n });

    const unixTimestamp = result.landed ? result.transaction.unixTimestamp : -1n;
    expect(readLaunch(devnet, launched)).toMatchObject({ status: "graduationPending", completedAt: unixTimestamp });
    expect(events.filter((event) => event.kind === "statusChanged")).toEqual([
      {
        kind: "statusChanged",
        launch: launched.accounts.launch,
        oldStatus: "activeBonding",
        newStatus: "graduationPending",
        unixTimestamp,
      },
    ]);
  });

  it("migration gives each pair pool its share of the migration inventory and its component's reserve, keeps the fees, and graduates after the last step", async () => {
    await sellOut(world, launched);
    const launchRecord = readLaunch(devnet, launched);
    const curve = readCurve(devnet, launched);
    const reserves = curve.components.map((component) => tokenBalance(devnet, component.vault) - component.feeAmount);
    const weights = launchRecord.components.map((component) => component.targetBps);
    const expectedStatuses = [
      { status: "migrating", changes: [["graduationPending", "migrating"]] },
      { status: "migrating", changes: [] },
      { status: "graduated", changes: [["migrating", "graduated"]] },
    ];

    for (const [index, expected] of expectedStatuses.entries()) {
      const events = eventsOf(await migrate(world, keeper, launched, index));
      const accounts = await deriveMigrateAccounts(launched.accounts.launch, launched.componentMints[index]!);
      const share = migrationShare(launchRecord.migrationInventory, weights, index);

      expect(statusChanges(events)).toEqual(expected.changes);
      expect(readLaunch(devnet, launched).status).toBe(expected.status);
      expect(events.find((event) => event.kind === "migrationStep")).toEqual({
        kind: "migrationStep",
        launch: launched.accounts.launch,
        index,
        pool: accounts.pool,
        primaryAmount: share,
        componentAmount: reserves[index],
        poolCreatedBits: (1 << (index + 1)) - 1,
      });
      expect(tokenBalance(devnet, accounts.poolPrimaryVault)).toBe(share);
      expect(tokenBalance(devnet, accounts.poolComponentVault)).toBe(reserves[index]);
      expect(getPoolAccountDecoder().decode(devnet.getAccount(accounts.pool)!.data)).toMatchObject({
        authority: launched.accounts.launch,
        mintA: launched.accounts.mint,
        mintB: launched.componentMints[index],
        feeBps: launchRecord.feeBps,
      });
    }

    expect(tokenBalance(devnet, launched.accounts.migrationVault)).toBe(0n);
    const after = readCurve(devnet, launched);
    for (const component of after.components) {
      expect(component.released).toBe(true);
      expect(component.feeAmount).toBeGreaterThan(0n);
      expect(tokenBalance(devnet, component.vault)).toBe(component.feeAmount);
    }
    expect(readLaunch(devnet, launched).poolCreatedBits).toBe(0b111);
  });

  it("a graduated launch trades on its pair pools", async () => {
    const { wallet } = await sellOut(world, launched);
    for (const index of [0, 1, 2]) expect(outcomeOf(await migrate(world, keeper, launched, index))).toBe("ok");
    const accounts = await deriveMigrateAccounts(launched.accounts.launch, launched.componentMints[0]!);
    const swap = await deriveSwapAccounts(wallet.address, accounts.pool, launched.accounts.mint, launched.componentMints[0]!);
    const amountIn = 10n ** 12n;
    const predicted = swapExactIn(
      tokenBalance(devnet, accounts.poolPrimaryVault),
      tokenBalance(devnet, accounts.poolComponentVault),
      amountIn,
      readLaunch(devnet, launched).feeBps,
      0n,
    );
    if (!predicted.ok) throw new Error(`unexpected prediction ${predicted.error}`);
    const before = [tokenBalance(devnet, swap.traderIn), tokenBalance(devnet, swap.traderOut)];

    const events = eventsOf(await run(devnet, wallet, [getSwapInstruction({ ...swap, amountIn, minOut: predicted.amountOut })]));

    expect(events).toMatchObject([{ kind: "swap", pool: accounts.pool, aToB: true, amountIn, amountOut: predicted.amountOut }]);
    expect(tokenBalance(devnet, swap.traderIn)).toBe(before[0]! - amountIn);
    expect(tokenBalance(devnet, swap.traderOut)).toBe(before[1]! + predicted.amountOut);
  });
});

describe("addresses funded before they were created", () => {
  it.each([
    ["less than its rent, which create tops up", () => devnet.minimumBalanceForRentExemption(0)],
    ["more than its rent, which create keeps", () => SOL],
  ])("creates a launch whose address already held %s", async (_, lamports) => {
    const seed = 7n;
    const future = await deriveLaunchAccounts(creator.address, seed, launched.componentMints);
    const funded = lamports();
    await prefund(future.launch, funded);

    const second = await launch(world, creator, { seed });

    const account = devnet.getAccount(second.accounts.launch)!;
    const rent = devnet.minimumBalanceForRentExemption(LAUNCH_ACCOUNT_SIZE);
    expect(account.programAddress).toBe(LAUNCH_PROGRAM_ADDRESS);
    expect(account.data.length).toBe(LAUNCH_ACCOUNT_SIZE);
    expect(account.lamports).toBe(funded > rent ? funded : rent);
    expect(readLaunch(devnet, second)).toMatchObject({ creator: creator.address, seed, status: "activeBonding" });
  });

  it("migrates into a pair pool whose addresses already held lamports", async () => {
    await sellOut(world, launched);
    const accounts = await deriveMigrateAccounts(launched.accounts.launch, launched.componentMints[0]!);
    await prefund(accounts.pool, devnet.minimumBalanceForRentExemption(0));
    await prefund(accounts.poolComponentVault, SOL);

    for (const index of [0, 1, 2]) expect(outcomeOf(await migrate(world, keeper, launched, index))).toBe("ok");

    expect(readLaunch(devnet, launched).status).toBe("graduated");
    const pool = devnet.getAccount(accounts.pool)!;
    expect(pool.programAddress).toBe(POOL_PROGRAM_ADDRESS);
    expect(pool.lamports).toBe(devnet.minimumBalanceForRentExemption(POOL_ACCOUNT_SIZE));
    expect(getPoolAccountDecoder().decode(pool.data)).toMatchObject({
      authority: launched.accounts.launch,
      mintB: launched.componentMints[0],
    });
    expect(devnet.getAccount(accounts.poolComponentVault)!.lamports).toBe(SOL);
    expect(tokenBalance(devnet, accounts.poolPrimaryVault)).toBe(
      migrationShare(
        launched.curve.migrationInventory,
        launched.request.components.map((c) => c.targetBps),
        0,
      ),
    );
    expect(tokenBalance(devnet, accounts.poolComponentVault)).toBeGreaterThan(0n);
  });
});
