import type { Check } from "../../engine/check.ts";

/** Every check of the `boundaries` phase: add each check module's exports here. */
export const BOUNDARIES_CHECKS: readonly Check[] = [];
