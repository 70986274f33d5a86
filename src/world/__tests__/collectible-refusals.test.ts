import { type AccountMeta, AccountRole, type Address, type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction, getTransferInstruction } from "@solana-program/token";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Devnet, DevnetSnapshot } from "../../chain/devnet.ts";
import { U64_MAX } from "../../economics/index.ts";
import {
  type CollectibleAccounts,
  NATIVE_MINT_ADDRESS,
  type ProgramInstruction,
  ProgramErrorCode,
  deriveCollectibleAccounts,
  deriveCollectibleFundAccounts,
  deriveCollectibleMigrateAccounts,
  deriveCollectibleSwapAccounts,
  deriveMigrateAccounts,
  findCurveVaultPda,
  getCollectibleAcquireInstruction,
  getCollectibleFundInstruction,
  getCollectibleMigrateInstruction,
  getCollectibleSwapInstruction,
  getMigrateInstruction,
  getReleaseCardInstruction,
} from "../../programs/index.ts";
import type { GenesisWorld } from "../genesis-world.ts";
import { tokenBalance } from "../token-balance.ts";
import {
  LIST_CARD_COMPUTE_UNITS,
  type ListedCollectible,
  crank,
  createCardMint,
  createCollectibleLaunch,
  fullRaiseLamports,
  listCardInstructionOf,
  listCollectible,
  listingParties,
  raiseOut,
  readCollectible,
  runOk,
  termsFor,
  usdcVenue,
  wrapSol,
} from "./collectible-fixture.ts";
import { type LaunchedLaunch, accountImages, afterFee, buyExactOut, launch, outcomeOf, run, startWorld } from "./world-fixture.ts";

const SOL = 1_000_000_000n;
const E = ProgramErrorCode;
const STAGES = ["raising", "funding", "swapping", "acquiring", "pooling", "tradable", "released"] as const;
type Stage = (typeof STAGES)[number];

let devnet: Devnet;
let world: GenesisWorld;
let creator: KeyPairSigner;
let keeper: KeyPairSigner;
/** The collectible taken through the stages; `snapshots` holds the chain at each. */
let listed: ListedCollectible;
const snapshots = new Map<Stage, DevnetSnapshot>();
/** A second listed collectible, whose record and accounts stand in for the first's. */
let other: ListedCollectible;
/** A collectibles launch (wSOL) with no card listed yet, and the parties ready to list one. */
let unlisted: Omit<ListedCollectible, "launched"> & { launched: LaunchedLaunch };
/** A collectibles launch whose curve sold out before any card was listed. */
let soldOut: LaunchedLaunch;
/** A pairs launch of USDC, and a collectibles launch whose recipe is USDC (not wSOL). */
let pairs: LaunchedLaunch;
let usdcRecipe: LaunchedLaunch;
let custodianDestination: Address;

beforeAll(async () => {
  // USDC, USDT, JUP, BONK: a second venue and mints of other decimals to stand in for USDC's.
  ({ devnet, world } = await startWorld("collectible-refusals", 4));
  [creator, keeper] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
  devnet.airdrop(creator.address, 1_000n * SOL);
  devnet.airdrop(keeper.address, 10n * SOL);

  other = await listCollectible(world, creator, 5n);
  const bare = await createCollectibleLaunch(world, creator, 3n);
  unlisted = {
    launched: bare,
    accounts: await deriveCollectibleAccounts(bare.accounts.launch),
    creator,
    ...(await listingParties(world)),
    venue: usdcVenue(world).venue,
    terms: termsFor(world, bare),
    standard: "core",
  };
  soldOut = await createCollectibleLaunch(world, creator, 4n);
  const whale = await generateKeyPairSigner();
  devnet.airdrop(whale.address, 200n * SOL);
  await wrapSol(world, whale, fullRaiseLamports(soldOut) + SOL);
  expect(outcomeOf(await buyExactOut(world, whale, soldOut, U64_MAX >> 8n, U64_MAX))).toBe("ok");
  pairs = await launch(world, creator, { seed: 6n, count: 1 });
  usdcRecipe = await launch(world, creator, { seed: 7n, count: 1, kind: "collectibles" });

  listed = await listCollectible(world, creator, 1n);
  custodianDestination = await world.tokenAccountOf(listed.custodian.address, listed.cardMint);
  await runOk(devnet, listed.custodian, [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: listed.custodian,
      ata: custodianDestination,
      owner: listed.custodian.address,
      mint: listed.cardMint,
    }),
  ]);
  snapshots.set("raising", devnet.snapshot());
  await raiseOut(world, listed);
  snapshots.set("funding", devnet.snapshot());
  for (const stage of ["swapping", "acquiring", "pooling", "tradable"] as const) {
    expect(outcomeOf((await crank(world, keeper, listed))!)).toBe("ok");
    snapshots.set(stage, devnet.snapshot());
  }
  expect(outcomeOf(await run(devnet, listed.custodian, [releaseOf(listed)]))).toBe("ok");
  snapshots.set("released", devnet.snapshot());
});

const at = (stage: Stage) => devnet.restore(snapshots.get(stage)!);

beforeEach(() => at("raising"));

/**
 * Sends `instruction` paid by `payer` (signed also by `signers`), expects program error
 * `code`, and that no account the instruction names changed but the payer's fee.
 */
async function expectRefused(
  code: number,
  instruction: ProgramInstruction,
  payer: KeyPairSigner = keeper,
  signers: readonly KeyPairSigner[] = [],
  computeUnitLimit = LIST_CARD_COMPUTE_UNITS,
): Promise<void> {
  const watched = [...new Set([payer.address, ...instruction.accounts.map((meta) => meta.address)])];
  const before = accountImages(devnet, watched);
  const result = await run(devnet, payer, [instruction], { signers, computeUnitLimit });
  expect(outcomeOf(result)).toBe(code);
  expect(accountImages(devnet, watched)).toEqual(afterFee(before, payer.address, 1 + signers.length));
}

/** `instruction` with account `index` replaced by `address` (role kept), or by a read-only non-signer of itself. */
function withAccount(instruction: ProgramInstruction, index: number, change: Address | "unsigned"): ProgramInstruction {
  const accounts = instruction.accounts.map((meta, i): AccountMeta =>
    i !== index
      ? meta
      : change === "unsigned"
        ? { ...meta, role: meta.role === AccountRole.WRITABLE_SIGNER ? AccountRole.WRITABLE : AccountRole.READONLY }
        : { ...meta, address: change },
  );
  return { ...instruction, accounts };
}

const withData = (instruction: ProgramInstruction, data: Uint8Array): ProgramInstruction => ({ ...instruction, data });
const patched = (instruction: ProgramInstruction, offset: number, byte: number) => {
  const data = Uint8Array.from(instruction.data);
  data[offset] = byte;
  return withData(instruction, data);
};
const withoutLast = (instruction: ProgramInstruction): ProgramInstruction => ({
  ...instruction,
  accounts: instruction.accounts.slice(0, -1),
});

const launchOf = (collectible: Pick<ListedCollectible, "launched">) => collectible.launched.accounts.launch;
const fundOf = async (collectible: Pick<ListedCollectible, "launched">) =>
  getCollectibleFundInstruction(await deriveCollectibleFundAccounts(launchOf(collectible)));
const swapOf = async (collectible: ListedCollectible) =>
  getCollectibleSwapInstruction(await deriveCollectibleSwapAccounts(launchOf(collectible), collectible.venue.pool, collectible.usdcMint));
const acquireOf = (collectible: ListedCollectible) =>
  getCollectibleAcquireInstruction({ ...collectible.accounts, sellerUsdc: collectible.sellerUsdc, treasuryUsdc: collectible.treasuryUsdc });
const migrateOf = async (collectible: ListedCollectible) =>
  getCollectibleMigrateInstruction({ ...(await deriveCollectibleMigrateAccounts(launchOf(collectible))), payer: keeper.address });
function releaseOf(collectible: ListedCollectible, destination = custodianDestination) {
  return getReleaseCardInstruction({
    custodian: collectible.custodian.address,
    launch: launchOf(collectible),
    collectible: collectible.accounts.collectible,
    custody: collectible.accounts.custody,
    destination,
  });
}

/** The list_card of the unlisted launch, paid by its creator and signed by its seller. */
const listUnlisted = (overrides: Parameters<typeof listCardInstructionOf>[1] = {}) => listCardInstructionOf(unlisted, overrides);
const refuseListing = (code: number, instruction: ProgramInstruction, payer = creator, signers = [unlisted.seller]) =>
  expectRefused(code, instruction, payer, signers);

describe("list_card refusals", () => {
  it("lists the unlisted launch when nothing is changed (the baseline the refusals depart from)", async () => {
    await runOk(devnet, creator, [listUnlisted()], [unlisted.seller], LIST_CARD_COMPUTE_UNITS);
    expect(readCollectible(devnet, unlisted)).toMatchObject({ stage: "raising", standard: "core", cardMint: unlisted.cardMint });
  });

  it("refuses short data and missing accounts", async () => {
    await refuseListing(E.InvalidInstruction, withData(listUnlisted(), listUnlisted().data.slice(0, 62) as Uint8Array));
    await refuseListing(E.NotEnoughAccounts, withoutLast(listUnlisted()));
  });

  it("refuses a listing the seller or the creator did not sign", async () => {
    await refuseListing(E.MissingSignature, withAccount(listUnlisted(), 1, "unsigned"), creator, []);
    await refuseListing(E.MissingSignature, withAccount(listUnlisted(), 0, "unsigned"), unlisted.seller, []);
  });

  it("refuses a creator who is not the launch's", async () => {
    await refuseListing(E.WrongAccount, listUnlisted({ creator: keeper.address }), keeper);
  });

  it("refuses a pairs launch, a collectibles launch whose recipe is not wrapped SOL alone, and a launch whose curve sold out", async () => {
    for (const [code, target] of [
      [E.NotCollectible, pairs],
      [E.InvalidRecipe, usdcRecipe],
      [E.InvalidStatus, soldOut],
    ] as const) {
      const accounts: CollectibleAccounts = await deriveCollectibleAccounts(target.accounts.launch);
      await refuseListing(code, listUnlisted(accounts));
    }
  });

  it("refuses a second listing of a listed launch (double list)", async () => {
    await refuseListing(E.AlreadyListed, listUnlisted(other.accounts));
  });

  it("refuses terms with no price, no pool share, a target not above the pool share, or an unknown standard", async () => {
    const { terms } = unlisted;
    await refuseListing(E.InvalidTerms, listUnlisted({ listedPriceUsdc: 0n }));
    await refuseListing(E.InvalidTerms, listUnlisted({ poolLamports: 0n }));
    await refuseListing(E.InvalidTerms, listUnlisted({ targetLamports: terms.poolLamports }));
    await refuseListing(E.InvalidTerms, patched(listUnlisted(), 6, 2));
  });

  it("refuses a card mint that is not supply 1 with 0 decimals, or not a mint", async () => {
    const twoCards = await createCardMint(world, unlisted.seller, { supply: 2n });
    const divisible = await createCardMint(world, unlisted.seller, { decimals: 6, supply: 1n });
    await refuseListing(E.InvalidCard, listUnlisted({ cardMint: twoCards.mint, sellerCard: twoCards.account }));
    await refuseListing(E.InvalidCard, listUnlisted({ cardMint: divisible.mint, sellerCard: divisible.account }));
    await refuseListing(E.WrongAccountType, listUnlisted({ cardMint: unlisted.sellerCard }));
  });

  it("refuses a card account that is not the seller's, holds another mint, or holds no card", async () => {
    const elsewhere = await createCardMint(world, unlisted.custodian);
    await refuseListing(E.WrongAccount, listUnlisted({ cardMint: elsewhere.mint, sellerCard: elsewhere.account }));
    await refuseListing(E.WrongMint, listUnlisted({ sellerCard: unlisted.sellerUsdc }));
    // The seller's account of a card the seller gave away.
    const given = await createCardMint(world, unlisted.seller);
    const custodianAccount = await world.tokenAccountOf(unlisted.custodian.address, given.mint);
    await runOk(devnet, unlisted.seller, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: unlisted.seller,
        ata: custodianAccount,
        owner: unlisted.custodian.address,
        mint: given.mint,
      }),
      getTransferInstruction({ source: given.account, destination: custodianAccount, authority: unlisted.seller, amount: 1n }),
    ]);
    await refuseListing(E.InsufficientTokens, listUnlisted({ cardMint: given.mint, sellerCard: given.account }));
  });

  it("refuses a native mint that is not wrapped SOL, a USDC mint of other decimals, and USDC accounts of another mint or none", async () => {
    const bonk = world.component("BONK");
    const usdt = world.component("USDT");
    await refuseListing(E.WrongAccount, withAccount(listUnlisted(), 10, unlisted.usdcMint));
    await refuseListing(E.WrongMint, listUnlisted({ usdcMint: bonk.mint }));
    await world.fund(unlisted.seller.address, { components: [{ mint: usdt.mint, amount: 0n }] });
    await refuseListing(E.WrongMint, listUnlisted({ sellerUsdc: await world.tokenAccountOf(unlisted.seller.address, usdt.mint) }));
    await refuseListing(E.WrongAccountOwner, listUnlisted({ treasuryUsdc: unlisted.treasury.address }));
  });

  it("refuses a venue that does not trade wrapped SOL against the USDC mint, or is not a pool", async () => {
    await refuseListing(E.WrongMint, listUnlisted({ venue: world.component("USDT").venue.pool }));
    await refuseListing(E.WrongAccountOwner, listUnlisted({ venue: unlisted.sellerUsdc }));
  });

  it("refuses a record or token account that is not the launch's PDA", async () => {
    const { accounts } = unlisted;
    await refuseListing(E.WrongAccount, listUnlisted({ collectible: other.accounts.collectible }));
    await refuseListing(E.WrongAccount, listUnlisted({ escrow: accounts.custody, custody: accounts.escrow }));
    await refuseListing(E.WrongAccount, listUnlisted({ funds: accounts.usdc, usdc: accounts.funds }));
    await refuseListing(E.WrongAccount, listUnlisted({ usdcBump: accounts.usdcBump - 1 }));
  });
});

/** Each crank and the stage it needs; at every other stage it is refused. */
const CRANKS = [
  ["fund", "funding", fundOf],
  ["swap", "swapping", swapOf],
  ["acquire", "acquiring", acquireOf],
  ["migrate", "pooling", migrateOf],
] as const;

describe("cranks at the wrong stage", () => {
  const cases = CRANKS.flatMap(([name, own, build]) =>
    STAGES.filter((stage) => stage !== own).map((stage) => [name, stage, build] as const),
  );
  it.each(cases)("%s at %s is refused (WrongStage) and changes nothing", async (_, stage, build) => {
    at(stage);
    await expectRefused(E.WrongStage, await build(listed));
  });

  it("release_card before the card is in custody or after it left is refused (CardNotHeld)", async () => {
    for (const stage of ["raising", "funding", "swapping", "acquiring", "released"] as const) {
      at(stage);
      await expectRefused(E.CardNotHeld, releaseOf(listed), listed.custodian);
    }
  });
});

describe("crank refusals of wrong accounts", () => {
  it("fund: a pairs launch, another collectible's record, a launch record as the collectible, the wrong curve, vault or funds, too few accounts", async () => {
    at("funding");
    const fund = await fundOf(listed);
    await expectRefused(E.NotCollectible, withAccount(fund, 0, pairs.accounts.launch));
    await expectRefused(E.WrongAccount, withAccount(fund, 1, other.accounts.collectible));
    await expectRefused(E.WrongAccountType, withAccount(fund, 1, launchOf(listed)));
    await expectRefused(E.WrongAccount, withAccount(fund, 2, other.launched.accounts.curve));
    await expectRefused(E.WrongAccount, withAccount(fund, 5, listed.accounts.usdc));
    // The curve program checks the vault: its launch-token vault is not the wSOL vault.
    await expectRefused(E.WrongAccount, withAccount(fund, 4, listed.launched.accounts.curvePrimaryVault));
    await expectRefused(E.NotEnoughAccounts, withoutLast(fund));
  });

  it("fund: a raise that does not exceed the pool's share is refused (InsufficientLiquidity)", async () => {
    const raise = fullRaiseLamports(other.launched);
    const starved = await listCollectible(world, creator, 8n, { poolLamports: raise, targetLamports: raise + 1n });
    await raiseOut(world, starved);
    await expectRefused(E.InsufficientLiquidity, await fundOf(starved));
  });

  it("swap: another venue, its vaults, the wrong funds or usdc account, too few accounts", async () => {
    at("swapping");
    const swap = await swapOf(listed);
    const usdt = world.component("USDT").venue;
    await expectRefused(E.WrongAccount, withAccount(swap, 2, usdt.pool));
    await expectRefused(E.WrongAccount, withAccount(swap, 5, listed.accounts.escrow));
    await expectRefused(E.WrongAccount, withAccount(swap, 6, listed.sellerUsdc));
    // The pool program checks its vaults.
    await expectRefused(E.WrongAccount, withAccount(swap, 3, usdt.vaultA));
    await expectRefused(E.NotEnoughAccounts, withoutLast(swap));
  });

  it("swap: a raise whose USDC falls short of the listed price is refused by the venue (SlippageExceeded)", async () => {
    const dear = await listCollectible(world, creator, 9n, { listedPriceUsdc: 10n ** 15n });
    await raiseOut(world, dear);
    expect(outcomeOf((await crank(world, keeper, dear))!)).toBe("ok");
    await expectRefused(E.SlippageExceeded, await swapOf(dear));
    expect(tokenBalance(devnet, dear.accounts.usdc)).toBe(0n);
  });

  it("acquire: the wrong escrow, custody, usdc, seller or treasury account", async () => {
    at("acquiring");
    const acquire = acquireOf(listed);
    const { accounts } = listed;
    await expectRefused(E.WrongAccount, withAccount(acquire, 2, accounts.custody));
    await expectRefused(E.WrongAccount, withAccount(acquire, 3, accounts.escrow));
    await expectRefused(E.WrongAccount, withAccount(acquire, 4, accounts.funds));
    await expectRefused(E.WrongAccount, withAccount(acquire, 5, listed.treasuryUsdc));
    await expectRefused(E.WrongAccount, withAccount(acquire, 6, listed.sellerUsdc));
    await expectRefused(E.NotEnoughAccounts, withoutLast(acquire));
  });

  it("migrate: without the collectible record (the pairs accounts), another component index, funds replaced by the curve vault, another collectible's record", async () => {
    at("pooling");
    const migrate = await migrateOf(listed);
    const pairsShape = getMigrateInstruction({
      ...(await deriveMigrateAccounts(launchOf(listed), NATIVE_MINT_ADDRESS)),
      payer: keeper.address,
      componentIndex: 0,
    });
    await expectRefused(E.NotEnoughAccounts, pairsShape);
    await expectRefused(E.InvalidInstruction, patched(migrate, 1, 1));
    const [curveVault] = await findCurveVaultPda({ curve: listed.launched.accounts.curve, mint: NATIVE_MINT_ADDRESS });
    await expectRefused(E.WrongAccount, withAccount(migrate, 10, curveVault));
    await expectRefused(E.WrongAccount, withAccount(migrate, 14, other.accounts.collectible));
  });
});

describe("release_card refusals", () => {
  it("refuses anyone but the custodian, an unsigned custodian, another custody, a destination of another mint", async () => {
    at("tradable");
    const release = releaseOf(listed);
    const { seller } = listed;
    await expectRefused(E.NotCustodian, withAccount(release, 0, seller.address), seller);
    await expectRefused(E.MissingSignature, withAccount(release, 0, "unsigned"), keeper);
    await expectRefused(E.WrongAccount, withAccount(release, 3, listed.accounts.escrow), listed.custodian);
    await expectRefused(E.WrongMint, withAccount(release, 4, listed.sellerUsdc), listed.custodian);
    await expectRefused(E.WrongAccountOwner, withAccount(release, 4, listed.custodian.address), listed.custodian);
    await expectRefused(E.NotEnoughAccounts, withoutLast(release), listed.custodian);
  });

  it("releases once: custody is empty after, and a second release is refused", async () => {
    at("tradable");
    await runOk(devnet, listed.custodian, [releaseOf(listed)]);
    expect(tokenBalance(devnet, listed.accounts.custody)).toBe(0n);
    await expectRefused(E.CardNotHeld, releaseOf(listed), listed.custodian);
  });
});
