import type { Check } from "../../engine/check.ts";

/** Every check of the `schema` phase: add each check module's exports here. */
export const SCHEMA_CHECKS: readonly Check[] = [];
