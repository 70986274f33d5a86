import { AccountRole, type Address, type KeyPairSigner, generateKeyPairSigner, getU64Encoder, isSignerRole } from "@solana/kit";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Devnet, DevnetSnapshot } from "../../chain/devnet.ts";
import { U64_MAX } from "../../economics/index.ts";
import {
  CURVE_INSTRUCTION_TAG,
  CURVE_PROGRAM_ADDRESS,
  LAUNCH_INSTRUCTION_TAG,
  LAUNCH_PROGRAM_ADDRESS,
  NATIVE_MINT_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  type ProgramInstruction,
  ProgramErrorCode,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  type TradeAccounts,
  deriveMigrateAccounts,
  deriveSwapAccounts,
  getBuyExactOutInstruction,
  getMigrateInstruction,
  getSwapInstruction,
} from "../../programs/index.ts";
import type { GenesisWorld } from "../genesis-world.ts";
import {
  type LaunchedLaunch,
  WHALE_COMPONENTS,
  accountImages,
  afterFee,
  launch,
  outcomeOf,
  run,
  sellOut,
  startWorld,
  tradeAccounts,
  trader,
} from "./world-fixture.ts";

/**
 * The refusals every program shares — instruction data it cannot read, too few or too many
 * accounts — and the instructions only another of our programs may send (curve initialize
 * and release, launch mark-complete), sent by a user instead.
 */

const SOL = 1_000_000_000n;

let devnet: Devnet;
let world: GenesisWorld;
let creator: KeyPairSigner;
let launched: LaunchedLaunch;
let wallet: KeyPairSigner;
let trade: TradeAccounts;
let start: DevnetSnapshot;

beforeAll(async () => {
  ({ devnet, world } = await startWorld("instruction-refusals", 3));
  creator = await generateKeyPairSigner();
  devnet.airdrop(creator.address, 100n * SOL);
  launched = await launch(world, creator);
  wallet = await trader(world, launched, WHALE_COMPONENTS);
  trade = await tradeAccounts(wallet, launched);
  start = devnet.snapshot();
});

beforeEach(() => devnet.restore(start));

type Build = () => ProgramInstruction | Promise<ProgramInstruction>;

const bare = (programAddress: Address, data: readonly number[], accounts: ProgramInstruction["accounts"] = []): ProgramInstruction => ({
  programAddress,
  accounts,
  data: Uint8Array.from(data),
});

const readonly = (address: Address) => ({ address, role: AccountRole.READONLY });
const writable = (address: Address) => ({ address, role: AccountRole.WRITABLE });

/** `instruction` with its data cut to `length` bytes. */
const cutData = (instruction: ProgramInstruction, length: number): ProgramInstruction => ({
  ...instruction,
  data: instruction.data.slice(0, length),
});

/** `instruction` naming only its first `count` accounts. */
const cutAccounts = (instruction: ProgramInstruction, count: number): ProgramInstruction => ({
  ...instruction,
  accounts: instruction.accounts.slice(0, count),
});

/** One account named 33 times: one more than a program reads (sdk.h MAX_ACCOUNTS). */
const thirtyThreeAccounts = (programAddress: Address, tag: number) =>
  bare(
    programAddress,
    [tag],
    Array.from({ length: 33 }, () => readonly(TOKEN_PROGRAM_ADDRESS)),
  );

const buy = () => getBuyExactOutInstruction({ ...trade, amount: 10n ** 9n, maxDnaIn: U64_MAX });
const swap = async () => {
  const venue = world.components[0]!.venue;
  return getSwapInstruction({
    ...(await deriveSwapAccounts(wallet.address, venue.pool, world.components[0]!.mint, NATIVE_MINT_ADDRESS)),
    amountIn: 1_000n,
    minOut: 0n,
  });
};
const migrateStep = async () =>
  getMigrateInstruction({
    ...(await deriveMigrateAccounts(launched.accounts.launch, launched.componentMints[0]!)),
    payer: wallet.address,
    componentIndex: 0,
  });

/** Curve initialize data that passes every check before the launch signature's (curve.c `initialize`). */
function curveInitializeData(): Uint8Array {
  const data = new Uint8Array(32 + 9);
  data.set([CURVE_INSTRUCTION_TAG.initialize, 255, 255, 1]);
  data.set(getU64Encoder().encode(10n), 8); // virtual primary
  data.set(getU64Encoder().encode(1n), 16); // virtual DNA
  data.set(getU64Encoder().encode(5n), 24); // inventory
  data.set(getU64Encoder().encode(1n), 33); // the component's quantity
  return data;
}

describe.each<[string, [string, number, Build][]]>([
  [
    "launch",
    [
      ["no instruction data", ProgramErrorCode.InvalidInstruction, () => bare(LAUNCH_PROGRAM_ADDRESS, [])],
      ["an unknown tag", ProgramErrorCode.InvalidInstruction, () => bare(LAUNCH_PROGRAM_ADDRESS, [9])],
      [
        "a create shorter than its fixed header",
        ProgramErrorCode.InvalidInstruction,
        () => cutData(launched.instruction as ProgramInstruction, 60),
      ],
      [
        "a create naming fewer accounts than its recipe needs",
        ProgramErrorCode.NotEnoughAccounts,
        () => cutAccounts(launched.instruction as ProgramInstruction, 14),
      ],
      ["a migrate naming 13 accounts", ProgramErrorCode.NotEnoughAccounts, async () => cutAccounts(await migrateStep(), 13)],
      ["a migrate with its data cut short", ProgramErrorCode.InvalidInstruction, async () => cutData(await migrateStep(), 4)],
      ["33 accounts", ProgramErrorCode.TooManyAccounts, () => thirtyThreeAccounts(LAUNCH_PROGRAM_ADDRESS, LAUNCH_INSTRUCTION_TAG.create)],
      // Only the curve program can sign for a curve: a user cannot complete a launch.
      [
        "a mark-complete sent by a user, not by the curve",
        ProgramErrorCode.MissingSignature,
        () =>
          bare(
            LAUNCH_PROGRAM_ADDRESS,
            [LAUNCH_INSTRUCTION_TAG.markComplete],
            [readonly(launched.accounts.curve), writable(launched.accounts.launch)],
          ),
      ],
    ],
  ],
  [
    "curve",
    [
      ["no instruction data", ProgramErrorCode.InvalidInstruction, () => bare(CURVE_PROGRAM_ADDRESS, [])],
      ["an unknown tag", ProgramErrorCode.InvalidInstruction, () => bare(CURVE_PROGRAM_ADDRESS, [9])],
      ["a buy with its data cut short", ProgramErrorCode.InvalidInstruction, () => cutData(buy(), 16)],
      ["a buy naming 6 accounts", ProgramErrorCode.NotEnoughAccounts, () => cutAccounts(buy(), 6)],
      ["a buy naming none of its component accounts", ProgramErrorCode.NotEnoughAccounts, () => cutAccounts(buy(), 7)],
      [
        "33 accounts",
        ProgramErrorCode.TooManyAccounts,
        () => thirtyThreeAccounts(CURVE_PROGRAM_ADDRESS, CURVE_INSTRUCTION_TAG.buyExactOut),
      ],
      // Only the launch program can sign for a launch: a user cannot open a curve or take its reserve.
      [
        "an initialize sent by a user, not by a launch",
        ProgramErrorCode.MissingSignature,
        () =>
          bare(
            CURVE_PROGRAM_ADDRESS,
            [...curveInitializeData()],
            [
              { address: wallet.address, role: AccountRole.WRITABLE_SIGNER },
              readonly(launched.accounts.launch),
              ...[launched.accounts.curve, launched.accounts.mint, launched.accounts.curvePrimaryVault].map(writable),
              readonly(SYSTEM_PROGRAM_ADDRESS),
              readonly(TOKEN_PROGRAM_ADDRESS),
              readonly(launched.componentMints[0]!),
              writable(launched.accounts.componentVaults[0]!.vault),
            ],
          ),
      ],
      [
        "a release of a component's reserve sent by a user, not by the launch",
        ProgramErrorCode.MissingSignature,
        async () => {
          await sellOut(world, launched); // a completed curve: the launch's own release would pay out here
          return bare(
            CURVE_PROGRAM_ADDRESS,
            [CURVE_INSTRUCTION_TAG.release, 0],
            [
              readonly(launched.accounts.launch),
              writable(launched.accounts.curve),
              writable(trade.components[0]!.vault),
              writable(trade.components[0]!.traderAccount),
              readonly(TOKEN_PROGRAM_ADDRESS),
            ],
          );
        },
      ],
    ],
  ],
  [
    "pool",
    [
      ["no instruction data", ProgramErrorCode.InvalidInstruction, () => bare(POOL_PROGRAM_ADDRESS, [])],
      ["an unknown tag", ProgramErrorCode.InvalidInstruction, () => bare(POOL_PROGRAM_ADDRESS, [9])],
      ["a swap with its data cut short", ProgramErrorCode.InvalidInstruction, async () => cutData(await swap(), 16)],
      ["a swap naming 6 accounts", ProgramErrorCode.NotEnoughAccounts, async () => cutAccounts(await swap(), 6)],
      ["33 accounts", ProgramErrorCode.TooManyAccounts, () => thirtyThreeAccounts(POOL_PROGRAM_ADDRESS, 2)],
    ],
  ],
])("%s program", (_, cases) => {
  it.each(cases)("refuses %s", async (_, code, build) => {
    const instruction = await build();
    const watched = [...new Set([wallet.address, ...instruction.accounts.map((meta) => meta.address)])];
    const before = accountImages(devnet, watched);
    // The create cases still name the creator as a signer.
    const signers = instruction.accounts.some((meta) => meta.address === creator.address && isSignerRole(meta.role)) ? [creator] : [];
    expect(outcomeOf(await run(devnet, wallet, [instruction], { signers }))).toBe(code);
    expect(accountImages(devnet, watched)).toEqual(afterFee(before, wallet.address, 1 + signers.length));
  });
});
