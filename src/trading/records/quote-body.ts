import { type Static, Type } from "@sinclair/typebox";
import { Address, AddressText, U64, U64Saturating } from "../../wire/wire-fields.ts";

export const TRADE_MODES = ["exactIn", "exactOut", "exactInSol"] as const;
/**
 * The mode of a quote that names none: the specification's `exactOut` for a buy; for a sell
 * `exactIn`, the only mode a sell has (the specification's table has no sell by `exactOut`,
 * so its default would refuse every sell that names no mode).
 */
export function defaultModeOf(direction: "buy" | "sell"): "exactOut" | "exactIn" {
  return direction === "sell" ? "exactIn" : "exactOut";
}
export const DEFAULT_SLIPPAGE_BPS = 100;
/**
 * The largest priority fee a quote takes, in lamports per transaction: 18 digits. Every step
 * of a plan spreads it over its compute budget as a u64 price in micro-lamports per unit
 * (⌈fee × 10⁶ / units⌉, units ≥ 60,000 on every step), which stays under U64_MAX for every fee up to
 * here (10¹⁸ × 10⁶ / 6 × 10⁴ ≈ 1.7 × 10¹⁹ < 1.84 × 10¹⁹).
 */
export const MAX_PRIORITY_FEE_LAMPORTS = 999_999_999_999_999_999n;
const PRIORITY_FEE_DIGITS = MAX_PRIORITY_FEE_LAMPORTS.toString().length;

const closed = <const T extends readonly string[]>(values: T, options: { description: string; default?: T[number] }) =>
  Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });

/** The body of `POST /v1/trades/quote`; absent fields take the defaults written here. */
export const QuoteBodySchema = Type.Object(
  {
    launch: AddressText("Launch address (a ticker is not accepted here); one that names no launch is a 404."),
    direction: closed(["buy", "sell"] as const, { description: "`buy` or `sell`." }),
    amountIn: U64Saturating(
      "What amountIn counts depends on direction and mode (see the operation). At most 20 digits; past the u64 maximum it counts as that maximum.",
    ),
    mode: Type.Optional(
      closed(TRADE_MODES, {
        description: "Default `exactOut` for a buy and `exactIn` for a sell (the only mode a sell has). Ignored past the curve.",
      }),
    ),
    slippageBps: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 10_000,
        default: DEFAULT_SLIPPAGE_BPS,
        description: "Buy: input buffer; sell: floor on what is received. 0 to 10000, default 100.",
      }),
    ),
    wallet: Type.Optional(
      Address("With a wallet the quote reports holdings and routes only the shortfall. It must be able to pay fees (not a program)."),
    ),
    preview: Type.Optional(
      Type.Boolean({ default: false, description: "A preview is priced and never stored: its quoteId cannot be built." }),
    ),
    tipLamports: Type.Optional(
      U64Saturating(
        'Tip on the settling transaction; absent means the server default (10,000 lamports); "0" means none. At most 20 digits; past the u64 maximum it counts as that maximum.',
      ),
    ),
    priorityFee: Type.Optional(
      Type.Union(
        [
          Type.Literal("auto"),
          U64(`Lamports per transaction, at most ${PRIORITY_FEE_DIGITS} digits.`, { maxLength: PRIORITY_FEE_DIGITS }),
          Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: "Lamports per transaction." }),
        ],
        {
          description:
            "`auto` (10,000 micro-lamports per compute unit) or lamports per transaction (at most 999,999,999,999,999,999), spread over the settle's compute budget.",
        },
      ),
    ),
  },
  { description: "A quote request." },
);

export type QuoteBody = Static<typeof QuoteBodySchema>;
