import type { Check } from "../../engine/check.ts";

/** Every check of the `negative` phase: add each check module's exports here. */
export const NEGATIVE_CHECKS: readonly Check[] = [];
