/**
 * Why the trade flow refused a request, as data: a stable code, the HTTP status the API
 * answers with, and a sentence for the `error` field. Codes are never renamed or reused.
 */
export const TRADE_FAILURE_STATUS = {
  LAUNCH_NOT_FOUND: 404,
  LAUNCH_NOT_TRADABLE: 409,
  MODE_NOT_SUPPORTED: 400,
  TRADE_REFUSED: 422,
  NO_ROUTE: 422,
  QUOTE_NOT_FOUND: 404,
  QUOTE_EXPIRED: 410,
  PREVIEW_QUOTE: 400,
  INSUFFICIENT_FUNDS: 400,
  INVALID_TRANSACTION: 400,
  INVALID_SIGNATURE: 400,
  MESSAGE_MISMATCH: 400,
  SUBMISSION_REFUSED: 400,
  INVALID_LAUNCH: 400,
} as const;

export type TradeFailureCode = keyof typeof TRADE_FAILURE_STATUS;

export interface TradeFailure {
  readonly code: TradeFailureCode;
  readonly status: number;
  readonly message: string;
}

export type DeskResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: TradeFailure };

export function refuseTrade(code: TradeFailureCode, message: string): { ok: false; failure: TradeFailure } {
  return { ok: false, failure: { code, status: TRADE_FAILURE_STATUS[code], message } };
}
