import type { Check } from "../../engine/check.ts";

/** Every check of the `stateful` phase: add each check module's exports here. */
export const STATEFUL_CHECKS: readonly Check[] = [];
