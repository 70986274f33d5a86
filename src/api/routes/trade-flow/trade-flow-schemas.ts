import { Type } from "@sinclair/typebox";
import { stringEnum } from "../../schemas/common-parameters.ts";
import { ADDRESS_PATTERN } from "../../schemas/parameter-patterns.ts";

/** A non-negative decimal integer without leading zeros, at most 20 characters (the specification's amount rule). */
export const AMOUNT_PATTERN = "^(0|[1-9][0-9]{0,19})$";
/** A transaction signature: 64 bytes in base58. */
export const SIGNATURE_PATTERN = "^[1-9A-HJ-NP-Za-km-z]{64,88}$";

const address = (description: string) => Type.String({ pattern: ADDRESS_PATTERN, description });
const amount = (description: string) => Type.String({ pattern: AMOUNT_PATTERN, description });

export const QuoteBodySchema = Type.Object(
  {
    launch: address("Launch address (a ticker is not accepted here)."),
    direction: stringEnum(["buy", "sell"] as const, { description: "`buy` or `sell`." }),
    amountIn: amount("What amountIn counts depends on direction and mode (see the operation). At most u64."),
    mode: Type.Optional(
      stringEnum(["exactIn", "exactOut", "exactInSol"] as const, {
        description: "Default `exactOut`. Ignored past the curve.",
        default: "exactOut",
      }),
    ),
    slippageBps: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 10_000,
        default: 100,
        description: "Buy: input buffer; sell: floor on what is received. 0 to 10000, default 100.",
      }),
    ),
    wallet: Type.Optional(address("With a wallet the quote reports holdings and routes only the shortfall.")),
    preview: Type.Optional(
      Type.Boolean({ default: false, description: "A preview is priced and never stored: its quoteId cannot be built." }),
    ),
    tipLamports: Type.Optional(
      amount('Tip on the settling transaction; absent means the server default (10,000 lamports); "0" means none.'),
    ),
    priorityFee: Type.Optional(
      Type.Union(
        [Type.Literal("auto"), amount("Lamports per transaction."), Type.Integer({ minimum: 0, description: "Lamports per transaction." })],
        {
          description:
            "`auto` (10,000 micro-lamports per compute unit) or lamports per transaction, spread over the settle's 60,000 compute units.",
        },
      ),
    ),
  },
  { description: "A quote request." },
);

const TokenAmountSchema = Type.Object(
  { mint: Type.String(), symbol: Type.String(), decimals: Type.Integer(), amount: amount("Base units.") },
  { additionalProperties: false },
);

const RouteSchema = Type.Union(
  [
    Type.Object(
      {
        fullyCovered: Type.Boolean(),
        solIn: amount("Lamports the setup swaps spend."),
        legs: Type.Array(
          Type.Object(
            {
              kind: Type.Literal("swap"),
              venue: Type.String({ description: "Pool address." }),
              mintIn: Type.String(),
              mintOut: Type.String(),
              amountIn: amount("Base units in."),
              minOut: amount("Base units out at least."),
            },
            { additionalProperties: false },
          ),
          { description: "Swaps the plan makes, in order." },
        ),
        venues: Type.Array(
          Type.Object(
            {
              pool: Type.String(),
              mint: Type.String(),
              lamportsReserve: amount("Lamports in the venue."),
              componentReserve: amount("Component base units in the venue."),
              feeBps: Type.Integer(),
            },
            { additionalProperties: false },
          ),
          { description: "The SOL venues the route reads." },
        ),
        needsAccountSetup: Type.Boolean({ description: "The wallet has no launch-token account yet (the plan opens it)." }),
        transactions: Type.Integer({ minimum: 1, description: "Signatures the trade needs: the build's plan length at quote time." }),
        note: Type.String(),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: "Null without a wallet (a price, no route)." },
);

const QuoteCommon = {
  quoteId: Type.String({ description: "Stored quote id (`q_…`), or a preview's id (`p_…`) that cannot be built." }),
  launch: Type.String(),
  direction: stringEnum(["buy", "sell"] as const, { description: "As requested." }),
  mode: Type.String({ description: "As requested (or the default)." }),
  amountIn: amount("As requested."),
  preview: Type.Boolean(),
  expectedOut: amount(
    "Buy on the curve: launch base units; sell on the curve: net DNA units; past the curve: launch base units (buy) or lamports (sell).",
  ),
  minOut: amount("The floor the settle enforces."),
  priceImpactBps: Type.Integer({ minimum: 0 }),
  feeBps: Type.Integer({ minimum: 0 }),
  expiresAt: Type.Integer({ description: "Unix seconds of the simulator's clock; 30 s after the quote." }),
  route: RouteSchema,
};

export const CurveQuoteSchema = Type.Object(
  {
    ...QuoteCommon,
    componentTargets: Type.Array(TokenAmountSchema, { description: "Per component: deposited (buy, fee included) or withdrawn (sell)." }),
    componentFees: Type.Array(TokenAmountSchema, { description: "Per component: the fee part." }),
    componentFunding: Type.Array(
      Type.Object(
        {
          mint: Type.String(),
          symbol: Type.String(),
          decimals: Type.Integer(),
          amount: amount("Deposit at the quoted price."),
          required: amount("With the slippage buffer."),
          held: amount("The wallet's balance."),
          shortfall: amount("What setup swaps buy."),
        },
        { additionalProperties: false },
      ),
      { description: "Buys only; empty on a sell." },
    ),
    fullyCovered: Type.Boolean(),
    dnaUnitsNet: amount("DNA units: the curve cost of a buy, the net output of a sell."),
    clamped: Type.Boolean({ description: "The buy was cut to the inventory left on the curve." }),
    budgetSolIn: amount("exactInSol: the budget; otherwise the lamports the setup swaps spend."),
  },
  {
    $id: "CurveQuote",
    additionalProperties: false,
    description: "A quote on a launch still on its curve: carries expectedOut and componentTargets.",
  },
);

export const MarketQuoteSchema = Type.Object(
  {
    ...QuoteCommon,
    graduated: Type.Literal(true),
    path: Type.Object(
      {
        component: Type.String(),
        venue: Type.String(),
        pair: Type.String(),
        intermediateAmount: amount("Component base units between the two hops."),
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

export const QuoteResponseSchema = Type.Object(
  { quote: Type.Union([CurveQuoteSchema, MarketQuoteSchema]) },
  { additionalProperties: false },
);

export const BuildBodySchema = Type.Object({
  quoteId: Type.String({ minLength: 1, maxLength: 64, description: "The quoteId of a stored quote." }),
  wallet: address("The wallet that signs every transaction; it pays the fees."),
});

export const PlanStepSchema = Type.Object(
  {
    step: Type.Integer({ minimum: 1 }),
    label: Type.String(),
    transaction: Type.String({ description: "Base64 of an unsigned v0 transaction." }),
    kind: stringEnum(["setup", "trade"] as const, { description: "`setup` or `trade`." }),
    settles: Type.Optional(Type.Literal(true, { description: "Present on the one settling step." })),
  },
  { additionalProperties: false },
);

export const BuildResponseSchema = Type.Object(
  {
    transaction: Type.String({ description: "The last entry of `plan`: the settling transaction on a buy." }),
    lastValidBlockHeight: Type.Integer(),
    plan: Type.Array(PlanStepSchema, { description: "Sign and land in order; one step settles." }),
  },
  { additionalProperties: false },
);

export const SubmitBodySchema = Type.Object({
  transaction: Type.String({ minLength: 1, maxLength: 4096, description: "Base64 of the signed transaction." }),
  quoteId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: "When given, the message must be one built for this quote." }),
  ),
});

export const TransactionStatusSchema = Type.Object(
  {
    signature: Type.String(),
    status: stringEnum(["pending", "confirmed", "finalized", "failed", "expired", "unknown"] as const, {
      description: "Where the transaction stands.",
    }),
    slot: Type.Union([Type.Integer(), Type.Null()], { description: "The slot it landed in." }),
    error: Type.Union([Type.String(), Type.Null()], { description: "Why it failed, naming the program error." }),
  },
  { $id: "TransactionStatus", additionalProperties: false },
);

export const StatusParamsSchema = Type.Object({
  signature: Type.String({ pattern: SIGNATURE_PATTERN, description: "A transaction signature (base58)." }),
});
export const StatusQuerySchema = Type.Object({
  lastValidBlockHeight: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "The build's lastValidBlockHeight: past it, an unseen transaction reports `expired`.",
    }),
  ),
});

const optionalText = (maxLength: number, description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description }));

export const BuildCreateBodySchema = Type.Object({
  symbol: Type.String({ pattern: "^[A-Z0-9]{2,10}$", description: "2 to 10 characters of A-Z and 0-9." }),
  name: Type.String({ minLength: 1, maxLength: 64, description: "1 to 64 characters." }),
  description: Type.Optional(Type.String({ maxLength: 500, description: "At most 500 characters; default empty." })),
  imageUri: optionalText(500, "Default: a generated image."),
  website: optionalText(256, "At most 256 characters."),
  x: optionalText(256, "At most 256 characters."),
  telegram: optionalText(256, "At most 256 characters."),
  components: Type.Array(
    Type.Object({
      mint: address("A component mint (GET /v1/assets)."),
      targetBps: Type.Integer({ minimum: 1, maximum: 10_000, description: "Target weight; weights sum to 10000." }),
    }),
    { minItems: 1, maxItems: 5, description: "1 to 5 components." },
  ),
  dnaUnitSol: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: "SOL per DNA unit; default 1e-9 (a DNA is worth a SOL)." })),
  creator: address("The creator's wallet: it signs and pays."),
  supply: Type.Optional(Type.Integer({ minimum: 1, description: "Whole launch tokens; default 1,000,000,000." })),
  curveTargetSol: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: "SOL the curve raises by graduation; default about 85." })),
  feeBps: Type.Optional(Type.Number({ description: "Default 100; 0 to 2000." })),
  creatorFeeShareBps: Type.Optional(Type.Number({ description: "Default 5000; 0 to 10000." })),
});

export const BuildCreateResponseSchema = Type.Object(
  {
    launch: Type.String({ description: "The launch address the plan creates." }),
    primaryMint: Type.String(),
    transaction: Type.String({ description: "The last entry of `plan`." }),
    lastValidBlockHeight: Type.Integer(),
    plan: Type.Array(PlanStepSchema),
  },
  { additionalProperties: false },
);
