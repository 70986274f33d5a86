/**
 * The program error codes an economics prediction can return: the refusals that depend
 * only on amounts, curve state and balances. They are the program clients' own codes
 * (src/programs mirrors programs-fixtures/include/errors.h); account-validation codes are
 * out of scope for pure math.
 */
import { ProgramErrorCode } from "../programs/program-error.ts";

/** The trade moves nothing. */
export const ERROR_ZERO_AMOUNT = ProgramErrorCode.ZeroAmount;
/** Max in exceeded or min out not reached. */
export const ERROR_SLIPPAGE_EXCEEDED = ProgramErrorCode.SlippageExceeded;
/** The curve sold its inventory: no more trades. */
export const ERROR_CURVE_COMPLETE = ProgramErrorCode.CurveComplete;
/** An amount does not fit in 64 bits. */
export const ERROR_MATH_OVERFLOW = ProgramErrorCode.MathOverflow;
/** The trader lacks a component the buy deposits. */
export const ERROR_INSUFFICIENT_COMPONENTS = ProgramErrorCode.InsufficientComponents;
/** The trader lacks the tokens it gives up. */
export const ERROR_INSUFFICIENT_TOKENS = ProgramErrorCode.InsufficientTokens;
/** The pool or curve cannot pay that much out. */
export const ERROR_INSUFFICIENT_LIQUIDITY = ProgramErrorCode.InsufficientLiquidity;

/** Any refusal an economics function can predict. */
export type RefusalCode =
  | typeof ERROR_ZERO_AMOUNT
  | typeof ERROR_SLIPPAGE_EXCEEDED
  | typeof ERROR_CURVE_COMPLETE
  | typeof ERROR_MATH_OVERFLOW
  | typeof ERROR_INSUFFICIENT_COMPONENTS
  | typeof ERROR_INSUFFICIENT_TOKENS
  | typeof ERROR_INSUFFICIENT_LIQUIDITY;

/** A predicted refusal: the program would fail the transaction with `error`. */
export interface Refusal<Code extends RefusalCode = RefusalCode> {
  readonly ok: false;
  readonly error: Code;
}

/** Builds a {@link Refusal}. */
export function refuse<Code extends RefusalCode>(error: Code): Refusal<Code> {
  return { ok: false, error };
}
