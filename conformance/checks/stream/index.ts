import type { Check } from "../../engine/check.ts";

/** Every check of the `stream` phase: add each check module's exports here. */
export const STREAM_CHECKS: readonly Check[] = [];
