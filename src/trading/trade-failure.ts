import { type ApiErrorCode, type ApiErrorParams, apiError } from "../errors/index.ts";

/** The catalogue codes the trade flow can answer with (src/errors holds their statuses and sentences). */
export type TradeFailureCode = Extract<
  ApiErrorCode,
  | "LAUNCH_NOT_FOUND"
  | "LAUNCH_NOT_TRADABLE"
  | "MODE_NOT_SUPPORTED"
  | "TRADE_REFUSED"
  | "NO_ROUTE"
  | "QUOTE_NOT_FOUND"
  | "QUOTE_EXPIRED"
  | "PREVIEW_QUOTE"
  | "INSUFFICIENT_FUNDS"
  | "INVALID_TRANSACTION"
  | "INVALID_SIGNATURE"
  | "MESSAGE_MISMATCH"
  | "SUBMISSION_REFUSED"
  | "INVALID_LAUNCH"
>;

/** Why the trade flow refused a request: a stable code, its HTTP status, the sentence. */
export interface TradeFailure {
  readonly code: TradeFailureCode;
  readonly status: number;
  readonly message: string;
}

export type DeskResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: TradeFailure };

/** A refusal with the catalogue's sentence for `code`, filled from `params`. */
export function refuseTrade<C extends TradeFailureCode>(
  code: C,
  ...params: keyof ApiErrorParams<C> extends never ? [] : [ApiErrorParams<C>]
): { ok: false; failure: TradeFailure } {
  const error = (apiError as (code: C, ...rest: unknown[]) => ReturnType<typeof apiError>)(code, ...params);
  return { ok: false, failure: { code, status: error.status, message: error.body.error } };
}
