import { type Address, type Instruction, type KeyPairSigner, generateKeyPairSigner, getBase16Decoder } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import { Devnet, type SendResult } from "../../chain/devnet.ts";
import { deriveKeyPairSigner } from "../../chain/deterministic-keys.ts";
import { signInstructions } from "../../chain/sign-instructions.ts";
import {
  type DerivedTradeAccounts,
  TOKEN_PROGRAM_ADDRESS,
  deriveMigrateAccounts,
  deriveTradeAccounts,
  getBuyExactInInstruction,
  getBuyExactOutInstruction,
  getCurveAccountDecoder,
  getLaunchAccountDecoder,
  getMigrateInstruction,
  getSellInstruction,
} from "../../programs/index.ts";
import { U64_MAX } from "../../economics/index.ts";
import { GenesisWorld } from "../genesis-world.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS, type LaunchRequest, type PreparedLaunch, prepareLaunch } from "../launch-factory.ts";
import { tokenBalance } from "../token-balance.ts";

const SOL = 1_000_000_000n;

/** A seeded world with a funded creator; every test file builds its own. */
export async function startWorld(seed = "tests", componentCount = 5) {
  const devnet = Devnet.start({ seed });
  const world = await GenesisWorld.create(devnet, { componentCount });
  return { devnet, world };
}

/** Sends `instructions` signed by `payer` (and `signers`) now. */
export async function run(
  devnet: Devnet,
  payer: KeyPairSigner,
  instructions: readonly Instruction[],
  options: { signers?: readonly KeyPairSigner[]; computeUnitLimit?: number } = {},
): Promise<SendResult> {
  const transaction = await signInstructions({
    feePayer: payer,
    signers: options.signers ?? [],
    instructions,
    lifetime: devnet.latestBlockhash(),
    ...(options.computeUnitLimit === undefined ? {} : { computeUnitLimit: options.computeUnitLimit }),
  });
  return devnet.send(transaction);
}

/** The custom program error of a failed send, or "ok", or the refusal kind. */
export function outcomeOf(result: SendResult): number | "ok" | string {
  if (!result.landed) return result.error.kind === "transaction" ? result.error.name : result.error.kind;
  if (result.transaction.ok) return "ok";
  const error = result.transaction.error!;
  return error.kind === "instruction" && error.customCode !== null ? error.customCode : JSON.stringify(error);
}

export interface LaunchedLaunch extends PreparedLaunch {
  readonly request: LaunchRequest;
  readonly componentMints: readonly Address[];
}

/** Creates a launch of the first `count` components with equal-ish weights. */
export async function launch(
  world: GenesisWorld,
  creator: KeyPairSigner,
  overrides: Partial<LaunchRequest> & { count?: number } = {},
): Promise<LaunchedLaunch> {
  const count = overrides.count ?? 3;
  const mints = world.components.slice(0, count).map((component) => component.mint);
  const weights = mints.map((_, i) => Math.floor(10_000 / count) + (i === 0 ? 10_000 % count : 0));
  const request: LaunchRequest = {
    creator: creator.address,
    seed: 1n,
    symbol: "BSKT",
    name: "Basket",
    uri: "https://example.invalid/basket.json",
    components: mints.map((mint, i) => ({ mint, targetBps: weights[i]! })),
    ...overrides,
  };
  const prepared = await prepareLaunch(world, request);
  if (!prepared) throw new Error("unpriced component");
  const result = await run(world.devnet, creator, [prepared.instruction], { computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS });
  if (outcomeOf(result) !== "ok") {
    throw new Error(`create failed: ${outcomeOf(result)}\n${result.landed ? result.transaction.logs.join("\n") : ""}`);
  }
  return { ...prepared, request, componentMints: request.components.map((component) => component.mint) };
}

/**
 * A wallet with SOL and `componentAmount` of each of the launch's components: a fresh
 * random key, or the seed's key for `label` when the test needs the same wallet every run.
 */
export async function trader(
  world: GenesisWorld,
  launched: LaunchedLaunch,
  componentAmount: bigint,
  label?: string,
): Promise<KeyPairSigner> {
  const wallet = label === undefined ? await generateKeyPairSigner() : await deriveKeyPairSigner(world.devnet.seed, label);
  await world.fund(wallet.address, {
    lamports: 10n * SOL,
    components: launched.componentMints.map((mint) => ({ mint, amount: componentAmount })),
  });
  return wallet;
}

export async function tradeAccounts(wallet: KeyPairSigner, launched: LaunchedLaunch): Promise<DerivedTradeAccounts> {
  return deriveTradeAccounts(wallet.address, launched.accounts.launch, launched.componentMints);
}

/** The instruction creating the trader's launch-token account, idempotently. */
export function primaryAccountSetup(wallet: KeyPairSigner, accounts: DerivedTradeAccounts): Instruction {
  return getCreateAssociatedTokenIdempotentInstruction({
    payer: wallet,
    ata: accounts.traderPrimaryAccount,
    owner: wallet.address,
    mint: accounts.primaryMint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
}

export async function buyExactOut(world: GenesisWorld, wallet: KeyPairSigner, launched: LaunchedLaunch, amount: bigint, maxDnaIn: bigint) {
  const accounts = await tradeAccounts(wallet, launched);
  return run(world.devnet, wallet, [primaryAccountSetup(wallet, accounts), getBuyExactOutInstruction({ ...accounts, amount, maxDnaIn })]);
}

export async function buyExactIn(world: GenesisWorld, wallet: KeyPairSigner, launched: LaunchedLaunch, dnaIn: bigint, minOut: bigint) {
  const accounts = await tradeAccounts(wallet, launched);
  return run(world.devnet, wallet, [
    primaryAccountSetup(wallet, accounts),
    getBuyExactInInstruction({ ...accounts, budget: dnaIn, minOut }),
  ]);
}

export async function sell(world: GenesisWorld, wallet: KeyPairSigner, launched: LaunchedLaunch, amount: bigint, minDnaOut: bigint) {
  const accounts = await tradeAccounts(wallet, launched);
  return run(world.devnet, wallet, [getSellInstruction({ ...accounts, amount, minDnaOut })]);
}

export function readCurve(devnet: Devnet, launched: LaunchedLaunch) {
  return getCurveAccountDecoder().decode(devnet.getAccount(launched.accounts.curve)!.data);
}

export function readLaunch(devnet: Devnet, launched: LaunchedLaunch) {
  return getLaunchAccountDecoder().decode(devnet.getAccount(launched.accounts.launch)!.data);
}

/** Every balance a trade can move: the trader's and the curve's, primary and components. */
export async function balancesOf(devnet: Devnet, wallet: KeyPairSigner, launched: LaunchedLaunch) {
  const accounts = await tradeAccounts(wallet, launched);
  return {
    traderPrimary: tokenBalance(devnet, accounts.traderPrimaryAccount),
    curvePrimary: tokenBalance(devnet, accounts.primaryVault),
    traderComponents: accounts.components.map((component) => tokenBalance(devnet, component.traderAccount)),
    vaults: accounts.components.map((component) => tokenBalance(devnet, component.vault)),
  };
}

/** A trader with enough of every component to buy a whole default curve several times over. */
export const WHALE_COMPONENTS = 10n ** 16n;

/**
 * A fresh, well-funded wallet buys more than the curve has left: the buy is clamped to the
 * remaining inventory and the curve completes (the launch becomes graduationPending).
 */
export async function sellOut(world: GenesisWorld, launched: LaunchedLaunch) {
  const wallet = await trader(world, launched, WHALE_COMPONENTS);
  const remaining = readCurve(world.devnet, launched).inventoryRemaining;
  const result = await buyExactOut(world, wallet, launched, remaining + 1n, U64_MAX);
  if (outcomeOf(result) !== "ok") throw new Error(`sell-out buy failed: ${outcomeOf(result)}`);
  return { wallet, result };
}

/** One migration step (the permissionless crank) for component `componentIndex`, paid by `payer`. */
export async function migrate(world: GenesisWorld, payer: KeyPairSigner, launched: LaunchedLaunch, componentIndex: number) {
  const accounts = await deriveMigrateAccounts(launched.accounts.launch, launched.componentMints[componentIndex]!);
  return run(world.devnet, payer, [getMigrateInstruction({ ...accounts, payer: payer.address, componentIndex })]);
}

/** LiteSVM's default fee: what a transaction that lands, even a failed one, costs per signature. */
export const SIGNATURE_FEE_LAMPORTS = 5_000n;

/** An account as the chain holds it; `data` in hex so a mismatch prints readably. */
export interface AccountImage {
  readonly lamports: bigint;
  readonly owner: Address;
  readonly executable: boolean;
  readonly data: string;
}

/** The exact state of each of `addresses` now; null for an account that does not exist. */
export function accountImages(devnet: Devnet, addresses: readonly Address[]): Map<Address, AccountImage | null> {
  const hex = getBase16Decoder();
  return new Map(
    addresses.map((address) => {
      const account = devnet.getAccount(address);
      const image = account && {
        lamports: account.lamports as bigint,
        owner: account.programAddress,
        executable: account.executable,
        data: hex.decode(account.data),
      };
      return [address, image];
    }),
  );
}

/**
 * `images` as they should read after a transaction that landed and failed: such a
 * transaction changes nothing but still charges its fee payer the signature fees, as on
 * Solana. (One refused before landing — bad signature, expired blockhash — charges nobody.)
 */
export function afterFee(images: Map<Address, AccountImage | null>, feePayer: Address, signatures = 1): Map<Address, AccountImage | null> {
  const payer = images.get(feePayer);
  if (!payer) throw new Error("the fee payer's account must be among the images");
  return new Map(images).set(feePayer, { ...payer, lamports: payer.lamports - SIGNATURE_FEE_LAMPORTS * BigInt(signatures) });
}
