import { AccountRole, type Address, type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Devnet, DevnetSnapshot, SendResult } from "../../chain/devnet.ts";
import { U64_MAX, defaultCurveParameters } from "../../economics/index.ts";
import {
  type CreateLaunchArgs,
  type LaunchAccounts,
  ProgramErrorCode,
  deriveLaunchAccounts,
  deriveMigrateAccounts,
  getCreateLaunchInstruction,
  getMigrateInstruction,
} from "../../programs/index.ts";
import type { GenesisWorld } from "../genesis-world.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS } from "../launch-factory.ts";
import {
  type LaunchedLaunch,
  accountImages,
  afterFee,
  launch,
  migrate,
  outcomeOf,
  readLaunch,
  run,
  sellOut,
  startWorld,
} from "./world-fixture.ts";

const SOL = 1_000_000_000n;

let devnet: Devnet;
let world: GenesisWorld;
let creator: KeyPairSigner;
let mints: Address[];
/** A token account, to stand where a mint belongs. */
let tokenAccount: Address;
let start: DevnetSnapshot;

beforeAll(async () => {
  // Six components, so that a recipe can name one too many.
  ({ devnet, world } = await startWorld("launch-refusals", 6));
  creator = await generateKeyPairSigner();
  devnet.airdrop(creator.address, 1_000n * SOL);
  mints = world.components.map((component) => component.mint);
  tokenAccount = await world.tokenAccountOf(world.faucet.address, mints[0]!);
  start = devnet.snapshot();
});

beforeEach(() => devnet.restore(start));

/** A valid create of three components; tests change one thing. Quantities are not priced: the program only bounds them. */
function validArgs(seed = 1n): CreateLaunchArgs {
  return {
    creator: creator.address,
    seed,
    ...defaultCurveParameters,
    kind: "pairs",
    dnaUnitLamportsE9: SOL,
    components: recipe(mints.slice(0, 3), [3_334, 3_333, 3_333]),
    symbol: "BSKT",
    name: "Basket",
    uri: "https://example.invalid/basket.json",
  };
}

function recipe(componentMints: readonly Address[], weights: readonly number[]) {
  return componentMints.map((mint, i) => ({ mint, targetBps: weights[i]!, quantity: 1_000_000n }));
}

/** A create of `args` over `accounts` (by default the ones derived from `args`), and its sending by the creator. */
async function sendCreate(args: CreateLaunchArgs, accounts?: LaunchAccounts) {
  const derived =
    accounts ??
    (await deriveLaunchAccounts(
      args.creator,
      args.seed,
      args.components.map((c) => c.mint),
    ));
  const instruction = getCreateLaunchInstruction({ ...derived, ...args });
  return { derived, instruction, send: () => run(devnet, creator, [instruction], { computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS }) };
}

/** Every account a create names, the payer and the component mints included. */
function createWatchlist(accounts: LaunchAccounts, payer: Address): Address[] {
  const { launch, mint, migrationVault, curve, curvePrimaryVault, componentVaults } = accounts;
  return [payer, launch, mint, migrationVault, curve, curvePrimaryVault, ...componentVaults.flatMap((c) => [c.mint, c.vault])];
}

/** Runs `send`, expects program error `code`, and that nothing but `payer`'s fee changed among `watched`. */
async function expectRefused(code: number, send: () => Promise<SendResult>, watched: readonly Address[], payer: Address) {
  const before = accountImages(devnet, [...new Set(watched)]);
  expect(outcomeOf(await send())).toBe(code);
  expect(accountImages(devnet, [...before.keys()])).toEqual(afterFee(before, payer));
}

describe("launch create refusals", () => {
  it.each<[string, number, (args: CreateLaunchArgs) => Partial<CreateLaunchArgs>]>([
    ["a lowercase symbol", ProgramErrorCode.InvalidMetadata, () => ({ symbol: "bskt" })],
    ["a one-character symbol", ProgramErrorCode.InvalidMetadata, () => ({ symbol: "B" })],
    ["an 11-character symbol", ProgramErrorCode.InvalidMetadata, () => ({ symbol: "ABCDEFGHIJK" })],
    ["an empty name", ProgramErrorCode.InvalidMetadata, () => ({ name: "" })],
    ["a 65-byte name", ProgramErrorCode.InvalidMetadata, () => ({ name: "n".repeat(65) })],
    ["a 129-byte uri", ProgramErrorCode.InvalidMetadata, () => ({ uri: "u".repeat(129) })],
    ["weights summing to 9,999", ProgramErrorCode.InvalidRecipe, () => ({ components: recipe(mints.slice(0, 3), [3_333, 3_333, 3_333]) })],
    ["a zero weight", ProgramErrorCode.InvalidRecipe, () => ({ components: recipe(mints.slice(0, 3), [5_000, 5_000, 0]) })],
    [
      "a zero quantity",
      ProgramErrorCode.InvalidRecipe,
      (a) => ({ components: a.components.map((c, i) => ({ ...c, quantity: i === 1 ? 0n : c.quantity })) }),
    ],
    ["the same mint twice", ProgramErrorCode.InvalidRecipe, () => ({ components: recipe([mints[0]!, mints[0]!], [5_000, 5_000]) })],
    ["no component", ProgramErrorCode.InvalidRecipe, () => ({ components: [] })],
    [
      "six components",
      ProgramErrorCode.InvalidRecipe,
      () => ({ components: recipe(mints.slice(0, 6), [1_667, 1_667, 1_667, 1_667, 1_666, 1_666]) }),
    ],
    [
      "a wallet in place of a component mint",
      ProgramErrorCode.WrongAccountOwner,
      () => ({ components: recipe([world.faucet.address, ...mints.slice(1, 3)], [3_334, 3_333, 3_333]) }),
    ],
    [
      "a token account in place of a component mint",
      ProgramErrorCode.WrongAccountType,
      () => ({ components: recipe([tokenAccount, ...mints.slice(1, 3)], [3_334, 3_333, 3_333]) }),
    ],
    ["a fee of 2,001 bps", ProgramErrorCode.InvalidFee, () => ({ feeBps: 2_001 })],
    ["a creator fee share of 10,001 bps", ProgramErrorCode.InvalidFee, () => ({ creatorFeeShareBps: 10_001 })],
    ["virtualPrimary equal to the curve inventory", ProgramErrorCode.InvalidCurveParameters, (a) => ({ virtualPrimary: a.curveInventory })],
    [
      "virtualPrimary below the curve inventory",
      ProgramErrorCode.InvalidCurveParameters,
      (a) => ({ virtualPrimary: a.curveInventory - 1n }),
    ],
    ["a zero virtualDna", ProgramErrorCode.InvalidCurveParameters, () => ({ virtualDna: 0n })],
    ["a zero curve inventory", ProgramErrorCode.InvalidCurveParameters, () => ({ curveInventory: 0n })],
    ["a zero migration inventory", ProgramErrorCode.InvalidCurveParameters, () => ({ migrationInventory: 0n })],
    [
      "a supply over 2^64",
      ProgramErrorCode.InvalidCurveParameters,
      () => ({ curveInventory: 2n ** 63n, migrationInventory: 2n ** 63n, virtualPrimary: U64_MAX }),
    ],
    ["10 decimals", ProgramErrorCode.InvalidCurveParameters, () => ({ decimals: 10 })],
  ])("refuses %s", async (_, code, change) => {
    const base = validArgs();
    const { derived, send } = await sendCreate({ ...base, ...change(base) });
    await expectRefused(code, send, createWatchlist(derived, creator.address), creator.address);
  });

  it.each<[string, (args: CreateLaunchArgs) => Partial<CreateLaunchArgs>]>([
    ["the unchanged arguments", () => ({})],
    ["a 2-character symbol of digits", () => ({ symbol: "42" })],
    ["a 10-character symbol", () => ({ symbol: "ABCDEFGHI0" })],
    ["a 64-byte name and a 128-byte uri", () => ({ name: "n".repeat(64), uri: "u".repeat(128) })],
    ["an empty uri", () => ({ uri: "" })],
    ["one component", () => ({ components: recipe(mints.slice(0, 1), [10_000]) })],
    ["five components", () => ({ components: recipe(mints.slice(0, 5), [2_000, 2_000, 2_000, 2_000, 2_000]) })],
    ["a fee of 2,000 bps and a creator share of 10,000 bps", () => ({ feeBps: 2_000, creatorFeeShareBps: 10_000 })],
    ["virtualPrimary one above the curve inventory", (a) => ({ virtualPrimary: a.curveInventory + 1n })],
    ["the collectibles kind", () => ({ kind: "collectibles" })],
  ])("accepts %s (the bounds just inside the refusals)", async (_, change) => {
    const base = validArgs();
    const { send } = await sendCreate({ ...base, ...change(base) });
    expect(outcomeOf(await send())).toBe("ok");
  });

  it("refuses a kind that is neither pairs nor collectibles (InvalidKind)", async () => {
    const { derived, instruction } = await sendCreate(validArgs());
    const data = Uint8Array.from(instruction.data);
    data[15] = 2; // the kind byte (launch.c decode_create)
    const send = () => run(devnet, creator, [{ ...instruction, data }], { computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS });
    await expectRefused(ProgramErrorCode.InvalidKind, send, createWatchlist(derived, creator.address), creator.address);
  });

  it("refuses a second create by the same creator with the same seed (AlreadyInitialized)", async () => {
    const first = await sendCreate(validArgs());
    expect(outcomeOf(await first.send())).toBe("ok");
    devnet.advanceSlots(1); // a new blockhash, so the second create is a new transaction
    const second = await sendCreate({ ...validArgs(), name: "Basket again" });
    await expectRefused(
      ProgramErrorCode.AlreadyInitialized,
      second.send,
      createWatchlist(second.derived, creator.address),
      creator.address,
    );
  });

  it("refuses a launch address that is not derived from the creator and seed (WrongAccount)", async () => {
    const args = validArgs();
    const stranger = await generateKeyPairSigner();
    // Every address is derived consistently, but for another creator than the signer.
    const foreign = await deriveLaunchAccounts(
      stranger.address,
      args.seed,
      args.components.map((c) => c.mint),
    );
    const { send } = await sendCreate(args, foreign);
    await expectRefused(ProgramErrorCode.WrongAccount, send, createWatchlist(foreign, creator.address), creator.address);
  });

  it("refuses a primary mint that is not derived from the launch (WrongAccount)", async () => {
    const args = validArgs();
    const derived = await deriveLaunchAccounts(
      args.creator,
      args.seed,
      args.components.map((c) => c.mint),
    );
    const otherLaunch = await deriveLaunchAccounts(
      args.creator,
      2n,
      args.components.map((c) => c.mint),
    );
    const { send } = await sendCreate(args, { ...derived, mint: otherLaunch.mint, mintBump: otherLaunch.mintBump });
    await expectRefused(
      ProgramErrorCode.WrongAccount,
      send,
      createWatchlist(derived, creator.address).concat(otherLaunch.mint),
      creator.address,
    );
  });

  it("refuses a create the creator did not sign, even when another key pays (MissingSignature)", async () => {
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, 10n * SOL);
    const { derived, instruction } = await sendCreate(validArgs());
    const unsigned = {
      ...instruction,
      accounts: instruction.accounts.map((meta, i) => (i === 0 ? { ...meta, role: AccountRole.WRITABLE } : meta)),
    };
    const send = () => run(devnet, payer, [unsigned], { computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS });
    await expectRefused(ProgramErrorCode.MissingSignature, send, createWatchlist(derived, payer.address), payer.address);
  });
});

describe("migrate refusals", () => {
  let launched: LaunchedLaunch;
  let keeper: KeyPairSigner;

  beforeEach(async () => {
    launched = await launch(world, creator);
    keeper = await generateKeyPairSigner();
    devnet.airdrop(keeper.address, 10n * SOL);
  });

  async function migrateWatchlist(index: number): Promise<Address[]> {
    const accounts = await deriveMigrateAccounts(launched.accounts.launch, launched.componentMints[index]!);
    return [keeper.address, ...Object.values(accounts).filter((value): value is Address => typeof value === "string")];
  }

  const step = (index: number) => () => migrate(world, keeper, launched, index);

  it("refuses to migrate a launch whose curve is still bonding (CurveNotComplete)", async () => {
    await expectRefused(ProgramErrorCode.CurveNotComplete, step(0), await migrateWatchlist(0), keeper.address);
    expect(readLaunch(devnet, launched).status).toBe("activeBonding");
  });

  it("refuses to migrate a component twice (ComponentAlreadyMigrated)", async () => {
    await sellOut(world, launched);
    expect(outcomeOf(await step(0)())).toBe("ok");
    devnet.advanceSlots(1); // a new blockhash, so the retry is a new transaction
    await expectRefused(ProgramErrorCode.ComponentAlreadyMigrated, step(0), await migrateWatchlist(0), keeper.address);
  });

  it("refuses a migration step once the launch graduated (InvalidStatus)", async () => {
    await sellOut(world, launched);
    for (const index of [0, 1, 2]) expect(outcomeOf(await step(index)())).toBe("ok");
    expect(readLaunch(devnet, launched).status).toBe("graduated");
    devnet.advanceSlots(1); // a new blockhash, so the retry is a new transaction
    await expectRefused(ProgramErrorCode.InvalidStatus, step(0), await migrateWatchlist(0), keeper.address);
  });

  it("refuses a step naming the curve in place of the launch (WrongAccountOwner)", async () => {
    await sellOut(world, launched);
    const accounts = await deriveMigrateAccounts(launched.accounts.launch, launched.componentMints[0]!);
    const send = () =>
      run(devnet, keeper, [getMigrateInstruction({ ...accounts, launch: accounts.curve, payer: keeper.address, componentIndex: 0 })]);
    await expectRefused(ProgramErrorCode.WrongAccountOwner, send, await migrateWatchlist(0), keeper.address);
  });

  it("refuses a step whose accounts belong to another component (WrongAccount)", async () => {
    await sellOut(world, launched);
    const accounts = await deriveMigrateAccounts(launched.accounts.launch, launched.componentMints[0]!);
    const send = () => run(devnet, keeper, [getMigrateInstruction({ ...accounts, payer: keeper.address, componentIndex: 1 })]);
    await expectRefused(
      ProgramErrorCode.WrongAccount,
      send,
      [...(await migrateWatchlist(0)), ...(await migrateWatchlist(1))],
      keeper.address,
    );
  });
});
