import { createHash } from "node:crypto";
import { type Address, type Instruction, getBase64Decoder, getPublicKeyFromAddress, verifySignature } from "@solana/kit";
import { type Devnet, type TransactionStatus, type TransactionStatusReport } from "../chain/devnet.ts";
import { describeChainError } from "../chain/chain-error.ts";
import { compileUnsignedTransaction, decodeWireTransaction, encodeWireTransaction } from "../chain/unsigned-transaction.ts";
import { curveStateOf } from "../economics/curve-state-of.ts";
import { type Refusal } from "../economics/index.ts";
import { NATIVE_MINT_ADDRESS, describeProgramError, findPoolPda, findPoolVaultPda, getPoolAccountDecoder } from "../programs/index.ts";
import type { Venue } from "./basket-funding.ts";
import { type CurvePricing, type CurveMarket, priceBuyExactIn, priceBuyExactInSol, priceBuyExactOut, priceSell } from "./curve-quote.ts";
import { type PlanContext, type PlannedStep, type PriorityFee, planCurveBuy, planCurveSell, settleExtras } from "./curve-plan.ts";
import { MarketReader } from "./market-reader.ts";
import { type MarketPath, type PairPool, bestMarketPath, planMarketTrade } from "./market-route.ts";
import { curveQuoteRecord, marketQuoteRecord, type QuoteRecord } from "./quote-record.ts";
import { QuoteStore } from "./quote-store.ts";
import { type DeskResult, refuseTrade } from "./trade-failure.ts";

export type TradeMode = "exactIn" | "exactOut" | "exactInSol";

/** A validated quote request (the API checks shapes and bounds before it gets here). */
export interface QuoteRequest {
  readonly launch: Address;
  readonly direction: "buy" | "sell";
  readonly amountIn: bigint;
  readonly mode: TradeMode;
  readonly slippageBps: number;
  readonly wallet: Address | null;
  readonly preview: boolean;
  /** null: the server default tip; 0n: none. */
  readonly tipLamports: bigint | null;
  /** "auto", lamports per transaction, or null for none. */
  readonly priorityFee: "auto" | bigint | null;
}

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

export interface BuiltPlanStep {
  readonly step: number;
  readonly label: string;
  readonly transaction: string;
  readonly kind: "setup" | "trade";
  readonly settles?: true;
}

export interface BuildResult {
  readonly transaction: string;
  readonly lastValidBlockHeight: bigint;
  readonly plan: readonly BuiltPlanStep[];
}

interface Priced {
  readonly kind: "curve" | "market";
  readonly curve?: { market: CurveMarket; pricing: CurvePricing };
  readonly market?: MarketPath;
  readonly steps: readonly PlannedStep[] | null;
  readonly needsAccountSetup: boolean;
}

/** Token accounts a market trade opens, idempotently: wrapped SOL, the component, the launch token. */
const MARKET_ACCOUNTS_OPENED = 3;
/** Network fee per signature on Solana. */
const SIGNATURE_FEE_LAMPORTS = 5_000n;
const TOKEN_ACCOUNT_BYTES = 165;

/**
 * The specification's trade flow — quote, build, submit, status — over the devnet. Quotes
 * read the chain (never the read model), builds re-read balances and re-plan (the build's
 * route is authoritative), submissions are checked against what was built. Every refusal
 * is a returned TradeFailure.
 */
export class TradeDesk {
  readonly reader: MarketReader;
  readonly quotes: QuoteStore<QuoteRequest>;
  #previews = 0;

  constructor(readonly options: TradeDeskOptions) {
    this.reader = new MarketReader(options.devnet, options.venueAuthority);
    this.quotes = new QuoteStore(options.devnet.seed, () => options.devnet.now().unixMillis);
  }

  async quote(request: QuoteRequest): Promise<DeskResult<QuoteRecord>> {
    const priced = await this.#price(request, request.wallet);
    if (!priced.ok) return priced;
    const expiresAtMillis = this.options.devnet.now().unixMillis + this.quotes.ttlMillis;
    const quoteId = request.preview ? this.#previewId() : this.quotes.put(request).id;
    const context = { quoteId, request, expiresAt: expiresAtMillis / 1000n, tokenInfo: this.options.tokenInfo };
    const { value } = priced;
    const record =
      value.kind === "curve"
        ? curveQuoteRecord(context, value.curve!.market, value.curve!.pricing, value.steps, value.needsAccountSetup)
        : marketQuoteRecord(context, value.market!, value.steps, value.needsAccountSetup);
    return { ok: true, value: record };
  }

  async build(quoteId: string, wallet: Address): Promise<DeskResult<BuildResult>> {
    if (quoteId.startsWith("p_")) return refuseTrade("PREVIEW_QUOTE", { quoteId });
    const lookup = this.quotes.get(quoteId);
    if (!lookup.found) {
      return lookup.reason === "expired" ? refuseTrade("QUOTE_EXPIRED", { quoteId }) : refuseTrade("QUOTE_NOT_FOUND", { quoteId });
    }
    const request = lookup.entry.value;
    const priced = await this.#price(request, wallet);
    if (!priced.ok) return priced;
    const steps = priced.value.steps!;
    const funds = await this.#checkFunds(request, wallet, priced.value, steps.length);
    if (!funds.ok) return funds;
    const lifetime = this.options.devnet.latestBlockhash();
    const plan = steps.map((step, index): BuiltPlanStep => {
      const compiled = compileUnsignedTransaction({ feePayer: wallet, instructions: step.instructions, lifetime });
      lookup.entry.builtMessages.add(getBase64Decoder().decode(compiled.messageBytes));
      const transaction = encodeWireTransaction(compiled);
      return { step: index + 1, label: step.label, transaction, kind: step.kind, ...(step.settles ? { settles: true as const } : {}) };
    });
    return { ok: true, value: { transaction: plan.at(-1)!.transaction, lastValidBlockHeight: lifetime.lastValidBlockHeight, plan } };
  }

  /**
   * Verifies every signature, checks the message is one built for `quoteId` (when given),
   * and queues the transaction for the next slot. A signature seen before is not queued again.
   */
  async submit(base64: string, quoteId: string | null): Promise<DeskResult<TransactionStatusReport>> {
    const transaction = decodeWireTransaction(base64);
    if (!transaction) return refuseTrade("INVALID_TRANSACTION", { reason: "it is not base64 of a serialized transaction" });
    for (const [signer, signature] of Object.entries(transaction.signatures)) {
      const valid =
        signature !== null &&
        (await verifySignature(await getPublicKeyFromAddress(signer as Address), signature, transaction.messageBytes));
      if (!valid) return refuseTrade("INVALID_SIGNATURE", { signer });
    }
    if (quoteId !== null) {
      const lookup = this.quotes.get(quoteId);
      const built = lookup.found ? lookup.entry.builtMessages : null;
      if (!built?.has(getBase64Decoder().decode(transaction.messageBytes))) {
        return refuseTrade("MESSAGE_MISMATCH", { quoteId });
      }
    }
    const submitted = this.options.devnet.submit(transaction);
    if (!submitted.accepted) return refuseTrade("SUBMISSION_REFUSED", { reason: describeChainError(submitted.error) });
    return { ok: true, value: this.options.devnet.getTransactionStatus(submitted.signature) };
  }

  /** The transaction's status, with a failed transaction's program error named in a sentence. */
  status(report: TransactionStatusReport): { signature: string; status: TransactionStatus; slot: bigint | null; error: string | null } {
    const error = report.error;
    const sentence =
      error === null
        ? null
        : error.kind === "instruction" && error.customCode !== null
          ? describeProgramError(error.customCode)
          : describeChainError(error);
    return { signature: report.signature, status: report.status, slot: report.slot, error: sentence };
  }

  // ------------------------------------------------------------------ pricing

  async #price(request: QuoteRequest, wallet: Address | null): Promise<DeskResult<Priced>> {
    const records = this.reader.launch(request.launch);
    if (!records) return refuseTrade("LAUNCH_NOT_FOUND", { launch: request.launch });
    const { launch, curve } = records;
    if (launch.status === "graduated")
      return this.#priceMarket(
        request,
        wallet,
        launch.mint,
        launch.components.map((c) => c.mint),
      );
    if (launch.status !== "activeBonding") {
      return refuseTrade("LAUNCH_NOT_TRADABLE", { launch: request.launch, status: launch.status });
    }
    if (request.direction === "sell" && request.mode !== "exactIn") {
      return refuseTrade("MODE_NOT_SUPPORTED");
    }
    const mints = curve.components.map((component) => component.mint);
    const venues = await Promise.all(mints.map((mint) => this.reader.venue(mint)));
    const market: CurveMarket = { state: curveStateOf(curve), mints, venues };
    const held = wallet ? await this.reader.holdings(wallet, mints) : null;
    const { amountIn, slippageBps } = request;
    let pricing: CurvePricing | Refusal;
    if (request.direction === "sell") {
      pricing = priceSell(market, amountIn, slippageBps, wallet ? (await this.reader.holdings(wallet, [launch.mint]))[0]! : null);
    } else if (request.mode === "exactOut") pricing = priceBuyExactOut(market, amountIn, slippageBps, held);
    else if (request.mode === "exactIn") pricing = priceBuyExactIn(market, amountIn, slippageBps, held);
    else pricing = priceBuyExactInSol(market, amountIn, slippageBps, held);
    if ("ok" in pricing) return refuseTrade("TRADE_REFUSED", { reason: describeProgramError(pricing.error) });
    if (pricing.direction === "buy" && wallet && pricing.solIn === null) {
      const missing = pricing.funding.find((component) => component.lamportsIn === null)!;
      return refuseTrade("NO_ROUTE", { what: `${missing.shortfall} base units of component ${missing.mint}` });
    }
    if (!wallet) return { ok: true, value: { kind: "curve", curve: { market, pricing }, steps: null, needsAccountSetup: false } };
    const accounts = await this.reader.tradeAccounts(wallet, request.launch, mints);
    const context = await this.#planContext(request, wallet, accounts, venues);
    const steps = pricing.direction === "buy" ? planCurveBuy(pricing, context) : planCurveSell(pricing, amountIn, context);
    const needsAccountSetup = !(await this.reader.hasTokenAccount(wallet, accounts.primaryMint));
    return { ok: true, value: { kind: "curve", curve: { market, pricing }, steps, needsAccountSetup } };
  }

  async #priceMarket(
    request: QuoteRequest,
    wallet: Address | null,
    primaryMint: Address,
    componentMints: readonly Address[],
  ): Promise<DeskResult<Priced>> {
    const paths: { venue: Venue; pair: PairPool }[] = [];
    for (const mint of componentMints) {
      const [venue, pair] = await Promise.all([this.reader.venue(mint), this.#pairPool(request.launch, primaryMint, mint)]);
      if (venue && pair) paths.push({ venue, pair });
    }
    const path = bestMarketPath(request.direction, request.amountIn, paths, request.slippageBps);
    if (!path)
      return refuseTrade("NO_ROUTE", { what: `a path through the pair pools of launch ${request.launch} for ${request.amountIn} in` });
    if (!wallet) return { ok: true, value: { kind: "market", market: path, steps: null, needsAccountSetup: false } };
    const [wrappedSol, component, primary] = await Promise.all([
      this.reader.tokenAccountOf(wallet, NATIVE_MINT_ADDRESS),
      this.reader.tokenAccountOf(wallet, path.pair.componentMint),
      this.reader.tokenAccountOf(wallet, primaryMint),
    ]);
    const instructions = planMarketTrade(path, wallet, { wrappedSol, component, primary, primaryMint });
    const extras = this.#settleExtras(request, wallet);
    const steps: PlannedStep[] = [
      {
        label: request.direction === "buy" ? "Buy on the pair pool" : "Sell on the pair pool",
        kind: "trade",
        settles: true,
        instructions: [...extras, ...instructions],
      },
    ];
    const needsAccountSetup = !(await this.reader.hasTokenAccount(wallet, primaryMint));
    return { ok: true, value: { kind: "market", market: path, steps, needsAccountSetup } };
  }

  async #pairPool(launch: Address, primaryMint: Address, componentMint: Address): Promise<PairPool | null> {
    const [pool] = await findPoolPda({ authority: launch, mintA: primaryMint, mintB: componentMint });
    const account = this.options.devnet.getAccount(pool);
    if (!account) return null;
    const record = getPoolAccountDecoder().decode(account.data);
    const [[vaultPrimary], [vaultComponent]] = await Promise.all([
      findPoolVaultPda({ pool, mint: primaryMint }),
      findPoolVaultPda({ pool, mint: componentMint }),
    ]);
    return {
      pool,
      primaryMint,
      componentMint,
      vaultPrimary,
      vaultComponent,
      primaryReserve: this.reader.tokenBalance(vaultPrimary),
      componentReserve: this.reader.tokenBalance(vaultComponent),
      feeBps: record.feeBps,
    };
  }

  async #planContext(
    request: QuoteRequest,
    wallet: Address,
    accounts: PlanContext["accounts"],
    venues: readonly (Venue | null)[],
  ): Promise<PlanContext> {
    return {
      wallet,
      accounts,
      venues,
      wrappedSol: await this.reader.tokenAccountOf(wallet, NATIVE_MINT_ADDRESS),
      lifetime: this.options.devnet.latestBlockhash(),
      tip: this.#tip(request),
      priorityFee: this.#priorityFee(request),
      slippageBps: request.slippageBps,
    };
  }

  #tip(request: QuoteRequest): PlanContext["tip"] {
    const lamports = request.tipLamports ?? this.options.defaultTipLamports;
    return lamports > 0n ? { lamports, recipient: this.options.tipRecipient } : null;
  }

  #priorityFee(request: QuoteRequest): PriorityFee {
    if (request.priorityFee === null) return null;
    if (request.priorityFee === "auto") return { microLamportsPerUnit: this.options.autoComputeUnitPrice };
    return { lamportsPerTransaction: request.priorityFee };
  }

  /** Market trades carry the same budget rules, priority fee and tip as curve settles; they open three token accounts. */
  #settleExtras(request: QuoteRequest, wallet: Address): Instruction[] {
    return settleExtras({ wallet, tip: this.#tip(request), priorityFee: this.#priorityFee(request) }, MARKET_ACCOUNTS_OPENED);
  }

  async #checkFunds(request: QuoteRequest, wallet: Address, priced: Priced, transactions: number): Promise<DeskResult<null>> {
    const lamports = this.options.devnet.getBalance(wallet);
    const rent = this.options.devnet.minimumBalanceForRentExemption(TOKEN_ACCOUNT_BYTES);
    const tip = this.#tip(request)?.lamports ?? 0n;
    let spend = 0n;
    if (priced.kind === "curve" && priced.curve!.pricing.direction === "buy") spend = priced.curve!.pricing.solIn ?? 0n;
    if (priced.kind === "market" && request.direction === "buy") spend = request.amountIn;
    if (request.direction === "sell") {
      const mint = priced.kind === "curve" ? (this.reader.launch(request.launch)?.launch.mint ?? null) : null;
      const held = mint ? (await this.reader.holdings(wallet, [mint]))[0]! : 0n;
      if (priced.kind === "curve" && held < request.amountIn) {
        return refuseTrade("INSUFFICIENT_FUNDS", {
          wallet,
          shortfall: `holds ${held} launch base units and the sell gives up ${request.amountIn}`,
        });
      }
    }
    // Spend, tip, one signature per transaction, and rent for every token account the plan may open.
    const needed = spend + tip + SIGNATURE_FEE_LAMPORTS * BigInt(transactions) + rent * 3n;
    if (lamports < needed) {
      return refuseTrade("INSUFFICIENT_FUNDS", {
        wallet,
        shortfall: `holds ${lamports} lamports and this trade needs about ${needed} (swaps, tip, fees and token-account rent)`,
      });
    }
    return { ok: true, value: null };
  }

  #previewId(): string {
    const digest = createHash("sha256").update(`${this.options.devnet.seed}:preview:${++this.#previews}`).digest("hex");
    return `p_${digest.slice(0, 24)}`;
  }
}
