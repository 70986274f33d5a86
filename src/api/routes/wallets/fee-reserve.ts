/**
 * The lamports the API keeps back when it sizes a transfer or a SOL-budget trade for a
 * wallet (`feeReserveLamports` of `GET /v1/wallets/{wallet}/balances`). The budget itself is
 * the trading desk's (src/trading/fee-budget.ts): the quote's `allInLamports` and build's
 * funds check count with the same figures.
 */
export { FEE_RESERVE_LAMPORTS, TOKEN_ACCOUNT_RENT_LAMPORTS } from "../../../trading/fee-budget.ts";
