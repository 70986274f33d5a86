import type { Instruction } from "@solana/kit";
import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from "@solana-program/compute-budget";

/**
 * The one budget of what a trade costs besides the trade itself — network fees, priority
 * fees, tips and token-account rent. The quote's `allInLamports`, build's funds check and
 * the wallet route's `feeReserveLamports` all count with it, so they can never disagree.
 */

/** Signature fee per signature (the runtime's default of 5,000 lamports); every plan step has one signer. */
export const SIGNATURE_FEE_LAMPORTS = 5_000n;

/** Rent-exempt minimum of a 165-byte SPL token account at the default rent (a test checks it against the chain). */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n;

/** Token accounts one trade may create: the launch token, five components and wrapped SOL. */
export const MAX_NEW_TOKEN_ACCOUNTS = 7n;

/** Transactions a trade plan may need: a setup swap per component, account setup, the settling trade, slack. */
export const MAX_PLAN_TRANSACTIONS = 8n;

/**
 * What a wallet keeps back when it sizes a transfer or a SOL-budget trade: the worst case of
 * one trade's costs besides the trade itself, so that spending "everything" still lands.
 * 7 × 2,039,280 + 8 × 5,000 = 14,314,960 lamports (≈ 0.0143 SOL). Tips and priority fees come on top.
 */
export const FEE_RESERVE_LAMPORTS = MAX_NEW_TOKEN_ACCOUNTS * TOKEN_ACCOUNT_RENT_LAMPORTS + MAX_PLAN_TRANSACTIONS * SIGNATURE_FEE_LAMPORTS;

/** Micro-lamports in a lamport: the unit of a compute-unit price. */
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;
/** Compute-budget instruction discriminators (SetComputeUnitLimit: u32 units; SetComputeUnitPrice: u64 micro-lamports). */
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;

/** The network fee of `transactions` single-signer transactions. */
export function networkFeeLamports(transactions: number): bigint {
  return SIGNATURE_FEE_LAMPORTS * BigInt(transactions);
}

/**
 * The priority fee one transaction pays, read from its own compute-budget instructions as
 * the runtime charges it: ⌈price × limit / 10⁶⌉ lamports (0 without a price).
 */
export function priorityFeeLamports(instructions: readonly Instruction[]): bigint {
  let units = 0n;
  let price = 0n;
  for (const instruction of instructions) {
    if (instruction.programAddress !== COMPUTE_BUDGET_PROGRAM_ADDRESS || !instruction.data) continue;
    const data = instruction.data;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === SET_COMPUTE_UNIT_LIMIT && data.length >= 5) units = BigInt(view.getUint32(1, true));
    if (data[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9) price = view.getBigUint64(1, true);
  }
  return (price * units + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
}

/** What one plan costs a wallet besides the SOL its swaps spend. */
export interface PlanFees {
  /** Signatures, one per transaction. */
  readonly transactions: number;
  readonly priorityFeeLamports: bigint;
  readonly tipLamports: bigint;
  /** The most token accounts the plan has created and not yet closed at any point of it (rent the wallet must hold while it runs). */
  readonly accountsOpenAtOnce: number;
  /** Of those, the ones still open when the plan is done (rent the trade costs for good). */
  readonly accountsLeftOpen: number;
}

/** Network fees, priority fees and tip of a plan. */
export function feesLamports(fees: PlanFees): bigint {
  return networkFeeLamports(fees.transactions) + fees.priorityFeeLamports + fees.tipLamports;
}

/** What the trade takes from the wallet for good: what its swaps spend, the fees, and the rent of accounts it leaves open. */
export function allInLamports(spendLamports: bigint, fees: PlanFees): bigint {
  return spendLamports + feesLamports(fees) + TOKEN_ACCOUNT_RENT_LAMPORTS * BigInt(fees.accountsLeftOpen);
}

/** What the wallet must hold before the plan starts: what its swaps and wraps take at once, the fees, and rent for the accounts it holds open at once. */
export function lamportsNeeded(outlayLamports: bigint, fees: PlanFees): bigint {
  return outlayLamports + feesLamports(fees) + TOKEN_ACCOUNT_RENT_LAMPORTS * BigInt(fees.accountsOpenAtOnce);
}
