/**
 * TypeScript clients of the basket-devnet on-chain programs (launch, curve, pool):
 * addresses, PDAs, error codes, account and event codecs, and instruction builders. The C
 * sources in programs-fixtures/ are the truth these files mirror.
 */
export * from "./program-addresses.ts";
export * from "./program-error.ts";
export * from "./program-derived-addresses.ts";
export * from "./program-instruction.ts";
export * from "./launch-status.ts";
export * from "./launch-kind.ts";
export * from "./launch-account.ts";
export * from "./curve-account.ts";
export * from "./pool-account.ts";
export * from "./program-event-tag.ts";
export * from "./launch-created-event.ts";
export * from "./trade-event.ts";
export * from "./status-changed-event.ts";
export * from "./pool-created-event.ts";
export * from "./liquidity-added-event.ts";
export * from "./swap-event.ts";
export * from "./migration-step-event.ts";
export * from "./collectible-stage.ts";
export * from "./collectible-listed-event.ts";
export * from "./collectible-stage-event.ts";
export * from "./card-released-event.ts";
export * from "./program-event.ts";
export * from "./launch-instructions.ts";
export * from "./migrate-instruction.ts";
export * from "./curve-instructions.ts";
export * from "./pool-instructions.ts";
export * from "./collectible-account.ts";
export * from "./collectible-instructions.ts";
export * from "./collectible-crank.ts";
export * from "./token-account.ts";
