import type { Address } from "@solana/kit";
import { curveStateOf } from "../economics/curve-state-of.ts";
import { type Result, fail, succeed } from "../errors/index.ts";
import { WIRE_RULES } from "../wire/wire-fields.ts";
import { type CurveAccount, NATIVE_MINT_ADDRESS, describeProgramError, findPoolPda } from "../programs/index.ts";
import type { Venue } from "./basket-funding.ts";
import type { ChainReads } from "./chain-reads.ts";
import { type CurveMarket, type CurvePricing, priceBuyExactIn, priceBuyExactInSol, priceBuyExactOut, priceSell } from "./curve-quote.ts";
import { type MarketReader, poolRecords } from "./market-reader.ts";
import { type MarketPath, type PairPool, bestMarketPath } from "./market-route.ts";
import { type PoolPath, poolPath } from "./pool-route.ts";
import type { QuoteRequest } from "./quote-request.ts";

/** A trade priced on the launch's curve. */
export interface CurvePriced {
  readonly venue: "curve";
  readonly primaryMint: Address;
  readonly market: CurveMarket;
  readonly pricing: CurvePricing;
}

/** A trade priced past the curve, through a component venue and a pair pool. */
export interface MarketPriced {
  readonly venue: "market";
  readonly primaryMint: Address;
  readonly path: MarketPath;
}

/** A tradable collectible's trade, priced on its one launch↔wrapped-SOL pool. */
export interface PoolPriced {
  readonly venue: "pool";
  readonly primaryMint: Address;
  readonly path: PoolPath;
}

/** Where and at what price a trade happens. */
export type Priced = CurvePriced | MarketPriced | PoolPriced;

/**
 * Prices a quote request from the chain (never the read model): on the curve while the
 * launch bonds, on the best pair-pool path once it has graduated. A collectible trades on
 * its curve while raising (its wrapped-SOL component funded by wrapping), not at all while
 * its card is acquired (COLLECTIBLE_NOT_TRADABLE), and on its launch↔wSOL pool once
 * tradable. With a wallet, its holdings count (a buy routes only the shortfall; a sell
 * cannot give up more than it has).
 */
export class TradePricing {
  constructor(
    readonly devnet: ChainReads,
    readonly reader: MarketReader,
  ) {}

  async price(request: QuoteRequest, wallet: Address | null): Promise<Result<Priced>> {
    // A launch to look up is the specification's pattern (the body's rule); one that is no
    // 32-byte key names no account, and the chain is not asked.
    const records = WIRE_RULES.address.check(request.launch) ? this.reader.launch(request.launch) : null;
    if (!records) return fail("LAUNCH_NOT_FOUND", { launch: request.launch });
    const { launch, curve } = records;
    const stage = await this.reader.collectibleStage(request.launch, launch);
    if (stage === "tradable") return this.#pricePool(request, launch.mint);
    if (stage !== null && stage !== "raising") {
      return fail("COLLECTIBLE_NOT_TRADABLE", { name: launch.symbol, launch: request.launch, stage });
    }
    if (launch.status === "graduated") {
      const mints = launch.components.map((component) => component.mint);
      return this.#priceMarket(request, launch.mint, mints);
    }
    if (launch.status !== "activeBonding") return fail("LAUNCH_NOT_TRADABLE", { launch: request.launch, status: launch.status });
    if (request.direction === "sell" && request.mode !== "exactIn") return fail("MODE_NOT_SUPPORTED");
    return this.#priceCurve(request, wallet, launch.mint, curve);
  }

  async #priceCurve(request: QuoteRequest, wallet: Address | null, primaryMint: Address, curve: CurveAccount): Promise<Result<Priced>> {
    const mints = curve.components.map((component) => component.mint);
    const venues = await Promise.all(mints.map((mint) => this.reader.venue(mint)));
    const market: CurveMarket = { state: curveStateOf(curve), mints, venues };
    const { amountIn, slippageBps } = request;
    let pricing: ReturnType<typeof priceSell> | ReturnType<typeof priceBuyExactOut>;
    if (request.direction === "sell") {
      // Whether the wallet holds what it gives up is the funds check's question (INSUFFICIENT_FUNDS
      // at build, as past the curve), not the program's: priced here as if it did.
      pricing = priceSell(market, amountIn, slippageBps, null);
    } else {
      const held = wallet ? await this.reader.holdings(wallet, mints) : null;
      if (request.mode === "exactOut") pricing = priceBuyExactOut(market, amountIn, slippageBps, held);
      else if (request.mode === "exactIn") pricing = priceBuyExactIn(market, amountIn, slippageBps, held);
      else pricing = priceBuyExactInSol(market, amountIn, slippageBps, held);
    }
    if ("ok" in pricing) return fail("TRADE_REFUSED", { venue: "curve", reason: describeProgramError(pricing.error) });
    if (pricing.direction === "buy" && wallet && pricing.solIn === null) {
      const missing = pricing.funding.find((component) => component.lamportsIn === null)!;
      return fail("NO_ROUTE", { what: `${missing.shortfall} base units of component ${missing.mint}` });
    }
    return succeed({ venue: "curve", primaryMint, market, pricing });
  }

  async #priceMarket(request: QuoteRequest, primaryMint: Address, componentMints: readonly Address[]): Promise<Result<Priced>> {
    const paths: { venue: Venue; pair: PairPool }[] = [];
    for (const mint of componentMints) {
      const [venue, pair] = await Promise.all([this.reader.venue(mint), this.#pairPool(request.launch, primaryMint, mint)]);
      if (venue && pair) paths.push({ venue, pair });
    }
    const path = bestMarketPath(request.direction, request.amountIn, paths, request.slippageBps);
    if (!path) return fail("NO_ROUTE", { what: `a path through the pair pools of launch ${request.launch} for ${request.amountIn} in` });
    return succeed({ venue: "market", primaryMint, path });
  }

  async #pricePool(request: QuoteRequest, primaryMint: Address): Promise<Result<Priced>> {
    const pool = await this.#pairPool(request.launch, primaryMint, NATIVE_MINT_ADDRESS);
    if (!pool) return fail("NO_ROUTE", { what: `a trade on collectible ${request.launch}: its launch↔wSOL pool does not exist` });
    const path = poolPath(request.direction, request.amountIn, pool, request.slippageBps);
    if ("ok" in path) return fail("TRADE_REFUSED", { venue: "pool", reason: describeProgramError(path.error) });
    return succeed({ venue: "pool", primaryMint, path });
  }

  async #pairPool(launch: Address, primaryMint: Address, componentMint: Address): Promise<PairPool | null> {
    const [pool] = await findPoolPda({ authority: launch, mintA: primaryMint, mintB: componentMint });
    const account = this.devnet.getAccount(pool);
    if (!account) return null;
    const record = poolRecords.decode(pool, account.data);
    // The record names its vaults (["vault", pool, mint A / mint B]): read, not derived again.
    const { vaultA: vaultPrimary, vaultB: vaultComponent } = record;
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
}
