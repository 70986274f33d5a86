import type { Address } from "@solana/kit";
import { NATIVE_MINT_ADDRESS } from "../programs/index.ts";
import type { PlannedStep } from "./curve-plan.ts";
import type { CurveMarket, CurvePricing } from "./curve-quote.ts";
import type { MarketPath } from "./market-route.ts";
import type { QuoteRequest } from "./trade-desk.ts";

/** Amounts on the wire are base-unit decimal strings. */
const amount = (value: bigint): string => value.toString();

export interface QuoteContext {
  readonly quoteId: string;
  readonly request: QuoteRequest;
  /** Unix seconds (virtual) after which the quote cannot be built. */
  readonly expiresAt: bigint;
  readonly tokenInfo: (mint: Address) => { symbol: string; decimals: number };
}

export interface TokenAmount {
  readonly mint: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly amount: string;
}

export interface RouteRecord {
  readonly fullyCovered: boolean;
  readonly solIn: string;
  readonly legs: {
    readonly kind: "swap";
    readonly venue: string;
    readonly mintIn: string;
    readonly mintOut: string;
    readonly amountIn: string;
    readonly minOut: string;
  }[];
  readonly venues: {
    readonly pool: string;
    readonly mint: string;
    readonly lamportsReserve: string;
    readonly componentReserve: string;
    readonly feeBps: number;
  }[];
  readonly needsAccountSetup: boolean;
  readonly transactions: number;
  readonly note: string;
}

/** The curve quote of the specification (a launch still on the curve). */
export interface CurveQuoteRecord {
  readonly quoteId: string;
  readonly launch: string;
  readonly direction: "buy" | "sell";
  readonly mode: string;
  readonly amountIn: string;
  readonly preview: boolean;
  readonly componentTargets: TokenAmount[];
  readonly componentFees: TokenAmount[];
  readonly componentFunding: (TokenAmount & { readonly required: string; readonly held: string; readonly shortfall: string })[];
  readonly fullyCovered: boolean;
  readonly dnaUnitsNet: string;
  readonly expectedOut: string;
  readonly minOut: string;
  readonly priceImpactBps: number;
  readonly feeBps: number;
  readonly expiresAt: number;
  readonly clamped: boolean;
  readonly budgetSolIn: string;
  readonly route: RouteRecord | null;
}

/** The market quote of the specification (a launch past the curve): `graduated: true`. */
export interface MarketQuoteRecord {
  readonly quoteId: string;
  readonly launch: string;
  readonly direction: "buy" | "sell";
  readonly mode: string;
  readonly amountIn: string;
  readonly preview: boolean;
  readonly graduated: true;
  readonly expectedOut: string;
  readonly minOut: string;
  readonly priceImpactBps: number;
  readonly feeBps: number;
  readonly expiresAt: number;
  readonly path: { readonly component: string; readonly venue: string; readonly pair: string; readonly intermediateAmount: string };
  readonly route: RouteRecord | null;
}

export type QuoteRecord = CurveQuoteRecord | MarketQuoteRecord;

function tokenAmounts(context: QuoteContext, mints: readonly Address[], amounts: readonly bigint[]): TokenAmount[] {
  return mints.map((mint, i) => ({ mint, ...context.tokenInfo(mint), amount: amount(amounts[i]!) }));
}

function base(context: QuoteContext) {
  const { request } = context;
  return {
    quoteId: context.quoteId,
    launch: request.launch,
    direction: request.direction,
    mode: request.mode,
    amountIn: amount(request.amountIn),
    preview: request.preview,
  };
}

export function curveQuoteRecord(
  context: QuoteContext,
  market: CurveMarket,
  pricing: CurvePricing,
  steps: readonly PlannedStep[] | null,
  needsAccountSetup: boolean,
): CurveQuoteRecord {
  const { trade } = pricing;
  const buy = pricing.direction === "buy" ? pricing : null;
  const funding = buy?.funding ?? [];
  const fullyCovered = buy ? funding.every((component) => component.shortfall === 0n) : true;
  const legs =
    buy?.funding
      .map((component, i) => ({ component, venue: market.venues[i] }))
      .filter(({ component, venue }) => component.shortfall > 0n && venue && component.lamportsIn !== null)
      .map(({ component, venue }) => ({
        kind: "swap" as const,
        venue: venue!.pool,
        mintIn: NATIVE_MINT_ADDRESS,
        mintOut: component.mint,
        amountIn: amount(component.lamportsIn!),
        minOut: amount(component.shortfall),
      })) ??
    (pricing.direction === "sell"
      ? pricing.unwind
          .map((leg, i) => ({ leg, venue: market.venues[i] }))
          .filter(({ leg, venue }) => venue && leg.lamportsOut > 0n)
          .map(({ leg, venue }) => ({
            kind: "swap" as const,
            venue: venue!.pool,
            mintIn: leg.mint,
            mintOut: NATIVE_MINT_ADDRESS,
            amountIn: amount(leg.amountIn),
            minOut: amount(leg.lamportsOut),
          }))
      : []);
  const solIn = buy?.solIn ?? 0n;
  const route: RouteRecord | null =
    steps === null
      ? null
      : {
          fullyCovered,
          solIn: amount(solIn),
          legs,
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
          needsAccountSetup,
          transactions: steps.length,
          note:
            pricing.direction === "buy"
              ? fullyCovered
                ? "The wallet holds every component: the buy settles in one transaction."
                : "Setup swaps buy the component shortfall with SOL first; the buy settles last."
              : "The sell settles first; swaps then turn the received components into SOL.",
        };
  return {
    ...base(context),
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
    expiresAt: Number(context.expiresAt),
    clamped: trade.clamped,
    budgetSolIn: amount(context.request.mode === "exactInSol" ? context.request.amountIn : solIn),
    route,
  };
}

export function marketQuoteRecord(
  context: QuoteContext,
  path: MarketPath,
  steps: readonly PlannedStep[] | null,
  needsAccountSetup: boolean,
): MarketQuoteRecord {
  const buy = path.direction === "buy";
  return {
    ...base(context),
    graduated: true,
    expectedOut: amount(path.expectedOut),
    minOut: amount(path.minOut),
    priceImpactBps: path.priceImpactBps,
    feeBps: path.venue.feeBps + path.pair.feeBps,
    expiresAt: Number(context.expiresAt),
    path: {
      component: path.pair.componentMint,
      venue: path.venue.pool,
      pair: path.pair.pool,
      intermediateAmount: amount(path.intermediate),
    },
    route:
      steps === null
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
            needsAccountSetup,
            transactions: steps.length,
            note: "Past the curve a trade crosses the component's SOL venue and the launch's pair pool, on the path that pays most.",
          },
  };
}
