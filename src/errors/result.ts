import { type ApiError, apiError } from "./api-error.ts";
import type { ApiErrorCode, ApiErrorParams } from "./api-error-catalogue.ts";

/**
 * What every layer returns where a request can fail for an expected reason (a bad quote id,
 * a launch that is migrating, a control the devnet cannot perform now): the value, or the
 * catalogue error a client will read. One shape from the trading desk to the HTTP reply, so
 * a failure never changes form on its way out. Programmer mistakes still throw.
 */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export type Failure = Extract<Result<never>, { ok: false }>;

export function succeed<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** The failure `code`, its sentence filled from `params`. */
export function fail<C extends ApiErrorCode>(
  code: C,
  ...params: keyof ApiErrorParams<C> extends never ? [] : [ApiErrorParams<C>]
): Failure {
  return { ok: false, error: (apiError as (code: C, ...rest: unknown[]) => ApiError)(code, ...params) };
}
