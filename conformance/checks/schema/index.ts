import type { Check } from "../../engine/check.ts";
import { SCHEMA_RESPONSE_CHECKS } from "./response-checks.ts";

/** Every check of the `schema` phase: answers to real requests against the document. */
export const SCHEMA_CHECKS: readonly Check[] = [...SCHEMA_RESPONSE_CHECKS];
