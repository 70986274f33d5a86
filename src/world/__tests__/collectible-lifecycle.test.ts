import { type Address, type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getTokenDecoder,
  getTransferInstruction,
} from "@solana-program/token";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Devnet, DevnetSnapshot, SendResult } from "../../chain/devnet.ts";
import { U64_MAX, collectiblePoolOpening, predictAcquire, predictSwap, swapExactIn } from "../../economics/index.ts";
import {
  NATIVE_MINT_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  type ProgramEvent,
  SYSTEM_PROGRAM_ADDRESS,
  collectibleStageOf,
  decodeProgramEvents,
  deriveCollectibleAccounts,
  deriveCollectibleMigrateAccounts,
  deriveSwapAccounts,
  findCurveVaultPda,
  getPoolAccountDecoder,
  getReleaseCardInstruction,
  getSwapInstruction,
  nextCollectibleCrank,
} from "../../programs/index.ts";
import type { GenesisWorld } from "../genesis-world.ts";
import { tokenBalance } from "../token-balance.ts";
import {
  LIST_CARD_COMPUTE_UNITS,
  type ListedCollectible,
  crank,
  createCollectibleLaunch,
  fullRaiseLamports,
  listCardInstructionOf,
  listCollectible,
  listingParties,
  raiseOut,
  readCollectible,
  runOk,
  termsFor,
  wrapSol,
} from "./collectible-fixture.ts";
import { buyExactOut, outcomeOf, readCurve, readLaunch, run, startWorld } from "./world-fixture.ts";

const SOL = 1_000_000_000n;

let devnet: Devnet;
let world: GenesisWorld;
let creator: KeyPairSigner;
/** Cranks: anyone may. */
let keeper: KeyPairSigner;
let listed: ListedCollectible;
let listing: SendResult;
let afterListing: DevnetSnapshot;

beforeAll(async () => {
  ({ devnet, world } = await startWorld("collectible-lifecycle", 1));
  creator = await generateKeyPairSigner();
  keeper = await generateKeyPairSigner();
  devnet.airdrop(creator.address, 100n * SOL);
  devnet.airdrop(keeper.address, 10n * SOL);
  ({ listing, ...listed } = await listCollectible(world, creator));
  afterListing = devnet.snapshot();
});

beforeEach(() => devnet.restore(afterListing));

/** The events of a transaction that landed and succeeded. */
function eventsOf(result: SendResult | null): readonly ProgramEvent[] {
  if (result === null || !result.landed || !result.transaction.ok) throw new Error(`transaction failed: ${result && outcomeOf(result)}`);
  return decodeProgramEvents(result.transaction.logs);
}

const timestampOf = (result: SendResult) => (result.landed ? result.transaction.unixTimestamp : -1n);
const tokenOwner = (address: Address) => getTokenDecoder().decode(devnet.getAccount(address)!.data).owner;
const stageNow = () => collectibleStageOf(readLaunch(devnet, listed.launched).status, readCollectible(devnet, listed));
const curveWsolVault = async () => (await findCurveVaultPda({ curve: listed.launched.accounts.curve, mint: NATIVE_MINT_ADDRESS }))[0];
const venueReserves = () => ({
  wsolReserve: tokenBalance(devnet, listed.venue.vaultA),
  usdcReserve: tokenBalance(devnet, listed.venue.vaultB),
  feeBps: getPoolAccountDecoder().decode(devnet.getAccount(listed.venue.pool)!.data).feeBps,
});

describe("list_card", () => {
  it("moves the card into the launch's escrow, writes the record and emits collectibleListed", () => {
    const { accounts, launched } = listed;
    const launch = launched.accounts.launch;
    expect(eventsOf(listing)).toEqual([
      {
        kind: "collectibleListed",
        launch,
        collectible: accounts.collectible,
        cardMint: listed.cardMint,
        seller: listed.seller.address,
        sellerUsdc: listed.sellerUsdc,
        treasuryUsdc: listed.treasuryUsdc,
        custody: accounts.custody,
        custodian: listed.custodian.address,
        ...listed.terms,
        standard: 0,
        unixTimestamp: timestampOf(listing),
      },
    ]);
    expect(readCollectible(devnet, listed)).toEqual({
      stage: "raising",
      bump: accounts.collectibleBump,
      escrowBump: accounts.escrowBump,
      custodyBump: accounts.custodyBump,
      fundsBump: accounts.fundsBump,
      usdcBump: accounts.usdcBump,
      standard: "pnft",
      stillHeld: false,
      launch,
      cardMint: listed.cardMint,
      seller: listed.seller.address,
      sellerUsdc: listed.sellerUsdc,
      treasuryUsdc: listed.treasuryUsdc,
      custodian: listed.custodian.address,
      usdcMint: listed.usdcMint,
      venue: listed.venue.pool,
      escrow: accounts.escrow,
      custody: accounts.custody,
      funds: accounts.funds,
      usdc: accounts.usdc,
      ...listed.terms,
      fundedLamports: 0n,
      wsolIn: 0n,
      usdcOut: 0n,
      spentUsdc: 0n,
      surplusUsdc: 0n,
      listedAt: timestampOf(listing),
      releasedAt: 0n,
    });
    expect(tokenBalance(devnet, listed.sellerCard)).toBe(0n);
    expect(tokenBalance(devnet, accounts.escrow)).toBe(1n);
    expect(tokenBalance(devnet, accounts.custody)).toBe(0n);
    for (const account of [accounts.escrow, accounts.custody, accounts.funds, accounts.usdc]) expect(tokenOwner(account)).toBe(launch);
    expect(stageNow()).toBe("raising");
    expect(nextCollectibleCrank(readLaunch(devnet, launched).status, readCollectible(devnet, listed))).toBeNull();
  });
});

describe("a collectible from raise to tradable", () => {
  it("completing the curve emits statusChanged and the funding stage, with nothing accounted yet", async () => {
    const { result } = await raiseOut(world, listed);
    const events = eventsOf(result).filter((event) => event.kind !== "trade");
    expect(events).toEqual([
      {
        kind: "statusChanged",
        launch: listed.launched.accounts.launch,
        oldStatus: "activeBonding",
        newStatus: "graduationPending",
        unixTimestamp: timestampOf(result),
      },
      {
        kind: "collectibleStage",
        launch: listed.launched.accounts.launch,
        stage: "funding",
        unixTimestamp: timestampOf(result),
        fundedLamports: 0n,
        wsolIn: 0n,
        usdcOut: 0n,
        spentUsdc: 0n,
        surplusUsdc: 0n,
        swapPool: SYSTEM_PROGRAM_ADDRESS,
      },
    ]);
    expect(readCollectible(devnet, listed).stage).toBe("raising");
    expect(stageNow()).toBe("funding");
    expect(nextCollectibleCrank(readLaunch(devnet, listed.launched).status, readCollectible(devnet, listed))).toBe("fund");
  });

  it("fund → swap → acquire → migrate account for every lamport and base unit, and the pool opens with (migration inventory, poolLamports)", async () => {
    const { launched, accounts, terms } = listed;
    const launch = launched.accounts.launch;
    const { result: raise } = await raiseOut(world, listed);
    // Every lamport the buys deposited, fees included, is what the fund step moves.
    const deposited = eventsOf(raise).reduce((sum, event) => sum + (event.kind === "trade" ? event.componentAmounts[0]! : 0n), 0n);
    const vault = await curveWsolVault();
    expect(tokenBalance(devnet, vault)).toBe(deposited);
    expect(deposited).toBe(fullRaiseLamports(launched));

    const fund = eventsOf(await crank(world, keeper, listed));
    const funded = deposited;
    expect(fund).toEqual([
      { kind: "statusChanged", launch, oldStatus: "graduationPending", newStatus: "migrating", unixTimestamp: expect.any(BigInt) },
      expect.objectContaining({
        kind: "collectibleStage",
        stage: "swapping",
        fundedLamports: funded,
        wsolIn: 0n,
        swapPool: SYSTEM_PROGRAM_ADDRESS,
      }),
    ]);
    expect(tokenBalance(devnet, vault)).toBe(0n);
    expect(tokenBalance(devnet, accounts.funds)).toBe(funded);
    expect(readLaunch(devnet, launched).status).toBe("migrating");

    const venueBefore = venueReserves();
    const predicted = predictSwap(funded, terms, venueBefore);
    if (!predicted.ok) throw new Error(`the swap is predicted refused: ${predicted.error}`);
    const swap = eventsOf(await crank(world, keeper, listed));
    expect(swap).toEqual([
      expect.objectContaining({
        kind: "swap",
        pool: listed.venue.pool,
        trader: launch,
        aToB: true,
        amountIn: predicted.wsolIn,
        amountOut: predicted.usdcOut,
      }),
      expect.objectContaining({
        kind: "collectibleStage",
        stage: "acquiring",
        fundedLamports: funded,
        wsolIn: funded - terms.poolLamports,
        usdcOut: predicted.usdcOut,
        spentUsdc: 0n,
        surplusUsdc: 0n,
        swapPool: listed.venue.pool,
      }),
    ]);
    expect(tokenBalance(devnet, accounts.funds)).toBe(terms.poolLamports);
    expect(tokenBalance(devnet, accounts.usdc)).toBe(predicted.usdcOut);
    expect(venueReserves()).toEqual({
      ...venueBefore,
      wsolReserve: venueBefore.wsolReserve + predicted.wsolIn,
      usdcReserve: venueBefore.usdcReserve - predicted.usdcOut,
    });

    const sellerBefore = tokenBalance(devnet, listed.sellerUsdc);
    const treasuryBefore = tokenBalance(devnet, listed.treasuryUsdc);
    const paid = predictAcquire(predicted.usdcOut, terms.listedPriceUsdc);
    const acquire = eventsOf(await crank(world, keeper, listed));
    expect(acquire).toEqual([
      expect.objectContaining({
        kind: "collectibleStage",
        stage: "pooling",
        usdcOut: predicted.usdcOut,
        spentUsdc: terms.listedPriceUsdc,
        surplusUsdc: paid.surplusUsdc,
      }),
    ]);
    expect(tokenBalance(devnet, listed.sellerUsdc) - sellerBefore).toBe(terms.listedPriceUsdc);
    expect(tokenBalance(devnet, listed.treasuryUsdc) - treasuryBefore).toBe(paid.surplusUsdc);
    expect(paid.spentUsdc + paid.surplusUsdc).toBe(predicted.usdcOut);
    expect(tokenBalance(devnet, accounts.usdc)).toBe(0n);
    expect(tokenBalance(devnet, accounts.escrow)).toBe(0n);
    expect(tokenBalance(devnet, accounts.custody)).toBe(1n);
    expect(readCollectible(devnet, listed).stillHeld).toBe(true);

    const pool = await deriveCollectibleMigrateAccounts(launch);
    const migrate = eventsOf(await crank(world, keeper, listed));
    expect(migrate.map((event) => event.kind)).toEqual(["poolCreated", "migrationStep", "statusChanged", "collectibleStage"]);
    expect(migrate[1]).toEqual({
      kind: "migrationStep",
      launch,
      index: 0,
      pool: pool.pool,
      primaryAmount: launched.curve.migrationInventory,
      componentAmount: terms.poolLamports,
      poolCreatedBits: 1,
    });
    expect(migrate[2]).toMatchObject({ oldStatus: "migrating", newStatus: "graduated" });
    expect(migrate[3]).toMatchObject({
      stage: "tradable",
      fundedLamports: funded,
      usdcOut: predicted.usdcOut,
      surplusUsdc: paid.surplusUsdc,
    });
    const opening = collectiblePoolOpening(launched.curve.migrationInventory, terms.poolLamports);
    expect([tokenBalance(devnet, pool.poolPrimaryVault), tokenBalance(devnet, pool.poolComponentVault)]).toEqual([
      opening.launchReserve,
      opening.wsolReserve,
    ]);
    expect(getPoolAccountDecoder().decode(devnet.getAccount(pool.pool)!.data)).toMatchObject({
      authority: launch,
      mintA: launched.accounts.mint,
      mintB: NATIVE_MINT_ADDRESS,
      feeBps: launched.curve.feeBps,
    });
    expect(devnet.getAccount(pool.pool)!.programAddress).toBe(POOL_PROGRAM_ADDRESS);
    // Nothing stranded: the raise is the swap's input plus the pool's wSOL, to the lamport.
    expect(tokenBalance(devnet, accounts.funds)).toBe(0n);
    expect(tokenBalance(devnet, launched.accounts.migrationVault)).toBe(0n);
    expect(predicted.wsolIn + terms.poolLamports).toBe(funded);
    expect(readLaunch(devnet, launched)).toMatchObject({ status: "graduated", poolCreatedBits: 1 });
    expect(stageNow()).toBe("tradable");
    expect(await crank(world, keeper, listed)).toBeNull();

    // Custody holds exactly one card, and the card is the whole supply of a 0-decimal mint.
    const card = getMintDecoder().decode(devnet.getAccount(listed.cardMint)!.data);
    expect([card.supply, card.decimals]).toEqual([1n, 0]);
    expect(tokenBalance(devnet, accounts.custody)).toBe(1n);
  });

  it("a tradable collectible trades on its launch↔wSOL pool: wSOL in, launch tokens out, as the pool math predicts", async () => {
    await raiseOut(world, listed);
    for (let step = 0; step < 4; step++) eventsOf(await crank(world, keeper, listed));
    const pool = await deriveCollectibleMigrateAccounts(listed.launched.accounts.launch);
    const buyer = await generateKeyPairSigner();
    devnet.airdrop(buyer.address, 10n * SOL);
    await wrapSol(world, buyer, SOL);
    const swap = await deriveSwapAccounts(buyer.address, pool.pool, NATIVE_MINT_ADDRESS, listed.launched.accounts.mint);
    const predicted = swapExactIn(
      tokenBalance(devnet, pool.poolComponentVault),
      tokenBalance(devnet, pool.poolPrimaryVault),
      SOL,
      listed.launched.curve.feeBps,
      0n,
    );
    if (!predicted.ok) throw new Error(`unexpected prediction ${predicted.error}`);
    const setup = getCreateAssociatedTokenIdempotentInstruction({
      payer: buyer,
      ata: swap.traderOut,
      owner: buyer.address,
      mint: listed.launched.accounts.mint,
    });
    const events = eventsOf(await run(devnet, buyer, [setup, getSwapInstruction({ ...swap, amountIn: SOL, minOut: predicted.amountOut })]));
    expect(events).toMatchObject([{ kind: "swap", pool: pool.pool, aToB: false, amountIn: SOL, amountOut: predicted.amountOut }]);
    expect(tokenBalance(devnet, swap.traderOut)).toBe(predicted.amountOut);
  });
});

describe("release_card", () => {
  it("the custodian takes the card out of custody: custody empty, stillHeld false, cardReleased emitted", async () => {
    await raiseOut(world, listed);
    for (let step = 0; step < 4; step++) eventsOf(await crank(world, keeper, listed));
    const { custodian, cardMint, accounts, launched } = listed;
    const destination = await world.tokenAccountOf(custodian.address, cardMint);
    await runOk(devnet, custodian, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: custodian, ata: destination, owner: custodian.address, mint: cardMint }),
    ]);
    const result = await run(devnet, custodian, [
      getReleaseCardInstruction({
        custodian: custodian.address,
        launch: launched.accounts.launch,
        collectible: accounts.collectible,
        custody: accounts.custody,
        destination,
      }),
    ]);
    expect(eventsOf(result)).toEqual([
      { kind: "cardReleased", launch: launched.accounts.launch, cardMint, destination, unixTimestamp: timestampOf(result) },
    ]);
    expect(tokenBalance(devnet, accounts.custody)).toBe(0n);
    expect(tokenBalance(devnet, destination)).toBe(1n);
    expect(readCollectible(devnet, listed)).toMatchObject({ stillHeld: false, releasedAt: timestampOf(result), stage: "tradable" });
  });
});

describe("a raise in several buys", () => {
  it("funds exactly what the buys deposited, fees included", async () => {
    const buyer = await generateKeyPairSigner();
    devnet.airdrop(buyer.address, 200n * SOL);
    await wrapSol(world, buyer, 150n * SOL);
    const inventory = readCurve(devnet, listed.launched).inventoryRemaining;
    let deposited = 0n;
    for (const part of [inventory / 3n, inventory / 5n]) {
      const events = eventsOf(await buyExactOut(world, buyer, listed.launched, part, U64_MAX));
      deposited += events.reduce((sum, event) => sum + (event.kind === "trade" ? event.componentAmounts[0]! : 0n), 0n);
    }
    const { result } = await raiseOut(world, listed);
    deposited += eventsOf(result).reduce((sum, event) => sum + (event.kind === "trade" ? event.componentAmounts[0]! : 0n), 0n);
    expect(eventsOf(await crank(world, keeper, listed))).toContainEqual(
      expect.objectContaining({ stage: "swapping", fundedLamports: deposited }),
    );
    expect(tokenBalance(devnet, listed.accounts.funds)).toBe(deposited);
  });
});

describe("tokens and lamports sent ahead to the collectible's addresses", () => {
  it("wSOL and USDC sent to funds and usdc before the cranks stay there, uncounted: every figure is the step's own movement", async () => {
    const { accounts, terms } = listed;
    const donor = await generateKeyPairSigner();
    devnet.airdrop(donor.address, 10n * SOL);
    const donorWsol = await wrapSol(world, donor, 3n * SOL);
    await world.fund(donor.address, { components: [{ mint: listed.usdcMint, amount: 5_000_000n }] });
    const donorUsdc = await world.tokenAccountOf(donor.address, listed.usdcMint);
    await runOk(devnet, donor, [
      getTransferInstruction({ source: donorWsol, destination: accounts.funds, authority: donor, amount: 2n * SOL }),
      getTransferInstruction({ source: donorUsdc, destination: accounts.usdc, authority: donor, amount: 5_000_000n }),
    ]);
    const { result } = await raiseOut(world, listed);
    const deposited = eventsOf(result).reduce((sum, event) => sum + (event.kind === "trade" ? event.componentAmounts[0]! : 0n), 0n);
    const venue = venueReserves();

    const events = [];
    for (let step = 0; step < 4; step++) events.push(...eventsOf(await crank(world, keeper, listed)));
    const predicted = predictSwap(deposited, terms, venue);
    if (!predicted.ok) throw new Error(`the swap is predicted refused: ${predicted.error}`);
    expect(events.filter((event) => event.kind === "collectibleStage").at(-1)).toMatchObject({
      stage: "tradable",
      fundedLamports: deposited,
      wsolIn: predicted.wsolIn,
      usdcOut: predicted.usdcOut,
      spentUsdc: terms.listedPriceUsdc,
      surplusUsdc: predicted.usdcOut - terms.listedPriceUsdc,
    });
    expect(tokenBalance(devnet, accounts.funds)).toBe(2n * SOL);
    expect(tokenBalance(devnet, accounts.usdc)).toBe(5_000_000n);
    const pool = await deriveCollectibleMigrateAccounts(listed.launched.accounts.launch);
    expect(tokenBalance(devnet, pool.poolComponentVault)).toBe(terms.poolLamports);
  });

  it("lists a card whose record and escrow addresses already held lamports (anyone can send SOL to a PDA)", async () => {
    const second = await createCollectibleLaunch(world, creator, 2n);
    const accounts = await deriveCollectibleAccounts(second.accounts.launch);
    for (const address of [accounts.collectible, accounts.escrow]) {
      await runOk(devnet, creator, [getTransferSolInstruction({ source: creator, destination: address, amount: SOL })]);
    }
    const parties = await listingParties(world);
    const listing = { accounts, creator, ...parties, venue: listed.venue, terms: termsFor(world, second), standard: "core" as const };
    await runOk(devnet, creator, [listCardInstructionOf(listing)], [parties.seller], LIST_CARD_COMPUTE_UNITS);
    expect(readCollectible(devnet, listing)).toMatchObject({ stage: "raising", standard: "core", cardMint: parties.cardMint });
    expect(devnet.getAccount(accounts.collectible)!.lamports).toBe(SOL);
    expect(tokenBalance(devnet, accounts.escrow)).toBe(1n);
  });
});
