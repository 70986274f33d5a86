import type { Address, Instruction, KeyPairSigner, Transaction } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { getCreateAssociatedTokenIdempotentInstruction, getSyncNativeInstruction } from "@solana-program/token";
import type { Devnet } from "../chain/devnet.ts";
import { signInstructions } from "../chain/sign-instructions.ts";
import { U64_MAX, buyExactOut } from "../economics/index.ts";
import { curveStateOf } from "../economics/curve-state-of.ts";
import {
  type DerivedTradeAccounts,
  type MigrateAccounts,
  NATIVE_MINT_ADDRESS,
  type SwapAccounts,
  TOKEN_PROGRAM_ADDRESS,
  deriveMigrateAccounts,
  deriveSwapAccounts,
  findAssociatedTokenAddress,
  findCurvePda,
  findCurveVaultPda,
  getBuyExactOutInstruction,
  getCurveAccountDecoder,
  getMigrateInstruction,
  getSellInstruction,
  getSwapInstruction,
} from "../programs/index.ts";
import type { WorldComponent } from "./genesis-world.ts";

/** What the simulator's own actors need to know of a launch to trade it or migrate it. */
export interface LaunchRef {
  readonly address: Address;
  readonly mint: Address;
  /** In recipe order. */
  readonly componentMints: readonly Address[];
}

// Deriving PDAs is async hashing; bots trade the same launches all day, so remember them.
const curveAccounts = new Map<string, Promise<{ curve: Address; primaryVault: Address; vaults: Address[] }>>();
const migrateAccounts = new Map<string, Promise<MigrateAccounts>>();
const swapAccounts = new Map<string, Promise<SwapAccounts>>();
const associatedAccounts = new Map<string, Promise<Address>>();

function remember<T>(cache: Map<string, Promise<T>>, key: string, derive: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) cache.set(key, (found = derive()));
  return found;
}

function sign(devnet: Devnet, feePayer: KeyPairSigner, instructions: readonly Instruction[]): Promise<Transaction> {
  return signInstructions({ feePayer, instructions, lifetime: devnet.latestBlockhash() });
}

function primaryAccountSetup(trader: KeyPairSigner, mint: Address, account: Address): Instruction {
  return getCreateAssociatedTokenIdempotentInstruction({
    payer: trader,
    ata: account,
    owner: trader.address,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
}

/**
 * A trade's accounts, from the launch's own PDAs (derived once per launch) and the
 * trader's associated token accounts (once per wallet and mint): the same result as
 * `deriveTradeAccounts`, at a fraction of the hashing when many wallets trade many launches.
 */
export async function tradeAccountsOf(trader: KeyPairSigner, launch: LaunchRef): Promise<DerivedTradeAccounts> {
  const curveSide = await remember(curveAccounts, launch.address, async () => {
    const [curve] = await findCurvePda({ launch: launch.address });
    const vault = async (mint: Address) => (await findCurveVaultPda({ curve, mint }))[0];
    return { curve, primaryVault: await vault(launch.mint), vaults: await Promise.all(launch.componentMints.map(vault)) };
  });
  const [traderPrimaryAccount, traderAccounts] = await Promise.all([
    associatedAccountOf(trader.address, launch.mint),
    Promise.all(launch.componentMints.map((mint) => associatedAccountOf(trader.address, mint))),
  ]);
  return {
    trader: trader.address,
    launch: launch.address,
    curve: curveSide.curve,
    primaryMint: launch.mint,
    primaryVault: curveSide.primaryVault,
    traderPrimaryAccount,
    components: launch.componentMints.map((mint, i) => ({ mint, traderAccount: traderAccounts[i]!, vault: curveSide.vaults[i]! })),
  };
}

/** The associated token account of `owner` for `mint`. */
export function associatedAccountOf(owner: Address, mint: Address): Promise<Address> {
  return remember(associatedAccounts, `${owner}:${mint}`, async () => {
    const [account] = findAssociatedTokenAddress(owner, mint);
    return account;
  });
}

/** The trader's token account of the launch mint (its associated token account). */
export function primaryAccountOf(trader: KeyPairSigner, launch: LaunchRef): Promise<Address> {
  return associatedAccountOf(trader.address, launch.mint);
}

/**
 * A curve buy of exactly `amount` launch base units (clamped by the program to what is left).
 * A wrapped-SOL component (a collectible's raise) is paid with SOL wrapped for the purpose:
 * the exact deposit, as the curve would take it now, goes into the trader's wSOL account first.
 */
export async function signCurveBuy(
  devnet: Devnet,
  trader: KeyPairSigner,
  launch: LaunchRef,
  amount: bigint,
  maxDnaIn = U64_MAX,
): Promise<Transaction> {
  const accounts = await tradeAccountsOf(trader, launch);
  return sign(devnet, trader, [
    ...wrapForBuy(devnet, trader, accounts, amount, maxDnaIn),
    primaryAccountSetup(trader, launch.mint, accounts.traderPrimaryAccount),
    getBuyExactOutInstruction({ ...accounts, amount, maxDnaIn }),
  ]);
}

const curveDecoder = getCurveAccountDecoder();

function wrapForBuy(
  devnet: Devnet,
  trader: KeyPairSigner,
  accounts: DerivedTradeAccounts,
  amount: bigint,
  maxDnaIn: bigint,
): Instruction[] {
  const native = accounts.components.findIndex((component) => component.mint === NATIVE_MINT_ADDRESS);
  const curve = native < 0 ? null : devnet.getAccount(accounts.curve);
  if (!curve) return [];
  const predicted = buyExactOut(curveStateOf(curveDecoder.decode(curve.data)), amount, maxDnaIn, null);
  // A buy the curve would refuse is sent as it is: it fails on chain, as any client's would.
  if (!predicted.ok) return [];
  const wsol = accounts.components[native]!.traderAccount;
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: trader, ata: wsol, owner: trader.address, mint: NATIVE_MINT_ADDRESS }),
    getTransferSolInstruction({ source: trader, destination: wsol, amount: predicted.trade.componentAmounts[native]! }),
    getSyncNativeInstruction({ account: wsol }),
  ];
}

/** A curve sell of `amount` launch base units. */
export async function signCurveSell(
  devnet: Devnet,
  trader: KeyPairSigner,
  launch: LaunchRef,
  amount: bigint,
  minDnaOut = 0n,
): Promise<Transaction> {
  const accounts = await tradeAccountsOf(trader, launch);
  return sign(devnet, trader, [getSellInstruction({ ...accounts, amount, minDnaOut })]);
}

/** The pair pool of a launch with its component `componentIndex`, and the pool's vaults (created by migration). */
export function pairPoolOf(launch: LaunchRef, componentIndex: number): Promise<MigrateAccounts> {
  const mint = launch.componentMints[componentIndex];
  if (mint === undefined) throw new RangeError(`launch ${launch.address} has no component ${componentIndex}`);
  return remember(migrateAccounts, `${launch.address}:${componentIndex}`, () => deriveMigrateAccounts(launch.address, mint));
}

/** One migration step (the permissionless crank) for the recipe's component `componentIndex`. */
export async function signMigrateStep(
  devnet: Devnet,
  payer: KeyPairSigner,
  launch: LaunchRef,
  componentIndex: number,
): Promise<Transaction> {
  const accounts = await pairPoolOf(launch, componentIndex);
  return sign(devnet, payer, [getMigrateInstruction({ ...accounts, payer: payer.address, componentIndex })]);
}

/**
 * A swap on a component's SOL venue: `buy` spends `amountIn` lamports of the trader's
 * wrapped SOL on the component, `sell` spends `amountIn` component base units on SOL.
 */
export async function signVenueSwap(
  devnet: Devnet,
  trader: KeyPairSigner,
  component: WorldComponent,
  direction: "buy" | "sell",
  amountIn: bigint,
): Promise<Transaction> {
  const [mintIn, mintOut] = direction === "buy" ? [NATIVE_MINT_ADDRESS, component.mint] : [component.mint, NATIVE_MINT_ADDRESS];
  const accounts = await remember(swapAccounts, `${trader.address}:${component.venue.pool}:${mintIn}`, () =>
    deriveSwapAccounts(trader.address, component.venue.pool, mintIn, mintOut),
  );
  return sign(devnet, trader, [getSwapInstruction({ ...accounts, amountIn, minOut: 0n })]);
}

/**
 * A swap on a graduated launch's pair pool with component `componentIndex`: `buy` spends
 * component base units on launch tokens, `sell` spends launch tokens on the component.
 */
export async function signPairSwap(
  devnet: Devnet,
  trader: KeyPairSigner,
  launch: LaunchRef,
  componentIndex: number,
  direction: "buy" | "sell",
  amountIn: bigint,
): Promise<Transaction> {
  const component = launch.componentMints[componentIndex];
  if (component === undefined) throw new RangeError(`launch ${launch.address} has no component ${componentIndex}`);
  const { pool } = await pairPoolOf(launch, componentIndex);
  const [mintIn, mintOut] = direction === "buy" ? [component, launch.mint] : [launch.mint, component];
  const accounts = await remember(swapAccounts, `${trader.address}:${pool}:${mintIn}`, () =>
    deriveSwapAccounts(trader.address, pool, mintIn, mintOut),
  );
  const setup = direction === "buy" ? [primaryAccountSetup(trader, launch.mint, accounts.traderOut)] : [];
  return sign(devnet, trader, [...setup, getSwapInstruction({ ...accounts, amountIn, minOut: 0n })]);
}
