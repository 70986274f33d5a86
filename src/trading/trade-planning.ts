import type { Address } from "@solana/kit";
import { U64_MAX } from "../economics/index.ts";
import { type Result, fail, succeed } from "../errors/index.ts";
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, NATIVE_MINT_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../programs/index.ts";
import type { ChainReads } from "./chain-reads.ts";
import { fundingLamports } from "./basket-funding.ts";
import {
  type PlanContext,
  type PlannedStep,
  type PriorityFee,
  SETTLE_COMPUTE_UNITS,
  planCurveBuy,
  planCurveSell,
  settleExtras,
} from "./curve-plan.ts";
import { type PlanFees, lamportsNeeded, priorityFeeLamports } from "./fee-budget.ts";
import type { MarketReader } from "./market-reader.ts";
import { planMarketTrade } from "./market-route.ts";
import type { QuoteRequest } from "./quote-request.ts";
import { planPoolTrade, poolAccountsOpened } from "./pool-route.ts";
import type { CurvePriced, MarketPriced, PoolPriced, Priced } from "./trade-pricing.ts";

export interface TradePlanningOptions {
  readonly devnet: ChainReads;
  readonly reader: MarketReader;
  /** Where tips go (a simulator-held address). */
  readonly tipRecipient: Address;
  readonly defaultTipLamports: bigint;
  /** Micro-lamports per compute unit for `priorityFee: "auto"`. */
  readonly autoComputeUnitPrice: bigint;
}

/** A wallet's plan of a priced trade: its steps and what they cost. */
export interface Plan {
  readonly steps: readonly PlannedStep[];
  /** The wallet has no launch-token account yet. */
  readonly needsAccountSetup: boolean;
  /** Lamports the plan swaps or wraps, all held at once (a buy's SOL, buffers included; 0 on a sell). */
  readonly outlayLamports: bigint;
  /** Of those, the ones it keeps: wrapped SOL's buffer comes back once the settle has deposited. */
  readonly spendLamports: bigint;
  readonly fees: PlanFees;
}

/** Token accounts a market trade opens, idempotently: wrapped SOL, the component, the launch token. */
const MARKET_ACCOUNTS_OPENED = 3;
/** The token program's CloseAccount instruction. */
const CLOSE_ACCOUNT = 9;
/** Account positions in the instructions the planner reads back: the ATA program's new account, CloseAccount's account. */
const CREATED_ACCOUNT_INDEX = 1;
const CLOSED_ACCOUNT_INDEX = 0;

/**
 * Turns a priced trade into a wallet's plan (the unsigned transactions' instructions, in
 * order) and says what it costs and whether the wallet can pay for it.
 */
export class TradePlanning {
  constructor(readonly options: TradePlanningOptions) {}

  async plan(request: QuoteRequest, wallet: Address, priced: Priced): Promise<Result<Plan>> {
    const priorityFee = this.#priorityFee(request);
    if (!priorityFee.ok) return priorityFee;
    const steps =
      priced.venue === "curve"
        ? await this.#planCurve(request, wallet, priced, priorityFee.value)
        : priced.venue === "market"
          ? await this.#planMarket(request, wallet, priced, priorityFee.value)
          : await this.#planPool(request, wallet, priced, priorityFee.value);
    // What the plan turns from SOL into something else: setup swaps and wrapped-SOL deposits
    // on the curve, the lamports a buy past the curve spends.
    const curveBuy = priced.venue === "curve" && priced.pricing.direction === "buy" ? priced.pricing : null;
    const marketBuy = priced.venue !== "curve" && priced.path.direction === "buy" ? priced.path.amountIn : 0n;
    return succeed({
      steps,
      needsAccountSetup: !(await this.options.reader.hasTokenAccount(wallet, priced.primaryMint)),
      outlayLamports: curveBuy ? (curveBuy.solIn ?? 0n) : marketBuy,
      spendLamports: curveBuy ? (fundingLamports(curveBuy.funding, { kept: true }) ?? 0n) : marketBuy,
      fees: this.#fees(request, steps),
    });
  }

  /** Whether `wallet` holds what the plan takes: the tokens a sell gives up, and the lamports of everything else. */
  async checkFunds(request: QuoteRequest, wallet: Address, priced: Priced, plan: Plan): Promise<Result<null>> {
    if (request.direction === "sell") {
      const [held] = await this.options.reader.holdings(wallet, [priced.primaryMint]);
      if (held! < request.amountIn) {
        return fail("INSUFFICIENT_FUNDS", {
          wallet,
          shortfall: `holds ${held} launch base units and the sell gives up ${request.amountIn}`,
        });
      }
    }
    const { devnet } = this.options;
    const lamports = devnet.getBalance(wallet);
    const needed = lamportsNeeded(plan.outlayLamports, plan.fees);
    if (lamports < needed) {
      return fail("INSUFFICIENT_FUNDS", {
        wallet,
        shortfall: `holds ${lamports} lamports and this trade needs ${needed} (swaps, tip, network and priority fees, and rent of the token accounts it holds open at once): ${needed - lamports} more`,
      });
    }
    // The chain refuses a transaction that leaves its fee payer with some lamports but fewer than
    // a plain account's rent (InsufficientFundsForRent): that step would fail after the setup had
    // landed. A wallet must keep none or at least that much at the plan's lowest point.
    const keep = devnet.minimumBalanceForRentExemption(0);
    const left = lamports - needed;
    if (left > 0n && left < keep) {
      return fail("INSUFFICIENT_FUNDS", {
        wallet,
        shortfall: `holds ${lamports} lamports and this trade needs ${needed}, which would leave it ${left}: the chain refuses to leave a wallet between 0 and the ${keep} lamports of a plain account's rent, so ${keep - left} more`,
      });
    }
    return succeed(null);
  }

  async #planCurve(request: QuoteRequest, wallet: Address, priced: CurvePriced, priorityFee: PriorityFee): Promise<PlannedStep[]> {
    const { reader, devnet } = this.options;
    const { market, pricing } = priced;
    const accounts = await reader.tradeAccounts(wallet, request.launch, market.mints);
    const context: PlanContext = {
      wallet,
      accounts,
      venues: market.venues,
      wrappedSol: await reader.tokenAccountOf(wallet, NATIVE_MINT_ADDRESS),
      lifetime: devnet.latestBlockhash(),
      tip: this.#tip(request),
      priorityFee,
      slippageBps: request.slippageBps,
    };
    if (pricing.direction === "buy") return planCurveBuy(pricing, context);
    // What the wallet holds now is what the sell's swaps keep: they take only what the settle delivers.
    const held = await reader.holdings(wallet, market.mints);
    // An account the wallet opened itself stays open, empty or not: the plan closes only its own.
    const opened = await Promise.all(market.mints.map((mint) => reader.hasTokenAccount(wallet, mint)));
    return planCurveSell(pricing, request.amountIn, context, held, opened);
  }

  /** One settling transaction with the same budget rules, priority fee and tip as a curve settle. */
  async #planMarket(request: QuoteRequest, wallet: Address, priced: MarketPriced, priorityFee: PriorityFee): Promise<PlannedStep[]> {
    const { reader } = this.options;
    const { path, primaryMint } = priced;
    const [wrappedSol, component, primary, [heldComponent], componentOpen] = await Promise.all([
      reader.tokenAccountOf(wallet, NATIVE_MINT_ADDRESS),
      reader.tokenAccountOf(wallet, path.pair.componentMint),
      reader.tokenAccountOf(wallet, primaryMint),
      // The second hop keeps what the wallet holds now: it takes only what the first hop delivers.
      reader.holdings(wallet, [path.pair.componentMint]),
      reader.hasTokenAccount(wallet, path.pair.componentMint),
    ]);
    const extras = settleExtras({ wallet, tip: this.#tip(request), priorityFee }, MARKET_ACCOUNTS_OPENED);
    const instructions = planMarketTrade(
      path,
      wallet,
      { wrappedSol, component, primary, primaryMint },
      {
        held: heldComponent!,
        open: componentOpen,
      },
    );
    const label = request.direction === "buy" ? "Buy on the pair pool" : "Sell on the pair pool";
    return [{ label, kind: "trade", settles: true, instructions: [...extras, ...instructions] }];
  }

  /** A collectible's pool trade: one settling transaction with the same budget rules, priority fee and tip as any settle. */
  async #planPool(request: QuoteRequest, wallet: Address, priced: PoolPriced, priorityFee: PriorityFee): Promise<PlannedStep[]> {
    const { reader } = this.options;
    const { path, primaryMint } = priced;
    const [wrappedSol, primary] = await Promise.all([
      reader.tokenAccountOf(wallet, NATIVE_MINT_ADDRESS),
      reader.tokenAccountOf(wallet, primaryMint),
    ]);
    const extras = settleExtras({ wallet, tip: this.#tip(request), priorityFee }, poolAccountsOpened(path.direction));
    const instructions = planPoolTrade(path, wallet, { wrappedSol, primary });
    const label = request.direction === "buy" ? "Buy on the collectible's pool" : "Sell on the collectible's pool";
    return [{ label, kind: "trade", settles: true, instructions: [...extras, ...instructions] }];
  }

  /** The plan's fees, read from its own instructions: what it opens, closes and prices is what it costs. */
  #fees(request: QuoteRequest, steps: readonly PlannedStep[]): PlanFees {
    const instructions = steps.flatMap((step) => step.instructions);
    // Walked in landing order: the accounts open at once, not all it ever opens, bound the
    // rent the wallet must hold (a wrapped-SOL account a setup step opens and closes gives its
    // rent back before the settle opens the launch-token account).
    const open = new Set<Address>();
    let mostOpen = 0;
    for (const instruction of instructions) {
      const account = (index: number) => instruction.accounts?.[index]?.address;
      if (instruction.programAddress === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
        const opened = account(CREATED_ACCOUNT_INDEX);
        if (opened && !open.has(opened) && this.options.devnet.getAccount(opened) === null) open.add(opened);
      }
      if (instruction.programAddress === TOKEN_PROGRAM_ADDRESS && instruction.data?.[0] === CLOSE_ACCOUNT) {
        const gone = account(CLOSED_ACCOUNT_INDEX);
        if (gone) open.delete(gone);
      }
      mostOpen = Math.max(mostOpen, open.size);
    }
    return {
      transactions: steps.length,
      priorityFeeLamports: steps.reduce((sum, step) => sum + priorityFeeLamports(step.instructions), 0n),
      tipLamports: this.#tip(request)?.lamports ?? 0n,
      accountsOpenAtOnce: mostOpen,
      accountsLeftOpen: open.size,
    };
  }

  #tip(request: QuoteRequest): PlanContext["tip"] {
    const lamports = request.tipLamports ?? this.options.defaultTipLamports;
    return lamports > 0n ? { lamports, recipient: this.options.tipRecipient } : null;
  }

  /**
   * The settle's priority fee. A fee per transaction becomes a u64 price per compute unit
   * (⌈fee × 10⁶ / units⌉); the schema bounds the fee so that price fits, and a fee that
   * would not is refused here rather than thrown by the instruction encoder.
   */
  #priorityFee(request: QuoteRequest): Result<PriorityFee> {
    const fee = request.priorityFee;
    if (fee === null) return succeed(null);
    if (fee === "auto") return succeed({ microLamportsPerUnit: this.options.autoComputeUnitPrice });
    const worstPrice = (fee * 1_000_000n + BigInt(SETTLE_COMPUTE_UNITS) - 1n) / BigInt(SETTLE_COMPUTE_UNITS);
    if (worstPrice > U64_MAX) {
      const most = (U64_MAX * BigInt(SETTLE_COMPUTE_UNITS)) / 1_000_000n;
      return fail("INVALID_BODY", { field: "priorityFee", rule: `must be at most ${most} lamports (its price per compute unit is a u64)` });
    }
    return succeed({ lamportsPerTransaction: fee });
  }
}
