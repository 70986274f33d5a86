import type { Address } from "@solana/kit";
import { saturatingU64 } from "../wire/wire-fields.ts";
import { DEFAULT_SLIPPAGE_BPS, type QuoteBody, type TRADE_MODES, defaultModeOf } from "./records/quote-body.ts";

export type TradeMode = (typeof TRADE_MODES)[number];

/** A quote request as the desk works with it: amounts as bigint, defaults applied. */
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

/**
 * The request of a quote body the schema validated. The API's ajv fills the defaults
 * (useDefaults); the same constants apply here for a body built in code. The mode's default
 * depends on the direction, so it is applied here only (the schema names none).
 */
export function quoteRequestOf(body: QuoteBody): QuoteRequest {
  const priority = body.priorityFee;
  return {
    launch: body.launch as Address,
    direction: body.direction,
    amountIn: saturatingU64(body.amountIn),
    mode: body.mode ?? defaultModeOf(body.direction),
    slippageBps: body.slippageBps ?? DEFAULT_SLIPPAGE_BPS,
    wallet: (body.wallet as Address | undefined) ?? null,
    preview: body.preview ?? false,
    tipLamports: body.tipLamports === undefined ? null : saturatingU64(body.tipLamports),
    priorityFee: priority === undefined ? null : priority === "auto" ? "auto" : BigInt(priority),
  };
}
