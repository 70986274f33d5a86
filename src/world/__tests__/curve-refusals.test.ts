import { AccountRole, type Address, type KeyPairSigner, type Transaction, generateKeyPairSigner, signBytes } from "@solana/kit";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Devnet, DevnetSnapshot, SendResult } from "../../chain/devnet.ts";
import { signInstructions } from "../../chain/sign-instructions.ts";
import {
  U64_MAX,
  defaultCurveParameters,
  buyExactIn as predictBuyExactIn,
  buyExactOut as predictBuyExactOut,
  sell as predictSell,
} from "../../economics/index.ts";
import {
  type DerivedTradeAccounts,
  ProgramErrorCode,
  type TradeAccounts,
  deriveLaunchAccounts,
  deriveTradeAccounts,
  getBuyExactOutInstruction,
  getCreateLaunchInstruction,
  getSellInstruction,
} from "../../programs/index.ts";
import type { GenesisWorld } from "../genesis-world.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS } from "../launch-factory.ts";
import {
  type LaunchedLaunch,
  WHALE_COMPONENTS,
  accountImages,
  afterFee,
  buyExactIn,
  buyExactOut,
  launch,
  outcomeOf,
  primaryAccountSetup,
  readCurve,
  run,
  sell,
  sellOut,
  startWorld,
  tradeAccounts,
  trader,
} from "./world-fixture.ts";

const SOL = 1_000_000_000n;
/** Launch base units the trader holds when each test starts: a million tokens. */
const HELD = 10n ** 12n;

let devnet: Devnet;
let world: GenesisWorld;
let creator: KeyPairSigner;
let launched: LaunchedLaunch;
/** A second launch of the same recipe: its curve, vaults and record belong to someone else. */
let other: LaunchedLaunch;
let wallet: KeyPairSigner;
let accounts: DerivedTradeAccounts;
let stranger: KeyPairSigner;
let start: DevnetSnapshot;

beforeAll(async () => {
  // Four components: the launch uses three, the fourth is "another mint".
  ({ devnet, world } = await startWorld("curve-refusals", 4));
  creator = await generateKeyPairSigner();
  devnet.airdrop(creator.address, 100n * SOL);
  launched = await launch(world, creator);
  other = await launch(world, creator, { seed: 2n });
  wallet = await trader(world, launched, WHALE_COMPONENTS);
  await world.fund(wallet.address, { components: [{ mint: world.components[3]!.mint, amount: 1_000_000n }] });
  expect(outcomeOf(await buyExactOut(world, wallet, launched, HELD, U64_MAX))).toBe("ok");
  accounts = await tradeAccounts(wallet, launched);
  stranger = await trader(world, launched, 1_000_000n);
  start = devnet.snapshot();
});

beforeEach(() => devnet.restore(start));

/** Every account a trade names: the trader's wallet and token accounts, the curve, its vaults, the launch. */
function tradeWatchlist(trade: TradeAccounts): Address[] {
  return [
    trade.trader,
    trade.launch,
    trade.curve,
    trade.primaryVault,
    trade.traderPrimaryAccount,
    ...trade.components.flatMap((component) => [component.traderAccount, component.vault]),
  ];
}

/**
 * Runs `attempt` and asserts it failed on chain with `code` and changed nothing: every
 * account of the default trade (plus `watch`) is byte for byte as before, except the fee
 * `payer` paid for the failed transaction.
 */
async function expectRefused(
  code: number,
  attempt: () => Promise<SendResult>,
  { payer = wallet, watch = [] }: { payer?: KeyPairSigner; watch?: readonly Address[] } = {},
): Promise<void> {
  const mints = [accounts.primaryMint, ...accounts.components.map((component) => component.mint)];
  const watched = new Set([payer.address, ...tradeWatchlist(accounts), ...mints, ...watch]);
  const before = accountImages(devnet, [...watched]);
  expect(outcomeOf(await attempt())).toBe(code);
  expect(accountImages(devnet, [...before.keys()])).toEqual(afterFee(before, payer.address));
}

/** A buy of 1,000 tokens over `trade`'s accounts, sent by the wallet. */
function buyOver(trade: TradeAccounts): Promise<SendResult> {
  return run(devnet, wallet, [getBuyExactOutInstruction({ ...trade, amount: 10n ** 9n, maxDnaIn: U64_MAX })]);
}

describe("curve refusals: amounts, balances and completion", () => {
  it.each([
    ["a buy of exactly 0 tokens", () => buyExactOut(world, wallet, launched, 0n, U64_MAX)],
    // One base unit costs 1 DNA unit plus a fee rounded up to 1: a budget of 1 buys nothing.
    ["a buy whose budget cannot pay for one base unit", () => buyExactIn(world, wallet, launched, 1n, 0n)],
    ["a sell of 0 tokens", () => sell(world, wallet, launched, 0n, 0n)],
    // One base unit is worth ⌊vD/(vP+1)⌋ = 0 DNA units.
    ["a sell too small to pay out one DNA unit", () => sell(world, wallet, launched, 1n, 0n)],
  ])("refuses %s with ZeroAmount", async (_, attempt) => {
    await expectRefused(ProgramErrorCode.ZeroAmount, attempt);
  });

  it("refuses a buy exact out whose maxDnaIn is one below cost plus fee, and accepts exactly cost plus fee", async () => {
    const amount = 5n * 10n ** 11n;
    const predicted = predictBuyExactOut(readCurve(devnet, launched), amount, U64_MAX, null);
    if (!predicted.ok) throw new Error(`unexpected prediction ${predicted.error}`);
    const costPlusFee = predicted.trade.traderDna;
    await expectRefused(ProgramErrorCode.SlippageExceeded, () => buyExactOut(world, wallet, launched, amount, costPlusFee - 1n));
    expect(outcomeOf(await buyExactOut(world, wallet, launched, amount, costPlusFee))).toBe("ok");
  });

  it("refuses a buy exact in whose minOut is one above what the budget buys, and accepts exactly that", async () => {
    const budget = 3n * SOL;
    const predicted = predictBuyExactIn(readCurve(devnet, launched), budget, 0n, null);
    if (!predicted.ok) throw new Error(`unexpected prediction ${predicted.error}`);
    const bought = predicted.trade.primaryAmount;
    await expectRefused(ProgramErrorCode.SlippageExceeded, () => buyExactIn(world, wallet, launched, budget, bought + 1n));
    expect(outcomeOf(await buyExactIn(world, wallet, launched, budget, bought))).toBe("ok");
    expect(readCurve(devnet, launched).inventoryRemaining).toBe(predicted.next.inventoryRemaining);
  });

  it("refuses a sell whose minDnaOut is one above the net output, and accepts exactly the net", async () => {
    const predicted = predictSell(readCurve(devnet, launched), HELD, 0n, HELD);
    if (!predicted.ok) throw new Error(`unexpected prediction ${predicted.error}`);
    const net = predicted.trade.traderDna;
    await expectRefused(ProgramErrorCode.SlippageExceeded, () => sell(world, wallet, launched, HELD, net + 1n));
    expect(outcomeOf(await sell(world, wallet, launched, HELD, net))).toBe("ok");
  });

  it("refuses a sell of one token more than the trader holds (InsufficientTokens), and accepts all it holds", async () => {
    await expectRefused(ProgramErrorCode.InsufficientTokens, () => sell(world, wallet, launched, HELD + 1n, 0n));
    expect(outcomeOf(await sell(world, wallet, launched, HELD, 0n))).toBe("ok");
  });

  it("refuses a buy when the trader is one base unit short of a component (InsufficientComponents)", async () => {
    const amount = 10n ** 11n;
    const predicted = predictBuyExactOut(readCurve(devnet, launched), amount, U64_MAX, null);
    if (!predicted.ok) throw new Error(`unexpected prediction ${predicted.error}`);
    const deposits = predicted.trade.componentAmounts;
    const short = await generateKeyPairSigner();
    await world.fund(short.address, {
      lamports: SOL,
      // Exactly the deposits, but the last component one base unit short.
      components: launched.componentMints.map((mint, i) => ({ mint, amount: deposits[i]! - (i === deposits.length - 1 ? 1n : 0n) })),
    });
    const shortAccounts = await tradeAccounts(short, launched);
    await expectRefused(ProgramErrorCode.InsufficientComponents, () => buyExactOut(world, short, launched, amount, U64_MAX), {
      payer: short,
      watch: tradeWatchlist(shortAccounts),
    });
    await world.fund(short.address, { components: [{ mint: launched.componentMints.at(-1)!, amount: 1n }] });
    devnet.advanceSlots(1); // a new blockhash: the same buy again is a new transaction, not a duplicate
    expect(outcomeOf(await buyExactOut(world, short, launched, amount, U64_MAX))).toBe("ok");
  });

  it.each([
    ["buy exact out", () => buyExactOut(world, wallet, launched, 1n, U64_MAX)],
    ["buy exact in", () => buyExactIn(world, wallet, launched, SOL, 0n)],
    ["sell", () => sell(world, wallet, launched, 1_000_000n, 0n)],
  ])("refuses a %s once the curve has sold out (CurveComplete)", async (_, attempt) => {
    await sellOut(world, launched);
    await expectRefused(ProgramErrorCode.CurveComplete, attempt);
  });
});

describe("curve refusals: accounts and signers", () => {
  it("accepts the unmodified accounts (the control for every substitution below)", async () => {
    expect(outcomeOf(await buyOver(accounts))).toBe("ok");
  });

  it.each<[string, number, () => Promise<TradeAccounts>]>([
    [
      "a component vault of another curve",
      ProgramErrorCode.WrongAccount,
      async () => withComponent(0, { vault: (await otherAccounts()).components[0]!.vault }),
    ],
    [
      "another component's vault of this curve",
      ProgramErrorCode.WrongAccount,
      async () => withComponent(0, { vault: accounts.components[1]!.vault }),
    ],
    [
      "the primary vault of another curve",
      ProgramErrorCode.WrongAccount,
      async () => ({ ...accounts, primaryVault: (await otherAccounts()).primaryVault }),
    ],
    ["another curve's launch", ProgramErrorCode.WrongAccount, async () => ({ ...accounts, launch: other.accounts.launch })],
    [
      "a component account of someone else",
      ProgramErrorCode.WrongAccount,
      async () => withComponent(0, { traderAccount: (await tradeAccounts(stranger, launched)).components[0]!.traderAccount }),
    ],
    [
      "a component account of another mint",
      ProgramErrorCode.WrongMint,
      async () => withComponent(0, { traderAccount: await world.tokenAccountOf(wallet.address, world.components[3]!.mint) }),
    ],
    [
      "a component account in place of the launch-token account",
      ProgramErrorCode.WrongMint,
      async () => ({ ...accounts, traderPrimaryAccount: accounts.components[0]!.traderAccount }),
    ],
    // An address with no token account holds none of the component: the buy cannot deposit it.
    [
      "a wallet in place of a token account",
      ProgramErrorCode.InsufficientComponents,
      async () => withComponent(0, { traderAccount: stranger.address }),
    ],
    ["the launch record in place of the curve", ProgramErrorCode.WrongAccountOwner, async () => ({ ...accounts, curve: accounts.launch })],
    [
      "a mint in place of a token account",
      ProgramErrorCode.WrongAccountType,
      async () => withComponent(0, { traderAccount: accounts.components[0]!.mint }),
    ],
  ])("refuses a buy naming %s", async (_, code, substitute) => {
    const trade = await substitute();
    await expectRefused(code, () => buyOver(trade), { watch: tradeWatchlist(trade) });
  });

  it("refuses a sell paying a component into an address with no token account (WrongAccountOwner)", async () => {
    const nobody = await generateKeyPairSigner();
    const uncreated = await world.tokenAccountOf(nobody.address, launched.componentMints[0]!);
    const trade = withComponent(0, { traderAccount: uncreated });
    await expectRefused(
      ProgramErrorCode.WrongAccountOwner,
      () => run(devnet, wallet, [getSellInstruction({ ...trade, amount: 10n ** 6n, minDnaOut: 0n })]),
      {
        watch: tradeWatchlist(trade),
      },
    );
  });

  it("refuses a buy whose trader did not sign, even though another key paid the fee (MissingSignature)", async () => {
    const payer = await generateKeyPairSigner();
    devnet.airdrop(payer.address, SOL);
    const buy = getBuyExactOutInstruction({ ...accounts, amount: 10n ** 9n, maxDnaIn: U64_MAX });
    const unsigned = {
      ...buy,
      accounts: buy.accounts.map((meta) => (meta.address === wallet.address ? { ...meta, role: AccountRole.READONLY } : meta)),
    };
    await expectRefused(ProgramErrorCode.MissingSignature, () => run(devnet, payer, [unsigned]), { payer });
  });

  it("refuses a buy whose component deposit does not fit in 64 bits (MathOverflow)", async () => {
    const mint = world.components[0]!.mint;
    const seed = 9n;
    const created = await deriveLaunchAccounts(creator.address, seed, [mint]);
    const create = getCreateLaunchInstruction({
      ...created,
      ...defaultCurveParameters,
      creator: creator.address,
      seed,
      kind: "pairs",
      dnaUnitLamportsE9: SOL,
      // The program bounds quantities only by being non-zero.
      components: [{ mint, targetBps: 10_000, quantity: U64_MAX - 1n }],
      symbol: "HUGE",
      name: "Huge quantity",
      uri: "",
    });
    expect(outcomeOf(await run(devnet, creator, [create], { computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS }))).toBe("ok");
    const trade = await deriveTradeAccounts(wallet.address, created.launch, [mint]);
    // 10^14 base units cost about 3·10^9 DNA units; times the quantity, over 2^64·10^9.
    const buy = (amount: bigint) =>
      run(devnet, wallet, [primaryAccountSetup(wallet, trade), getBuyExactOutInstruction({ ...trade, amount, maxDnaIn: U64_MAX })]);
    await expectRefused(ProgramErrorCode.MathOverflow, () => buy(10n ** 14n), { watch: tradeWatchlist(trade) });
    // The same launch takes a buy small enough for its deposit to fit.
    expect(outcomeOf(await buy(10n ** 6n))).toBe("ok");
  });
});

describe("curve buys refused before they run", () => {
  const buyTransaction = (amount: bigint): Promise<Transaction> =>
    signInstructions({
      feePayer: wallet,
      instructions: [getBuyExactOutInstruction({ ...accounts, amount, maxDnaIn: U64_MAX })],
      lifetime: devnet.latestBlockhash(),
    });

  it("refuses a buy signed by the wrong key (SignatureFailure), charging nobody", async () => {
    const impostor = await generateKeyPairSigner();
    const genuine = await buyTransaction(10n ** 9n);
    const forged: Transaction = {
      ...genuine,
      signatures: { ...genuine.signatures, [wallet.address]: await signBytes(impostor.keyPair.privateKey, genuine.messageBytes) },
    };
    const before = accountImages(devnet, tradeWatchlist(accounts));
    expect(outcomeOf(devnet.send(forged))).toBe("SignatureFailure");
    expect(accountImages(devnet, [...before.keys()])).toEqual(before);
    expect(outcomeOf(devnet.send(genuine))).toBe("ok");
  });

  it("lands a buy whose blockhash is 150 slots old and refuses one 151 slots old (blockhashNotFound), charging nobody", async () => {
    const [oldest, tooOld] = [await buyTransaction(10n ** 9n), await buyTransaction(2n * 10n ** 9n)];
    devnet.advanceSlots(150);
    expect(outcomeOf(devnet.send(oldest))).toBe("ok");
    devnet.advanceSlots(1);
    const before = accountImages(devnet, tradeWatchlist(accounts));
    expect(outcomeOf(devnet.send(tooOld))).toBe("blockhashNotFound");
    expect(accountImages(devnet, [...before.keys()])).toEqual(before);
  });
});

function withComponent(index: number, replacement: Partial<TradeAccounts["components"][number]>): TradeAccounts {
  return {
    ...accounts,
    components: accounts.components.map((component, i) => (i === index ? { ...component, ...replacement } : component)),
  };
}

function otherAccounts(): Promise<DerivedTradeAccounts> {
  return tradeAccounts(wallet, other);
}
