import type { Address } from "@solana/kit";
import { NATIVE_MINT_ADDRESS } from "../programs/index.ts";
import { isWrappedSol } from "./basket-funding.ts";
import { allInLamports } from "./fee-budget.ts";
import type { QuoteRequest, TradeMode } from "./quote-request.ts";
import type { CurveQuote, MarketQuote, PoolQuote, Route, RouteLeg, TokenAmount } from "./records/quote.ts";
import type { Plan } from "./trade-planning.ts";
import type { CurvePriced, MarketPriced, PoolPriced } from "./trade-pricing.ts";

/** Amounts on the wire are base-unit decimal strings. */
const amount = (value: bigint): string => value.toString();

export interface QuoteContext {
  readonly quoteId: string;
  readonly request: QuoteRequest;
  /** Unix seconds (virtual) after which the quote cannot be built. */
  readonly expiresAt: bigint;
  readonly tokenInfo: (mint: Address) => { symbol: string; decimals: number };
}

function tokenAmounts(context: QuoteContext, mints: readonly Address[], amounts: readonly bigint[]): TokenAmount[] {
  return mints.map((mint, i) => ({ mint, ...context.tokenInfo(mint), amount: amount(amounts[i]!) }));
}

/**
 * The mode a quote reports: on the curve the one asked for (or the default); past it the mode
 * is ignored, and the quote says what its amountIn counted instead (lamports for a buy,
 * launch tokens given up for a sell), so a client reading it back does not misread amountIn.
 */
function modeOf(request: QuoteRequest, venue: "curve" | "pastTheCurve"): TradeMode {
  if (venue === "curve") return request.mode;
  return request.direction === "buy" ? "exactInSol" : "exactIn";
}

function base(context: QuoteContext, plan: Plan | null, venue: "curve" | "pastTheCurve") {
  const { request } = context;
  return {
    quoteId: context.quoteId,
    launch: request.launch,
    direction: request.direction,
    mode: modeOf(request, venue),
    amountIn: amount(request.amountIn),
    preview: request.preview,
    expiresAt: Number(context.expiresAt),
    allInLamports: plan === null ? null : amount(allInLamports(plan.spendLamports, plan.fees)),
  };
}

function curveLegs(priced: CurvePriced): RouteLeg[] {
  const { market, pricing } = priced;
  if (pricing.direction === "buy") {
    return pricing.funding.flatMap((component, i) => {
      const venue = market.venues[i];
      if (component.shortfall === 0n || !venue || component.lamportsIn === null) return [];
      return [
        {
          kind: "swap" as const,
          venue: venue.pool,
          mintIn: NATIVE_MINT_ADDRESS,
          mintOut: component.mint,
          amountIn: amount(component.lamportsIn),
          minOut: amount(component.minOut),
        },
      ];
    });
  }
  return pricing.unwind.flatMap((leg, i) => {
    const venue = market.venues[i];
    if (!venue || leg.lamportsOut === 0n) return [];
    return [
      {
        kind: "swap" as const,
        venue: venue.pool,
        mintIn: leg.mint,
        mintOut: NATIVE_MINT_ADDRESS,
        amountIn: amount(leg.amountIn),
        minOut: amount(leg.lamportsOut),
      },
    ];
  });
}

function curveNote(priced: CurvePriced, fullyCovered: boolean): string {
  const { market, pricing } = priced;
  const sol = market.mints.some(isWrappedSol);
  if (sol && market.mints.length === 1) {
    return pricing.direction === "buy"
      ? "The component is wrapped SOL: the settle wraps what it deposits (no swap) and unwraps the rest, in one transaction."
      : "The component is wrapped SOL: the settle unwraps what it withdraws, in one transaction.";
  }
  const wrapped = sol ? " Wrapped SOL is wrapped (and unwrapped) in the settle itself, never swapped." : "";
  return pricing.direction === "buy"
    ? fullyCovered
      ? `The wallet holds every component: the buy settles in one transaction.${wrapped}`
      : `Setup swaps buy the component shortfall with SOL first; the buy settles last.${wrapped}`
    : `The sell settles first; swaps then turn the received components into SOL.${wrapped}`;
}

export function curveQuoteRecord(context: QuoteContext, priced: CurvePriced, plan: Plan | null): CurveQuote {
  const { market, pricing } = priced;
  const { trade } = pricing;
  const buy = pricing.direction === "buy" ? pricing : null;
  const funding = buy?.funding ?? [];
  const fullyCovered = funding.every((component) => component.shortfall === 0n);
  const solIn = buy?.solIn ?? 0n;
  const route: Route | null =
    plan === null
      ? null
      : {
          fullyCovered,
          solIn: amount(solIn),
          legs: curveLegs(priced),
          venues: market.venues.flatMap((venue) =>
            venue
              ? [
                  {
                    pool: venue.pool,
                    mint: venue.mint,
                    lamportsReserve: amount(venue.lamportsReserve),
                    componentReserve: amount(venue.componentReserve),
                    feeBps: venue.feeBps,
                  },
                ]
              : [],
          ),
          needsAccountSetup: plan.needsAccountSetup,
          transactions: plan.steps.length,
          note: curveNote(priced, fullyCovered),
        };
  return {
    ...base(context, plan, "curve"),
    componentTargets: tokenAmounts(context, market.mints, trade.componentAmounts),
    componentFees: tokenAmounts(context, market.mints, trade.componentFees),
    componentFunding: funding.map((component) => ({
      mint: component.mint,
      ...context.tokenInfo(component.mint),
      amount: amount(component.amount),
      required: amount(component.required),
      held: amount(component.held),
      shortfall: amount(component.shortfall),
    })),
    fullyCovered,
    dnaUnitsNet: amount(pricing.direction === "buy" ? trade.dnaAmount : trade.traderDna),
    expectedOut: amount(pricing.direction === "buy" ? trade.primaryAmount : trade.traderDna),
    minOut: amount(pricing.direction === "buy" ? pricing.minOut : pricing.minDnaOut),
    priceImpactBps: pricing.priceImpactBps,
    feeBps: market.state.feeBps,
    clamped: trade.clamped,
    budgetSolIn: amount(context.request.mode === "exactInSol" ? context.request.amountIn : solIn),
    route,
  };
}

export function marketQuoteRecord(context: QuoteContext, priced: MarketPriced, plan: Plan | null): MarketQuote {
  const { path } = priced;
  const buy = path.direction === "buy";
  return {
    ...base(context, plan, "pastTheCurve"),
    graduated: true,
    expectedOut: amount(path.expectedOut),
    minOut: amount(path.minOut),
    priceImpactBps: path.priceImpactBps,
    feeBps: path.venue.feeBps + path.pair.feeBps,
    path: {
      component: path.pair.componentMint,
      venue: path.venue.pool,
      pair: path.pair.pool,
      intermediateAmount: amount(path.intermediate),
    },
    route:
      plan === null
        ? null
        : {
            fullyCovered: true,
            solIn: amount(buy ? path.amountIn : 0n),
            legs: [
              {
                kind: "swap",
                venue: buy ? path.venue.pool : path.pair.pool,
                mintIn: buy ? NATIVE_MINT_ADDRESS : path.pair.primaryMint,
                mintOut: path.pair.componentMint,
                amountIn: amount(path.amountIn),
                minOut: amount(path.intermediate),
              },
              {
                kind: "swap",
                venue: buy ? path.pair.pool : path.venue.pool,
                mintIn: path.pair.componentMint,
                mintOut: buy ? path.pair.primaryMint : NATIVE_MINT_ADDRESS,
                amountIn: amount(path.intermediate),
                minOut: amount(path.minOut),
              },
            ],
            venues: [
              {
                pool: path.venue.pool,
                mint: path.venue.mint,
                lamportsReserve: amount(path.venue.lamportsReserve),
                componentReserve: amount(path.venue.componentReserve),
                feeBps: path.venue.feeBps,
              },
            ],
            needsAccountSetup: plan.needsAccountSetup,
            transactions: plan.steps.length,
            note: "Past the curve a trade crosses the component's SOL venue and the launch's pair pool, on the path that pays most.",
          },
  };
}

export function poolQuoteRecord(context: QuoteContext, priced: PoolPriced, plan: Plan | null): PoolQuote {
  const { path } = priced;
  const { pool } = path;
  const buy = path.direction === "buy";
  return {
    ...base(context, plan, "pastTheCurve"),
    estimatedAmountOut: amount(path.estimatedAmountOut),
    minOut: amount(path.minOut),
    priceImpactBps: path.priceImpactBps,
    feeBps: pool.feeBps,
    pool: {
      address: pool.pool,
      primaryReserve: amount(pool.primaryReserve),
      lamportsReserve: amount(pool.componentReserve),
      feeBps: pool.feeBps,
    },
    route:
      plan === null
        ? null
        : {
            fullyCovered: true,
            solIn: amount(buy ? path.amountIn : 0n),
            legs: [
              {
                kind: "swap",
                venue: pool.pool,
                mintIn: buy ? NATIVE_MINT_ADDRESS : pool.primaryMint,
                mintOut: buy ? pool.primaryMint : NATIVE_MINT_ADDRESS,
                amountIn: amount(path.amountIn),
                minOut: amount(path.minOut),
              },
            ],
            venues: [
              {
                pool: pool.pool,
                mint: pool.primaryMint,
                lamportsReserve: amount(pool.componentReserve),
                componentReserve: amount(pool.primaryReserve),
                feeBps: pool.feeBps,
              },
            ],
            needsAccountSetup: plan.needsAccountSetup,
            transactions: plan.steps.length,
            note: buy
              ? "A tradable collectible trades on its launch↔wSOL pool: the settle wraps the lamports, swaps them for the token and unwraps what is left, in one transaction."
              : "A tradable collectible trades on its launch↔wSOL pool: the settle swaps the tokens for wrapped SOL and unwraps it, in one transaction.",
          },
  };
}
