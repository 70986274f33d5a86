import { AccountRole, type Address, getStructEncoder, getU64Encoder, getU8Encoder, type ReadonlyUint8Array } from "@solana/kit";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "./program-addresses.ts";
import { findAssociatedTokenAddress, findCurvePda, findCurveVaultPda, findLaunchMintPda } from "./program-derived-addresses.ts";
import type { ProgramInstruction } from "./program-instruction.ts";

/** First byte of the curve program's instruction data (layout.h `enum CurveInstruction`). */
export const CURVE_INSTRUCTION_TAG = {
  initialize: 0,
  buyExactOut: 1,
  buyExactIn: 2,
  sell: 3,
  release: 4,
} as const;

/**
 * The accounts of a buy or a sell. Trader token accounts need not be ATAs: the curve only
 * checks that each holds the right mint and that the trader owns it.
 */
export interface TradeAccounts {
  trader: Address;
  launch: Address;
  curve: Address;
  /** The curve's vault of the launch mint. */
  primaryVault: Address;
  /** The trader's token account of the launch mint. */
  traderPrimaryAccount: Address;
  /** In recipe order: the trader's account and the curve's vault of each component. */
  components: readonly { traderAccount: Address; vault: Address }[];
}

/** {@link TradeAccounts} as {@link deriveTradeAccounts} returns them, with the mints. */
export interface DerivedTradeAccounts extends TradeAccounts {
  primaryMint: Address;
  components: readonly { mint: Address; traderAccount: Address; vault: Address }[];
}

// Every trade's data is the tag and two u64 (curve.c reads offsets 1 and 9); buy_exact_out
// may carry a third, its floor (offset 17). One encoder each: building kit's struct encoder
// per instruction cost more than the encoding.
let tradeDataEncoder: ReturnType<typeof getTradeDataEncoder> | undefined;
let flooredTradeDataEncoder: ReturnType<typeof getFlooredTradeDataEncoder> | undefined;
const getTradeDataEncoder = () =>
  getStructEncoder([
    ["tag", getU8Encoder()],
    ["first", getU64Encoder()],
    ["second", getU64Encoder()],
  ]);
const getFlooredTradeDataEncoder = () =>
  getStructEncoder([
    ["tag", getU8Encoder()],
    ["first", getU64Encoder()],
    ["second", getU64Encoder()],
    ["floor", getU64Encoder()],
  ]);
const encodeTradeData = (tag: number, first: bigint, second: bigint, floor?: bigint): ReadonlyUint8Array =>
  floor === undefined
    ? (tradeDataEncoder ??= getTradeDataEncoder()).encode({ tag, first, second })
    : (flooredTradeDataEncoder ??= getFlooredTradeDataEncoder()).encode({ tag, first, second, floor });

function tradeInstruction(accounts: TradeAccounts, data: ReadonlyUint8Array): ProgramInstruction<typeof CURVE_PROGRAM_ADDRESS> {
  return {
    programAddress: CURVE_PROGRAM_ADDRESS,
    accounts: [
      // The trader only authorizes token transfers; paying fees is the fee payer's business.
      { address: accounts.trader, role: AccountRole.READONLY_SIGNER },
      { address: accounts.curve, role: AccountRole.WRITABLE },
      // Writable because the buy that sells out the curve marks the launch complete by CPI.
      { address: accounts.launch, role: AccountRole.WRITABLE },
      { address: LAUNCH_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: accounts.primaryVault, role: AccountRole.WRITABLE },
      { address: accounts.traderPrimaryAccount, role: AccountRole.WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      ...accounts.components.flatMap(({ traderAccount, vault }) => [
        { address: traderAccount, role: AccountRole.WRITABLE },
        { address: vault, role: AccountRole.WRITABLE },
      ]),
    ],
    data,
  };
}

/**
 * Buys exactly `amount` launch tokens (clamped to the inventory left), depositing
 * components worth the curve cost plus the fee; fails with SlippageExceeded when cost plus
 * fee exceeds `maxDnaIn` DNA units, or when the clamp leaves fewer than `minOut` tokens
 * (absent: the data's two-argument form, and any clamp is taken).
 */
export function getBuyExactOutInstruction(
  input: TradeAccounts & { amount: bigint; maxDnaIn: bigint; minOut?: bigint },
): ProgramInstruction<typeof CURVE_PROGRAM_ADDRESS> {
  return tradeInstruction(input, encodeTradeData(CURVE_INSTRUCTION_TAG.buyExactOut, input.amount, input.maxDnaIn, input.minOut));
}

/**
 * Spends at most `budget` DNA units (cost plus fee) on as many launch tokens as it buys;
 * fails with SlippageExceeded when that is fewer than `minOut`.
 */
export function getBuyExactInInstruction(
  input: TradeAccounts & { budget: bigint; minOut: bigint },
): ProgramInstruction<typeof CURVE_PROGRAM_ADDRESS> {
  return tradeInstruction(input, encodeTradeData(CURVE_INSTRUCTION_TAG.buyExactIn, input.budget, input.minOut));
}

/**
 * Sells `amount` launch tokens back to the curve, withdrawing components worth the output
 * minus the fee; fails with SlippageExceeded when that net is below `minDnaOut` DNA units.
 */
export function getSellInstruction(
  input: TradeAccounts & { amount: bigint; minDnaOut: bigint },
): ProgramInstruction<typeof CURVE_PROGRAM_ADDRESS> {
  return tradeInstruction(input, encodeTradeData(CURVE_INSTRUCTION_TAG.sell, input.amount, input.minDnaOut));
}

/**
 * Derives a trade's accounts from the launch and its recipe's mints (in recipe order):
 * the curve, its vaults, and the trader's associated token accounts.
 */
export async function deriveTradeAccounts(
  trader: Address,
  launch: Address,
  componentMints: readonly Address[],
): Promise<DerivedTradeAccounts> {
  const [[primaryMint], [curve]] = await Promise.all([findLaunchMintPda({ launch }), findCurvePda({ launch })]);
  const ata = async (mint: Address) => findAssociatedTokenAddress(trader, mint)[0];
  const vault = async (mint: Address) => (await findCurveVaultPda({ curve, mint }))[0];
  const [primaryVault, traderPrimaryAccount, components] = await Promise.all([
    vault(primaryMint),
    ata(primaryMint),
    Promise.all(
      componentMints.map(async (mint) => ({
        mint,
        traderAccount: await ata(mint),
        vault: await vault(mint),
      })),
    ),
  ]);
  return { trader, launch, curve, primaryMint, primaryVault, traderPrimaryAccount, components };
}
