import type { Check } from "../../engine/check.ts";

/** Every check of the `trade` phase: add each check module's exports here. */
export const TRADE_CHECKS: readonly Check[] = [];
