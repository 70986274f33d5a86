/**
 * The lamports the API keeps back when it sizes a transfer or a SOL-budget trade for a
 * wallet (`feeReserveLamports` of `GET /v1/wallets/{wallet}/balances`): the worst case of one
 * trade's costs besides the trade itself, so that spending "everything" still lands.
 */

/** Rent-exempt minimum of a 165-byte SPL token account at the default rent (a test checks it against the chain). */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n;

/** Token accounts one trade may create: the launch token, five components and wrapped SOL. */
export const MAX_NEW_TOKEN_ACCOUNTS = 7n;

/** Signature fee per transaction (the runtime's default of 5,000 lamports per signature). */
export const SIGNATURE_FEE_LAMPORTS = 5_000n;

/** Transactions a trade plan may need: a setup swap per component, account setup, the settling trade, slack. */
export const MAX_PLAN_TRANSACTIONS = 8n;

/** 7 × 2,039,280 + 8 × 5,000 = 14,314,960 lamports (≈ 0.0143 SOL). Tips and priority fees come on top. */
export const FEE_RESERVE_LAMPORTS = MAX_NEW_TOKEN_ACCOUNTS * TOKEN_ACCOUNT_RENT_LAMPORTS + MAX_PLAN_TRANSACTIONS * SIGNATURE_FEE_LAMPORTS;
