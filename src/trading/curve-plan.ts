import { type Address, type Instruction, createNoopSigner } from "@solana/kit";
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { getCloseAccountInstruction, getCreateAssociatedTokenIdempotentInstruction, getSyncNativeInstruction } from "@solana-program/token";
import type { LatestBlockhash } from "../chain/virtual-clock.ts";
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  type DerivedTradeAccounts,
  NATIVE_MINT_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  getBuyExactInInstruction,
  getBuyExactOutInstruction,
  getSellInstruction,
  getSwapAllInstruction,
  getSwapInstruction,
} from "../programs/index.ts";
import { type Venue, isWrappedSol, withFloor } from "./basket-funding.ts";
import type { CurveBuyPricing, CurveSellPricing } from "./curve-quote.ts";
import { packInstructions } from "./transaction-packer.ts";

/** Compute units of a settle's own work: a five-component curve trade is ~15k, two swaps ~10k. */
export const SETTLE_COMPUTE_UNITS = 60_000;
/**
 * Compute units for each token account a settle opens. The associated-token program
 * searches for the account's bump (about 1,500 units a try, and how many tries depends on
 * the wallet's address) before it creates and initializes the account: a fixed budget that
 * ignored this failed about one random wallet in eight with ComputationalBudgetExceeded.
 */
export const ACCOUNT_CREATION_COMPUTE_UNITS = 40_000;

/** A priority fee: a price per compute unit, or lamports for the whole transaction. */
export type PriorityFee = { readonly microLamportsPerUnit: bigint } | { readonly lamportsPerTransaction: bigint } | null;

/** What a plan needs beyond the pricing: who signs, when, and the fee extras. */
export interface PlanContext {
  readonly wallet: Address;
  readonly accounts: DerivedTradeAccounts;
  /** Per recipe component: its SOL venue (null when unpriced). */
  readonly venues: readonly (Venue | null)[];
  /** The wallet's wrapped-SOL associated token account. */
  readonly wrappedSol: Address;
  readonly lifetime: LatestBlockhash;
  /** A tip transfer on the settling transaction; null for none. */
  readonly tip: { readonly lamports: bigint; readonly recipient: Address } | null;
  /** The priority fee of every transaction of the plan. */
  readonly priorityFee: PriorityFee;
  readonly slippageBps: number;
}

/** One step of a plan, before encoding: the instructions of one transaction. */
export interface PlannedStep {
  readonly label: string;
  readonly kind: "setup" | "trade";
  readonly settles: boolean;
  readonly instructions: readonly Instruction[];
}

/**
 * Compute units of one setup instruction other than an account creation: a pool swap with
 * its two token transfers is about 10k; wrapping, syncing and closing are far less.
 */
export const SETUP_INSTRUCTION_COMPUTE_UNITS = 20_000;

/** A compute budget of `units` priced by `fee`: a price per unit, or a per-transaction fee spread over the units. */
function computeBudget(fee: PriorityFee, units: number): Instruction[] {
  const budget: Instruction[] = [getSetComputeUnitLimitInstruction({ units })];
  const price =
    fee === null
      ? 0n
      : "microLamportsPerUnit" in fee
        ? fee.microLamportsPerUnit
        : (fee.lamportsPerTransaction * 1_000_000n + BigInt(units) - 1n) / BigInt(units);
  if (price > 0n) budget.push(getSetComputeUnitPriceInstruction({ microLamports: price }));
  return budget;
}

/**
 * What every settling transaction starts with: its compute budget (its own work plus each
 * token account it opens), its priority price (a per-transaction fee spread over that
 * budget) and its tip.
 */
export function settleExtras(context: Pick<PlanContext, "wallet" | "tip" | "priorityFee">, accountsOpened: number): Instruction[] {
  const extras = computeBudget(context.priorityFee, SETTLE_COMPUTE_UNITS + ACCOUNT_CREATION_COMPUTE_UNITS * accountsOpened);
  if (context.tip && context.tip.lamports > 0n) {
    extras.push(
      getTransferSolInstruction({
        source: createNoopSigner(context.wallet),
        destination: context.tip.recipient,
        amount: context.tip.lamports,
      }),
    );
  }
  return extras;
}

/**
 * What a setup transaction starts with: nothing without a priority fee (the runtime's default
 * budget covers it); with one, the fee is per transaction, so each setup step carries a
 * compute budget sized to its own instructions and priced as the settle's is.
 */
function setupLead(context: Pick<PlanContext, "priorityFee">): (body: readonly Instruction[]) => Instruction[] {
  const fee = context.priorityFee;
  const free = fee === null || ("microLamportsPerUnit" in fee ? fee.microLamportsPerUnit : fee.lamportsPerTransaction) === 0n;
  if (free) return () => [];
  return (body) => {
    const creations = body.filter((instruction) => instruction.programAddress === ASSOCIATED_TOKEN_PROGRAM_ADDRESS).length;
    const units = ACCOUNT_CREATION_COMPUTE_UNITS * creations + SETUP_INSTRUCTION_COMPUTE_UNITS * (body.length - creations);
    // Never less than a settle's: a fee per transaction becomes a u64 price per unit, and the
    // quote's bound on the fee is set by that budget (MAX_PRIORITY_FEE_LAMPORTS).
    return computeBudget(fee, Math.max(units, SETTLE_COMPUTE_UNITS));
  };
}

function createAccount(context: PlanContext, account: Address, mint: Address): Instruction {
  const payer = createNoopSigner(context.wallet);
  return getCreateAssociatedTokenIdempotentInstruction({
    payer,
    ata: account,
    owner: context.wallet,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
}

/** Instructions wrapping `lamports` into the wallet's wrapped-SOL account (opened if need be). */
function wrap(context: PlanContext, lamports: bigint): Instruction[] {
  return [
    createAccount(context, context.wrappedSol, NATIVE_MINT_ADDRESS),
    getTransferSolInstruction({ source: createNoopSigner(context.wallet), destination: context.wrappedSol, amount: lamports }),
    getSyncNativeInstruction({ account: context.wrappedSol }),
  ];
}

/** Closing the wallet's wrapped-SOL account: what it holds comes back as SOL, with its rent. */
function unwrap(context: PlanContext): Instruction {
  const owner = createNoopSigner(context.wallet);
  return getCloseAccountInstruction({ account: context.wrappedSol, destination: context.wallet, owner });
}

/**
 * A buy: setup transactions first when the wallet is short of components (wrapping SOL, one
 * swap per component short, unwrapping the rest), then the settling buy. Landing the settle before its setup fails on chain by
 * itself (InsufficientComponents): the plan needs no server-side ordering.
 *
 * A wrapped-SOL component (a collectible's whole recipe) is no swap: the settle itself wraps
 * its shortfall into the wallet's wrapped-SOL account, which is that component's account,
 * and unwraps what the deposit left (the buffer) once it has settled. So a collectible's
 * buy is one transaction, and a basket with wrapped SOL keeps its setup's wrapped account
 * open (its swaps spend exactly what was wrapped for them) until the settle has deposited.
 */
export function planCurveBuy(pricing: CurveBuyPricing, context: PlanContext): PlannedStep[] {
  const { wallet, accounts } = context;
  const groups: Instruction[][] = [];
  const solIndex = pricing.funding.findIndex((component) => isWrappedSol(component.mint));
  const solShortfall = solIndex < 0 ? 0n : pricing.funding[solIndex]!.shortfall;
  const short = pricing.funding
    .map((component, i) => ({ component, i }))
    .filter(({ component }) => component.shortfall > 0n && !isWrappedSol(component.mint));
  if (short.length > 0) {
    const lamports = short.reduce((sum, { component }) => sum + (component.lamportsIn ?? 0n), 0n);
    groups.push(wrap(context, lamports));
    for (const { component, i } of short) {
      const venue = context.venues[i]!;
      const traderComponent = accounts.components[i]!.traderAccount;
      groups.push([
        createAccount(context, traderComponent, component.mint),
        getSwapInstruction({
          trader: wallet,
          pool: venue.pool,
          vaultIn: venue.vaultSol,
          vaultOut: venue.vaultComponent,
          traderIn: context.wrappedSol,
          traderOut: traderComponent,
          amountIn: component.lamportsIn!,
          // The quote's slippage: down to the unbuffered need, not the whole buffered shortfall.
          minOut: component.minOut,
        }),
      ]);
    }
    // Unwrap what is left: the wrapped account closes back into the wallet's SOL — unless it
    // is also a component's account, which the settle closes once it has deposited.
    if (solIndex < 0) groups.push([unwrap(context)]);
  }
  const setup = (groups.length === 0 ? [] : packInstructions(wallet, groups, context.lifetime, setupLead(context))).map(
    (instructions, index, all) => ({
      label:
        all.length === 1
          ? "Prepare accounts and acquire components"
          : `Prepare accounts and acquire components (${index + 1}/${all.length})`,
      kind: "setup" as const,
      settles: false,
      instructions,
    }),
  );
  const settle =
    pricing.settle.instruction === "buyExactOut"
      ? getBuyExactOutInstruction({
          ...accounts,
          amount: pricing.settle.amount,
          maxDnaIn: pricing.settle.maxDnaIn,
          minOut: pricing.settle.minOut,
        })
      : getBuyExactInInstruction({ ...accounts, budget: pricing.settle.budget, minOut: pricing.settle.minOut });
  // The launch-token account opens in the settle itself, so a wallet holding every
  // component buys in one transaction, and a settle landed early fails only for want of
  // components.
  const receive = createAccount(context, accounts.traderPrimaryAccount, accounts.primaryMint);
  const wrapped =
    solIndex < 0 ? [] : solShortfall > 0n ? wrap(context, solShortfall) : [createAccount(context, context.wrappedSol, NATIVE_MINT_ADDRESS)];
  const unwrapped = solIndex < 0 ? [] : [unwrap(context)];
  return [
    ...setup,
    {
      label: "Buy on the bonding curve",
      kind: "trade",
      settles: true,
      instructions: [...settleExtras(context, solIndex < 0 ? 1 : 2), ...wrapped, receive, settle, ...unwrapped],
    },
  ];
}

/**
 * A sell: the settling sell first, then swaps turning the received components into SOL.
 * Each swap is pool `swap_all` keeping `held[i]`, the wallet's balance of that component
 * when the plan is built: it swaps what the account holds when it executes less that, i.e.
 * exactly what the settle delivered (no dust of the sell's own is left), and never the
 * wallet's own stock of a component (a previous buy's buffer, or a token held on purpose).
 * A component whose account the settle opened ends with none: the emptied account is closed
 * and its rent comes back; an account the wallet had (empty or not) stays open with its balance.
 * @param held the wallet's balance of each recipe component (in recipe order) at planning.
 * @param opened whether each of those accounts existed at planning.
 */
export function planCurveSell(
  pricing: CurveSellPricing,
  amount: bigint,
  context: PlanContext,
  held: readonly bigint[],
  opened: readonly boolean[],
): PlannedStep[] {
  const { wallet, accounts } = context;
  const trader = createNoopSigner(wallet);
  const settle: PlannedStep = {
    label: "Sell on the bonding curve",
    kind: "trade",
    settles: true,
    instructions: [
      ...settleExtras(context, accounts.components.length),
      ...accounts.components.map((component, i) => createAccount(context, component.traderAccount, accounts.components[i]!.mint)),
      getSellInstruction({ ...accounts, amount, minDnaOut: pricing.minDnaOut }),
      // Wrapped SOL withdrawn is SOL: the settle unwraps it at once (a collectible's sell is this one transaction).
      ...(accounts.components.some((component) => isWrappedSol(component.mint)) ? [unwrap(context)] : []),
    ],
  };
  const groups: Instruction[][] = [[createAccount(context, context.wrappedSol, NATIVE_MINT_ADDRESS)]];
  pricing.unwind.forEach((leg, i) => {
    const venue = context.venues[i];
    if (!venue || leg.amountIn === 0n || leg.lamportsOut === 0n) return;
    const componentAccount = accounts.components[i]!.traderAccount;
    const keep = held[i] ?? 0n;
    const group: Instruction[] = [
      // swap_all swaps the account's balance when it executes less `keep`: exactly what the
      // settle delivered (at least the quoted floor `leg.amountIn`), whatever the settle paid
      // above its floor included. Its floor is the quoted floor's output less the slippage;
      // more in only pays more out.
      getSwapAllInstruction({
        trader: wallet,
        pool: venue.pool,
        vaultIn: venue.vaultComponent,
        vaultOut: venue.vaultSol,
        traderIn: componentAccount,
        traderOut: context.wrappedSol,
        minOut: withFloor(leg.lamportsOut, context.slippageBps),
        keep,
      }),
    ];
    // The settle opened it: it is empty now, and closing it returns its rent. An account the
    // wallet had opened itself stays, even empty.
    if (keep === 0n && opened[i] !== true)
      group.push(getCloseAccountInstruction({ account: componentAccount, destination: wallet, owner: trader }));
    groups.push(group);
  });
  if (groups.length === 1) return [settle];
  groups.push([unwrap(context)]);
  const unwind = packInstructions(wallet, groups, context.lifetime, setupLead(context)).map((instructions, index, all) => ({
    label: all.length === 1 ? "Swap the received components to SOL" : `Swap the received components to SOL (${index + 1}/${all.length})`,
    kind: "setup" as const,
    settles: false,
    instructions,
  }));
  return [settle, ...unwind];
}
