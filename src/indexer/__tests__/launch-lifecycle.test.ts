import { type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import { beforeAll, describe, expect, it } from "vitest";
import { U64_MAX } from "../../economics/index.ts";
import {
  NATIVE_MINT_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  decodeProgramEvents,
  deriveMigrateAccounts,
  deriveSwapAccounts,
  getSwapInstruction,
} from "../../programs/index.ts";
import { tokenBalance } from "../../world/token-balance.ts";
import {
  type LaunchedLaunch,
  WHALE_COMPONENTS,
  buyExactOut,
  launch,
  migrate,
  outcomeOf,
  run,
  sell,
  sellOut,
  trader,
} from "../../world/__tests__/world-fixture.ts";
import type { Change } from "../read-model.ts";
import { type IndexedWorld, SOL, recordValidator, startIndexedWorld } from "./indexed-world.ts";

let indexed: IndexedWorld;
let launched: LaunchedLaunch;
let whale: KeyPairSigner;
let keeper: KeyPairSigner;
const validate = recordValidator();

/** The changes announced while `action` ran. */
async function changesOf(action: () => Promise<unknown>): Promise<Change[]> {
  const from = indexed.changes.length;
  await action();
  return indexed.changes.slice(from);
}

const row = () => {
  const found = indexed.model.getLaunch(launched.accounts.launch);
  if (!found) throw new Error("launch not indexed");
  expect(validate("LaunchRow", found)).toBeNull();
  return found;
};

/** A new wallet's sale of the first component to its SOL venue, `amountIn` at a time. */
async function venueSeller(): Promise<(amountIn: bigint) => ReturnType<typeof run>> {
  const component = indexed.world.components[0]!;
  const wallet = await trader(indexed.world, launched, WHALE_COMPONENTS);
  const swap = await deriveSwapAccounts(wallet.address, component.venue.pool, component.mint, NATIVE_MINT_ADDRESS);
  const setup = getCreateAssociatedTokenIdempotentInstruction({
    payer: wallet,
    ata: swap.traderOut,
    owner: wallet.address,
    mint: NATIVE_MINT_ADDRESS,
  });
  return (amountIn) => run(indexed.devnet, wallet, [setup, getSwapInstruction({ ...swap, amountIn, minOut: 1n })]);
}

beforeAll(async () => {
  indexed = await startIndexedWorld("indexer-lifecycle", 4);
  keeper = await generateKeyPairSigner();
  indexed.devnet.airdrop(keeper.address, 10n * SOL);
  launched = await launch(indexed.world, indexed.creator);
});

describe("a launch from creation to graduation, as the read model sees it", () => {
  it("announces the launch, then each trade with its slot and its position among the slot's trades", async () => {
    expect(indexed.changes).toContainEqual({ kind: "launch", launch: launched.accounts.launch });
    const wallet = await trader(indexed.world, launched, 10n ** 15n);
    const { devnet, world } = indexed;
    const first = await changesOf(() => buyExactOut(world, wallet, launched, 10n ** 12n, U64_MAX));
    const second = await changesOf(() => buyExactOut(world, wallet, launched, 2n * 10n ** 12n, U64_MAX)); // not the same bytes twice
    devnet.advanceSlots(1);
    const third = await changesOf(() => sell(world, wallet, launched, 10n ** 11n, 0n));
    const slot = devnet.now().slot;
    expect([...first, ...second, ...third]).toMatchObject([
      { kind: "trade", launch: launched.accounts.launch, slot: slot - 1n, seq: 0 },
      { kind: "trade", slot: slot - 1n, seq: 1 },
      { kind: "trade", slot, seq: 0 },
    ]);
    expect(row()).toMatchObject({ trades24: 3, buys24: 2, sells24: 1, holders: 1, netBuyerCount: 1, status: "activeBonding" });
  });

  it("a failed transaction changes nothing and announces nothing", async () => {
    const wallet = await trader(indexed.world, launched, 10n ** 15n);
    const before = JSON.stringify(row());
    const changes = await changesOf(async () => {
      const result = await sell(indexed.world, wallet, launched, 10n ** 12n, 0n); // holds none
      expect(outcomeOf(result)).not.toBe("ok");
    });
    expect(changes).toEqual([]);
    expect(JSON.stringify(row())).toBe(before);
  });

  it("the buy that sells out moves the launch to graduationPending: progress 10000, no migration yet", async () => {
    const changes = await changesOf(async () => ({ wallet: whale } = await sellOut(indexed.world, launched)));
    expect(changes.map((change) => change.kind)).toEqual(["trade", "status"]);
    expect(changes[1]).toEqual({ kind: "status", launch: launched.accounts.launch, status: "graduationPending" });
    expect(row()).toMatchObject({
      status: "graduationPending",
      progressBps: 10_000,
      curveInventoryRemaining: "0",
      curveFeesComplete: true,
      migration: null,
      pairFigures: null,
      pairable: false,
      pairBlock: "migrating",
    });
    expect(indexed.model.almostPaired("all").map((found) => found.address)).not.toContain(launched.accounts.launch);
  });

  it("each migration step announces a migration; the first starts migrating, the last graduates", async () => {
    const lastCurvePrice = BigInt(row().priceE12);
    const steps: Change[][] = [];
    for (const index of [0, 1, 2]) steps.push(await changesOf(() => migrate(indexed.world, keeper, launched, index)));
    const address = launched.accounts.launch;
    expect(steps[0]).toEqual([
      { kind: "status", launch: address, status: "migrating" },
      { kind: "migration", launch: address },
    ]);
    expect(steps[1]).toEqual([{ kind: "migration", launch: address }]);
    expect(steps[2]).toEqual([
      { kind: "migration", launch: address },
      { kind: "status", launch: address, status: "graduated" },
    ]);

    const graduated = row();
    const pools = await Promise.all(launched.componentMints.map((mint) => deriveMigrateAccounts(address, mint)));
    expect(graduated).toMatchObject({
      status: "graduated",
      pairable: true,
      pairBlock: "none",
      lockedReserve: "0",
      creatorPoolEarningsUsd: 0,
    });
    expect(graduated.circulatingSupply).toBe(graduated.totalSupply);
    expect(graduated.migration).toMatchObject({
      poolCreatedBits: 0b111,
      pools: pools.map((p) => ({ mint: p.componentMint, pool: p.pool })),
    });
    expect(graduated.migration?.finalizedAt).not.toBeNull();
    expect(graduated.pairFigures?.pools).toEqual(
      pools.map((p) => ({
        mint: p.componentMint,
        pool: p.pool,
        primaryReserve: tokenBalance(indexed.devnet, p.poolPrimaryVault).toString(),
        componentReserve: tokenBalance(indexed.devnet, p.poolComponentVault).toString(),
      })),
    );
    // The pools' price carries on from the curve's last price.
    const drift = Number(BigInt(graduated.priceE12) - lastCurvePrice) / Number(lastCurvePrice);
    expect(Math.abs(drift)).toBeLessThan(0.01);
  });

  it("a swap on a pair pool moves its reserves and the price", async () => {
    const before = row();
    const pool = await deriveMigrateAccounts(launched.accounts.launch, launched.componentMints[0]!);
    const swap = await deriveSwapAccounts(whale.address, pool.pool, launched.accounts.mint, launched.componentMints[0]!);
    const result = await run(indexed.devnet, whale, [getSwapInstruction({ ...swap, amountIn: 10n ** 12n, minOut: 1n })]);
    expect(outcomeOf(result)).toBe("ok");
    const after = row();
    expect(after.pairFigures?.pools[0]).toMatchObject({
      primaryReserve: tokenBalance(indexed.devnet, pool.poolPrimaryVault).toString(),
      componentReserve: tokenBalance(indexed.devnet, pool.poolComponentVault).toString(),
    });
    expect(BigInt(after.priceE12)).toBeLessThan(BigInt(before.priceE12)); // launch tokens sold into the pool

    // The swap is a market trade of the launch: on its tape, at the spot price after it.
    const tape = indexed.model.trades(launched.accounts.launch, { limit: 1 })!.trades[0]!;
    expect(tape).toMatchObject({
      signature: result.landed ? result.transaction.signature : "",
      trader: whale.address,
      direction: "sell",
      primaryAmount: (10n ** 12n).toString(),
      priceE12: after.priceE12,
      progressBps: 10_000,
    });
    expect(BigInt(tape.dnaUnits)).toBeGreaterThan(0n);
  });

  it("a venue swap moves component prices only when prices are sampled, and a sample with no move announces nothing", async () => {
    const component = indexed.world.components[0]!;
    const sellToVenue = await venueSeller();
    const assetsBefore = indexed.model.assets();
    const dnaUnitSolBefore = row().dnaUnitSol;
    const result = await sellToVenue(10n ** 12n);
    expect(outcomeOf(result)).toBe("ok");
    expect(indexed.model.assets()).toEqual(assetsBefore);
    expect(indexed.model.samplePrices()).toEqual([{ kind: "prices" }]);
    const assetsAfter = indexed.model.assets();
    expect(validate("AssetsResponse", assetsAfter)).toBeNull();
    expect(assetsAfter.assets[0]!.priceSol).toBeLessThan(assetsBefore.assets[0]!.priceSol!); // component sold for SOL
    expect(assetsAfter.assets[0]!.venue).toEqual({
      pool: component.venue.pool,
      lamportsReserve: tokenBalance(indexed.devnet, component.venue.vaultA).toString(),
      componentReserve: tokenBalance(indexed.devnet, component.venue.vaultB).toString(),
    });
    expect(row().dnaUnitSol).toBeLessThan(dnaUnitSolBefore!);
    expect(indexed.model.samplePrices()).toEqual([]);
  });

  it("a read model rebuilt from what the chain remembers of its landings (a restore) answers as the one that followed them", async () => {
    const { devnet, model } = indexed;
    // One more trade whose whole log the test keeps, to compare with what the chain remembers of it.
    const sellToVenue = await venueSeller();
    const result = await sellToVenue(10n ** 9n);
    if (!result.landed) throw new Error("the swap did not land");
    const whole = result.transaction.logs;
    const remembered = devnet.landedTransactions().find((landed) => landed.signature === result.transaction.signature)!.logs;
    // The pool's call and its event; the token program's calls and every text line are gone.
    expect(remembered).toEqual([
      `Program ${POOL_PROGRAM_ADDRESS} invoke [1]`,
      ...whole.filter((line) => line.startsWith("Program data: ")),
      `Program ${POOL_PROGRAM_ADDRESS} success`,
    ]);
    expect(decodeProgramEvents(remembered)).toEqual(decodeProgramEvents(whole));

    const answers = () =>
      JSON.stringify({
        tabs: (["trending", "new", "almost", "graduated", "volume"] as const).map(
          (tab) => model.listLaunches({ mode: "paged", tab, limit: 100, kind: "all" }).launches,
        ),
        launch: model.getLaunch(launched.accounts.launch),
        trades: model.trades(launched.accounts.launch, { limit: 200 }),
        chart: model.chart(launched.accounts.launch, { bucket: 60, limit: 500 }),
        assets: model.assets(),
        live: model.liveTrades(),
      });
    model.samplePrices();
    const followed = answers();
    const kept = devnet.landedTransactions();
    // A future a restore takes back: another swap, sampled.
    expect(outcomeOf(await sellToVenue(10n ** 12n))).toBe("ok");
    expect(model.samplePrices()).toEqual([{ kind: "prices" }]);
    expect(answers()).not.toBe(followed);
    model.rebuild(kept);
    expect(answers()).toBe(followed);
  });
});
