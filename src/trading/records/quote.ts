import { type Static, Type } from "@sinclair/typebox";
import { Address, Amount, Bps, UnixSeconds } from "../../wire/wire-fields.ts";
import { TRADE_MODES } from "./quote-body.ts";

const Direction = Type.Union([Type.Literal("buy"), Type.Literal("sell")], { description: "As requested." });
/** Integers the server reports that have no tighter bound: exact in a JSON number. */
const Count = (description: string, minimum = 0) => Type.Integer({ minimum, maximum: Number.MAX_SAFE_INTEGER, description });

/** A mint with an amount, labelled for display. */
export const TokenAmountSchema = Type.Object(
  {
    mint: Address("The mint."),
    symbol: Type.String({ description: "Ticker; empty when unknown." }),
    decimals: Type.Integer({ minimum: 0, maximum: 255 }),
    amount: Amount("Base units."),
  },
  { additionalProperties: false },
);

/** One swap of a route. */
export const RouteLegSchema = Type.Object(
  {
    kind: Type.Literal("swap"),
    venue: Address("Pool address."),
    mintIn: Address("The mint the swap spends."),
    mintOut: Address("The mint the swap returns."),
    amountIn: Amount("Base units in."),
    minOut: Amount("Base units out at least."),
  },
  { additionalProperties: false },
);

/** A SOL venue a route reads. */
export const RouteVenueSchema = Type.Object(
  {
    pool: Address("The venue pool."),
    mint: Address("The token it prices against SOL: a component, or a collectible's launch token on its pool."),
    lamportsReserve: Amount("Lamports in the venue."),
    componentReserve: Amount("Base units of `mint` in the venue."),
    feeBps: Bps("The pool's fee."),
  },
  { additionalProperties: false },
);

export const RouteSchema = Type.Object(
  {
    fullyCovered: Type.Boolean(),
    solIn: Amount("Lamports the setup swaps spend and the wrapped-SOL deposit takes (a pool buy: amountIn)."),
    legs: Type.Array(RouteLegSchema, { description: "Swaps the plan makes, in order." }),
    venues: Type.Array(RouteVenueSchema, { description: "The SOL venues the route reads." }),
    needsAccountSetup: Type.Boolean({ description: "The wallet has no launch-token account yet (the plan opens it)." }),
    transactions: Count("Signatures the trade needs: the build's plan length at quote time.", 1),
    note: Type.String(),
  },
  { additionalProperties: false },
);

const QuoteCommon = {
  quoteId: Type.String({
    description: "Stored quote id (`q_…`), or a preview's id (`p_…`) that cannot be built. Random: unique across restarts.",
  }),
  launch: Address("The launch."),
  direction: Direction,
  mode: Type.Union(
    TRADE_MODES.map((mode) => Type.Literal(mode)),
    {
      description:
        "On the curve, as requested (or the default). Past it (a market or a pool quote) the mode is ignored, and this says what amountIn counted: `exactInSol` for a buy (lamports), `exactIn` for a sell (launch tokens).",
    },
  ),
  amountIn: Amount("As requested."),
  preview: Type.Boolean(),
  minOut: Amount("The floor the settle enforces."),
  priceImpactBps: Count("How far the average price is from the spot price, in basis points (a large buy may pass 10000)."),
  feeBps: Type.Integer({
    minimum: 0,
    maximum: 20_000,
    description: "The fee the trade pays: the curve's, the venue's and the pair pool's together, or a collectible's pool's.",
  }),
  expiresAt: UnixSeconds("Unix seconds of the simulator's clock; 30 s after the quote."),
  allInLamports: Type.Union([Amount("Lamports."), Type.Null()], {
    description:
      "Every lamport the trade takes from the wallet, all in: the SOL the trade spends (setup swaps and wrapped-SOL deposits on the curve, the first hop past it, a collectible pool buy's lamports), the network fee of each transaction's signature (route.transactions × 5,000), the tip, the priority fees, and the rent of the token accounts the plan opens and leaves open. What a sell's swaps pay back is not netted. Null without a wallet (no route).",
  }),
  route: Type.Union([RouteSchema, Type.Null()], { description: "Null without a wallet (a price, no route)." }),
};

/** What a curve or market quote expects out (a pool quote estimates instead: estimatedAmountOut). */
const ExpectedOut = Amount(
  "Buy on the curve: launch base units; sell on the curve: net DNA units; past the curve: launch base units (buy) or lamports (sell).",
);

/** A component a buy deposits and how the wallet funds it. */
export const ComponentFundingSchema = Type.Object(
  {
    mint: Address("The component."),
    symbol: Type.String(),
    decimals: Type.Integer({ minimum: 0, maximum: 255 }),
    amount: Amount("Deposit at the quoted price."),
    required: Amount("With the slippage buffer."),
    held: Amount("The wallet's balance."),
    shortfall: Amount("What setup swaps buy (wrapped SOL: what the settle wraps)."),
  },
  { additionalProperties: false },
);

export const CurveQuoteSchema = Type.Object(
  {
    ...QuoteCommon,
    expectedOut: ExpectedOut,
    componentTargets: Type.Array(TokenAmountSchema, { description: "Per component: deposited (buy, fee included) or withdrawn (sell)." }),
    componentFees: Type.Array(TokenAmountSchema, { description: "Per component: the fee part." }),
    componentFunding: Type.Array(ComponentFundingSchema, { description: "Buys only; empty on a sell." }),
    fullyCovered: Type.Boolean(),
    dnaUnitsNet: Amount("DNA units: the curve cost of a buy, the net output of a sell."),
    clamped: Type.Boolean({ description: "The buy was cut to the inventory left on the curve." }),
    budgetSolIn: Amount(
      "exactInSol: the budget; otherwise the lamports the setup swaps spend (a quote without a wallet: to buy every component). " +
        "0 when no SOL venue holds enough of some component to swap for: only a wallet that holds it can make that buy (a quote naming a wallet short of it is refused NO_ROUTE).",
    ),
  },
  {
    $id: "CurveQuote",
    additionalProperties: false,
    description:
      "A quote on a launch still on its curve: carries expectedOut and componentTargets. A collectible still raising quotes this shape: its one component is wrapped SOL, which the plan wraps from SOL (no swap) on a buy and unwraps on a sell.",
  },
);

export const MarketQuoteSchema = Type.Object(
  {
    ...QuoteCommon,
    expectedOut: ExpectedOut,
    graduated: Type.Literal(true),
    path: Type.Object(
      {
        component: Address("The component the trade crosses."),
        venue: Address("Its SOL venue."),
        pair: Address("The launch's pair pool with it."),
        intermediateAmount: Amount("Component base units between the two hops."),
      },
      { additionalProperties: false, description: "The component the trade crosses, its SOL venue and the launch's pair pool." },
    ),
  },
  {
    $id: "MarketQuote",
    additionalProperties: false,
    description: "A quote on a graduated launch: a buy spends lamports, a sell gives up launch tokens.",
  },
);

export const PoolQuoteSchema = Type.Object(
  {
    ...QuoteCommon,
    estimatedAmountOut: Amount(
      "What the swap returns if the pool does not move before it lands — launch base units on a buy, lamports on a sell — computed by the pool's own constant-product math (fee and rounding included): exactly what lands when nothing else trades first. An estimate, not a promise: the floor is minOut.",
    ),
    pool: Type.Object(
      {
        address: Address("The collectible's launch↔wSOL pool, opened by its migration."),
        primaryReserve: Amount("Launch base units in the pool."),
        lamportsReserve: Amount("Wrapped-SOL lamports in the pool."),
        feeBps: Bps("The pool's fee."),
      },
      { additionalProperties: false, description: "The pool the trade swaps on, as read for the quote." },
    ),
  },
  {
    $id: "PoolQuote",
    additionalProperties: false,
    description:
      "A quote on a tradable collectible (stage tradable, status graduated): one swap on its launch↔wSOL pool. A buy spends amountIn lamports (wrapped into the wallet's wSOL account, swapped, the account closed); a sell gives up amountIn launch tokens for lamports (swapped into wSOL, then unwrapped). Carries estimatedAmountOut and no expectedOut; the mode is ignored. One transaction.",
  },
);

export const QuoteSchema = Type.Union([CurveQuoteSchema, MarketQuoteSchema, PoolQuoteSchema]);

export type TokenAmount = Static<typeof TokenAmountSchema>;
export type RouteLeg = Static<typeof RouteLegSchema>;
export type Route = Static<typeof RouteSchema>;
export type CurveQuote = Static<typeof CurveQuoteSchema>;
export type MarketQuote = Static<typeof MarketQuoteSchema>;
export type PoolQuote = Static<typeof PoolQuoteSchema>;
export type Quote = Static<typeof QuoteSchema>;
