/**
 * The regular expressions our parameters are checked against, each with the rule sentence
 * a client reads when a value fails it. Patterns and sentences live together so an error can
 * never describe a rule the schema does not apply.
 */

/** A base58 Solana address: a wallet, a launch, a mint (as the specification writes it). */
export const ADDRESS_PATTERN = "^[1-9A-HJ-NP-Za-km-z]{32,44}$";

/** A launch named by address, primary mint or ticker (tickers are `^[A-Z0-9]{2,10}$` on chain; any case is looked up). */
export const LAUNCH_ID_PATTERN = "^(?:[1-9A-HJ-NP-Za-km-z]{32,44}|[A-Za-z0-9]{2,10})$";

/** 1 to 100 addresses joined by commas, nothing else (no spaces, no empty entries). */
export const ADDRESS_LIST_PATTERN = "^[1-9A-HJ-NP-Za-km-z]{32,44}(?:,[1-9A-HJ-NP-Za-km-z]{32,44}){0,99}$";

/** A trade-tape cursor: `slot:seq`, both decimal without leading zeros. */
export const TRADE_CURSOR_PATTERN = "^(?:0|[1-9][0-9]{0,19}):(?:0|[1-9][0-9]{0,9})$";

/** Also the rule of a value that matches the pattern but does not decode to 32 bytes. */
export const ADDRESS_RULE = "must be a base58 address (32 bytes, written in 32 to 44 characters)";

/** A base-units amount (the records' AMOUNT_PATTERN): what the trade-flow bodies will carry. */
export const AMOUNT_PATTERN = "^(0|[1-9][0-9]*)$";

const RULES = new Map<string, string>([
  [AMOUNT_PATTERN, "must be a non-negative decimal integer without leading zeros"],
  [ADDRESS_PATTERN, ADDRESS_RULE],
  [LAUNCH_ID_PATTERN, "must be a launch address, a primary mint (base58, 32 to 44 characters) or a ticker (2 to 10 letters and digits)"],
  [ADDRESS_LIST_PATTERN, "must be 1 to 100 base58 addresses separated by commas"],
  [TRADE_CURSOR_PATTERN, "must be slot:seq as given by nextCursor of the previous page"],
]);

/** The rule sentence of one of our patterns ("must be …"), or null for a pattern not listed here. */
export function patternRule(pattern: string): string | null {
  return RULES.get(pattern) ?? null;
}
