import { randomBytes } from "node:crypto";
import { type Address, type Signature, getBase64Decoder } from "@solana/kit";
import { addressFromBytes } from "../chain/address-bytes.ts";
import { describeChainError } from "../chain/chain-error.ts";
import type { Devnet, TransactionStatusReport } from "../chain/devnet.ts";
import { compileUnsignedTransaction, encodeWireTransaction } from "../chain/unsigned-transaction.ts";
import { type Failure, type Result, fail, succeed } from "../errors/index.ts";
import { U64_MAX } from "../economics/index.ts";
import { describeFailure } from "../programs/index.ts";
import { allInLamports, lamportsNeeded } from "./fee-budget.ts";
import { checkFeePayer } from "./fee-payer.ts";
import { PlanLedger } from "./plan-ledger.ts";
import { MarketReader } from "./market-reader.ts";
import { curveQuoteRecord, marketQuoteRecord, poolQuoteRecord } from "./quote-record.ts";
import type { QuoteRequest } from "./quote-request.ts";
import { PREVIEW_PREFIX, QuoteStore, randomQuoteId } from "./quote-store.ts";
import { type QuoteTerms, keepTerms, termsOf } from "./quote-terms.ts";
import { VENUE_NAMES } from "./quote-venue.ts";
import type { BuildResponse } from "./records/build-response.ts";
import type { PlanStep } from "./records/plan-step.ts";
import type { Quote } from "./records/quote.ts";
import type { TransactionStatusRecord } from "./records/transaction-status.ts";
import { checkSubmission } from "./submission-check.ts";
import { type Plan, TradePlanning } from "./trade-planning.ts";
import { type Priced, TradePricing } from "./trade-pricing.ts";

export type { QuoteRequest, TradeMode } from "./quote-request.ts";

export interface TradeDeskOptions {
  readonly devnet: Devnet;
  /** Authority of the SOL venues (the world's faucet). */
  readonly venueAuthority: Address;
  /** Where tips go (a simulator-held address). */
  readonly tipRecipient: Address;
  readonly defaultTipLamports: bigint;
  /** Micro-lamports per compute unit for `priorityFee: "auto"`. */
  readonly autoComputeUnitPrice: bigint;
  /** Symbol and decimals of any mint, for the quote's component lists. */
  readonly tokenInfo: (mint: Address) => { symbol: string; decimals: number };
}

const base64 = getBase64Decoder();
/** The refusal of an exactInSol budget the trade's fees and rent (`overhead`) leave nothing of. */
function budgetTooSmall(budget: bigint, overhead: bigint): Result<never> {
  return fail("BUDGET_TOO_SMALL", { budget: String(budget), overhead: String(overhead) });
}

/** Re-solves of an exactInSol budget at most: each takes off what the last plan spent past it, and two settle it in practice. */
const BUDGET_ATTEMPTS = 6;

/** The quote a transaction queued before the desk started is counted under (its own quote is not known). */
const SENT_BEFORE_START = "(a transaction sent before this server started)";

/**
 * How many slots back a build may date its blockhash to keep its plan apart from another
 * quote's identical one: 75 slots (30 s) leaves the transactions 75 slots of life.
 */
const MAX_BLOCKHASH_AGE = 75n;

/** A stored quote: what was asked, and the terms it promised (its venue and limits). */
interface StoredRequest {
  readonly request: QuoteRequest;
  readonly terms: QuoteTerms;
}

/**
 * The specification's trade flow — quote, build, submit, status — over the devnet, as a
 * façade over its three parts: pricing (curve or market, from the chain), planning (the
 * wallet's transactions and their costs) and the submission check. Builds re-price and
 * re-plan (the build's route is authoritative). Every refusal is a returned `Result`.
 */
export class TradeDesk {
  readonly reader: MarketReader;
  /** Stored quotes: the request and the venue it was priced on (a build on another venue is refused). */
  readonly quotes: QuoteStore<StoredRequest>;
  /** Built plans' steps, so that a step sent before an earlier one landed lands first (and fails, as on a real chain). */
  readonly plans = new PlanLedger();
  /**
   * A wallet that holds nothing, for pricing a budget quoted without one: random, so no one
   * holds its key, and never shown (a quote without a wallet names none), so no one funds it
   * or opens its accounts. One per desk: its derived accounts are computed once.
   */
  readonly #emptyWallet = addressFromBytes(randomBytes(32));
  readonly pricing: TradePricing;
  readonly planning: TradePlanning;

  constructor(readonly options: TradeDeskOptions) {
    const { devnet } = options;
    this.reader = new MarketReader(devnet, options.venueAuthority);
    this.quotes = new QuoteStore(() => devnet.now().unixMillis);
    this.pricing = new TradePricing(devnet, this.reader);
    this.planning = new TradePlanning({ ...options, reader: this.reader });
    // Transactions still queued when the desk starts (a state directory's, after a restart)
    // were built by a desk whose plans are gone: a new plan must not be one of them either.
    for (const { transaction } of devnet.queued) this.plans.record(SENT_BEFORE_START, [base64.decode(transaction.messageBytes)]);
  }

  /** Pricing and planning for one request, over a reader that reads each account once (see readingOnce). */
  #forRequest(): { pricing: TradePricing; planning: TradePlanning } {
    const reader = this.reader.readingOnce();
    return {
      pricing: new TradePricing(reader.devnet, reader),
      planning: new TradePlanning({ ...this.options, devnet: reader.devnet, reader }),
    };
  }

  async quote(request: QuoteRequest): Promise<Result<Quote>> {
    if (request.wallet) {
      const payer = checkFeePayer(this.options.devnet, request.wallet, "wallet");
      if (!payer.ok) return payer;
    }
    const { pricing, planning } = this.#forRequest();
    let priced: Priced;
    let plan: Plan | null = null;
    if (request.wallet) {
      const planned = await this.#priceAndPlan(pricing, planning, request, request.wallet, succeed);
      if (!planned.ok) return planned;
      ({ priced, plan } = planned.value);
      // A cost no balance (a u64) can ever cover: a tip near the u64 limit, or lamports to spend near it.
      const needed = lamportsNeeded(plan.outlayLamports, plan.fees);
      if (needed > U64_MAX) {
        const tipAlone = needed - plan.fees.tipLamports <= U64_MAX;
        return fail("INVALID_BODY", {
          field: tipAlone ? "tipLamports" : "amountIn",
          rule: `with the fees and the trade's other costs comes to more lamports than any balance can hold (${U64_MAX})`,
        });
      }
    } else {
      // A budget is a ceiling on all the trade costs its wallet, fees and rent included, and
      // the build holds it to the quote's floor: priced for no wallet, the floor would assume
      // those costs away, and the first wallet to build it (one opening its token accounts)
      // would fall short of it. So it is priced for a wallet that holds nothing (the desk's own
      // address no one holds a key to or knows): the most any wallet pays, which every wallet's
      // build can meet. A budget such a wallet's fees and rent would spend whole may still buy
      // for a wallet that holds the components: that one, like every other quote without a
      // wallet, is priced on its swaps alone, and a build for a wallet it cannot cover is
      // refused for its own costs (BUDGET_TOO_SMALL).
      const budget = request.direction === "buy" && request.mode === "exactInSol";
      const planned = budget ? await this.#priceAndPlan(pricing, planning, request, this.#emptyWallet, succeed) : null;
      if (planned?.ok) priced = planned.value.priced;
      else if (planned && planned.error.body.code !== "BUDGET_TOO_SMALL") return planned;
      else {
        const pricedOnly = await pricing.price(request, null);
        if (!pricedOnly.ok) return pricedOnly;
        priced = pricedOnly.value;
      }
    }
    const expiresAtMillis = this.options.devnet.now().unixMillis + this.quotes.ttlMillis;
    const quoteId = request.preview ? randomQuoteId(PREVIEW_PREFIX) : this.quotes.put({ request, terms: termsOf(priced) }).id;
    const context = { quoteId, request, expiresAt: expiresAtMillis / 1000n, tokenInfo: this.options.tokenInfo };
    return succeed(
      priced.venue === "curve"
        ? curveQuoteRecord(context, priced, plan)
        : priced.venue === "market"
          ? marketQuoteRecord(context, priced, plan)
          : poolQuoteRecord(context, priced, plan),
    );
  }

  async build(quoteId: string, wallet: Address): Promise<Result<BuildResponse>> {
    const lookup = this.quotes.get(quoteId);
    if (lookup.state === "preview") return fail("PREVIEW_QUOTE", { quoteId });
    if (lookup.state === "unknown") return fail("QUOTE_NOT_FOUND", { quoteId });
    if (lookup.state === "expired") return fail("QUOTE_EXPIRED", { quoteId });
    const payer = checkFeePayer(this.options.devnet, wallet, "wallet");
    if (!payer.ok) return payer;
    const { request, terms } = lookup.entry.value;
    const { pricing, planning } = this.#forRequest();
    const planned = await this.#priceAndPlan(pricing, planning, request, wallet, (priced) => {
      // What amountIn counts depends on the venue (DNA units or launch tokens on the curve,
      // lamports past it): rebuilt on another venue, the quote would become another trade.
      if (priced.venue !== terms.venue) {
        const names = { quoted: VENUE_NAMES[terms.venue], now: VENUE_NAMES[priced.venue] };
        return fail("QUOTE_VENUE_CHANGED", { launch: request.launch, ...names, quoteId });
      }
      // The route follows today's balances and prices; the limits stay the quote's.
      return keepTerms(priced, terms, quoteId);
    });
    if (!planned.ok) return (await this.#wrongWallet(planned, request, terms, quoteId, wallet)) ?? planned;
    const funds = await planning.checkFunds(request, wallet, planned.value.priced, planned.value.plan);
    if (!funds.ok) return funds;
    const steps = planned.value.plan.steps;
    // Two quotes of the same trade by the same wallet in one slot compile to the same bytes,
    // and so the same signatures: the second would "confirm" as the first without trading. Each
    // quote's plan is made its own by an older (still valid) blockhash instead.
    let taken = "";
    for (let age = 0n; age <= MAX_BLOCKHASH_AGE; age++) {
      // The latest blockhash always exists; an older one may not on a young chain.
      const lifetime = this.options.devnet.blockhashOfAge(age);
      if (lifetime === null) break;
      const compiled = steps.map((step) => compileUnsignedTransaction({ feePayer: wallet, instructions: step.instructions, lifetime }));
      const messages = compiled.map((transaction) => base64.decode(transaction.messageBytes));
      taken = this.plans.builtForAnother(quoteId, messages) ?? "";
      if (taken !== "") continue;
      for (const message of messages) lookup.entry.builtMessages.add(message);
      this.plans.record(quoteId, messages);
      const plan = steps.map((step, index): PlanStep => ({
        step: index + 1,
        label: step.label,
        transaction: encodeWireTransaction(compiled[index]!),
        kind: step.kind,
        ...(step.settles ? { settles: true as const } : {}),
      }));
      return succeed({ transaction: plan.at(-1)!.transaction, lastValidBlockHeight: Number(lifetime.lastValidBlockHeight), plan });
    }
    return fail("PLAN_TAKEN", { quoteId, other: taken });
  }

  /**
   * Why a budget falls short of its quote's floor when built for a wallet other than the one it
   * was quoted for: a budget buys what is left after the wallet's own swaps, fees and rent, so
   * a wallet holding less or opening more buys less whatever the price did. When the quoted
   * wallet, built for now, would still meet the floor, the other wallet is the cause and the
   * refusal says so (BUDGET_BELOW_FLOOR); otherwise it is the price (null: the refusal stands).
   */
  async #wrongWallet(
    refused: Failure,
    request: QuoteRequest,
    terms: QuoteTerms,
    quoteId: string,
    wallet: Address,
  ): Promise<Failure | null> {
    if (refused.error.body.code !== "PRICE_MOVED" || request.mode !== "exactInSol" || request.wallet === null || request.wallet === wallet)
      return null;
    const { pricing, planning } = this.#forRequest();
    const own = await this.#priceAndPlan(pricing, planning, request, request.wallet, (priced) => keepTerms(priced, terms, quoteId));
    return own.ok ? fail("BUDGET_BELOW_FLOOR", { quoteId, budget: String(request.amountIn) }) : null;
  }

  /**
   * Prices and plans `request` for `wallet`, each priced trade passed through `settle` (a
   * build holds it to its quote's terms) before it is planned. An exactInSol budget on the
   * curve is a ceiling on everything the trade costs the wallet, as the specification's
   * "so the cost never exceeds it" reads to whoever holds the wallet: the swaps, the
   * signature, priority and tip fees, and the rent of the accounts the plan leaves open.
   * The swaps are solved against the budget less what the rest came to, again while the
   * whole exceeds it (a smaller trade costs no more to carry out), or refused when the
   * rest alone spends it.
   */
  async #priceAndPlan(
    pricing: TradePricing,
    planning: TradePlanning,
    request: QuoteRequest,
    wallet: Address,
    settle: (priced: Priced) => Result<Priced>,
  ): Promise<Result<{ priced: Priced; plan: Plan }>> {
    let asked = request;
    let overhead = 0n;
    for (let attempt = 0; ; attempt++) {
      const priced = await pricing.price(asked, wallet);
      // A budget cut down to nothing the curve sells is the budget's refusal; a build's terms refuse for themselves.
      if (!priced.ok) return attempt === 0 ? priced : budgetTooSmall(request.amountIn, overhead);
      const settled = settle(priced.value);
      if (!settled.ok) return settled;
      const planned = await planning.plan(asked, wallet, settled.value);
      if (!planned.ok) return planned;
      // Past the curve the mode is ignored and a buy's amountIn is what its swap takes in: the ceiling is the curve's exactInSol.
      const ceiling = request.mode === "exactInSol" && settled.value.venue === "curve" ? request.amountIn : null;
      const { outlayLamports, spendLamports, fees } = planned.value;
      const cost = allInLamports(spendLamports, fees);
      // A cost past any balance (a tip near the u64 limit) is the caller's refusal to name, not a budget's.
      if (ceiling === null || cost <= ceiling || lamportsNeeded(outlayLamports, fees) > U64_MAX)
        return succeed({ priced: settled.value, plan: planned.value });
      overhead = cost - spendLamports;
      // The swaps spent `outlayLamports` of what was asked (less when the wallet's holdings
      // or the curve's end bound the trade): the next budget is that, less the excess.
      const swaps = outlayLamports < asked.amountIn ? outlayLamports : asked.amountIn;
      // Of what the swaps spend, the cost counts what the wallet keeps spent (a wrapped-SOL
      // component's buffer comes back): the excess is taken off the outlay in that proportion.
      const over = cost - ceiling;
      const cut =
        spendLamports > 0n && outlayLamports > spendLamports ? (over * outlayLamports + spendLamports - 1n) / spendLamports : over;
      if (attempt === BUDGET_ATTEMPTS || swaps <= 1n) return budgetTooSmall(ceiling, overhead);
      // When the excess takes the whole swap budget, one lamport is left: a wallet whose holdings
      // cover a smaller trade buys that with no setup step, and so without its fees and rent.
      asked = { ...asked, amountIn: cut < swaps ? swaps - cut : 1n };
    }
  }

  /**
   * Decodes and checks the whole transaction (see checkSubmission), then queues it for the
   * next slot. A signature seen before is not queued again. A plan step sent while an
   * earlier step of its plan is still queued was sent concurrently with it: it lands ahead
   * of that step, so a settle sent with its setup fails on chain, as the specification says
   * concurrent landing does (and as it may on a real network, where nothing orders them).
   */
  async submit(transaction: string, quoteId: string | null): Promise<Result<TransactionStatusRecord>> {
    const checked = await checkSubmission(transaction, quoteId, this.quotes);
    if (!checked.ok) return checked;
    const { transaction: signed, message } = checked.value;
    const submitted = this.options.devnet.submit(signed, { landBefore: this.plans.earlierSubmitted(message) });
    if (!submitted.accepted) return fail("SUBMISSION_REFUSED", { reason: describeChainError(submitted.error) });
    if (!submitted.duplicate) this.plans.submitted(message, submitted.signature);
    return succeed(this.#describe(this.options.devnet.getTransactionStatus(submitted.signature)));
  }

  /** Where `signature` (a base58 signature, as the schema checked it) stands; past `lastValidBlockHeight` an unseen transaction is `expired`. */
  status(signature: string, lastValidBlockHeight?: bigint): TransactionStatusRecord {
    return this.#describe(this.options.devnet.getTransactionStatus(signature as Signature, lastValidBlockHeight));
  }

  /** A status report on the wire, a failed transaction's program error named in a sentence. */
  #describe(report: TransactionStatusReport): TransactionStatusRecord {
    const { error } = report;
    const sentence = error === null ? null : describeFailure(error);
    return { signature: report.signature, status: report.status, slot: report.slot === null ? null : Number(report.slot), error: sentence };
  }
}
