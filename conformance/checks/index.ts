import type { Check } from "../engine/check.ts";
import { BOUNDARIES_CHECKS } from "./boundaries/index.ts";
import { LINKS_CHECKS } from "./links/index.ts";
import { NEGATIVE_CHECKS } from "./negative/index.ts";
import { READ_CHECKS } from "./read/index.ts";
import { SCHEMA_CHECKS } from "./schema/index.ts";
import { STATEFUL_CHECKS } from "./stateful/index.ts";
import { STREAM_CHECKS } from "./stream/index.ts";
import { TRADE_CHECKS } from "./trade/index.ts";

/** The registry: every check of every phase, in phase order. Each phase lists its own in `<phase>/index.ts`. */
export const ALL_CHECKS: readonly Check[] = [
  ...SCHEMA_CHECKS,
  ...BOUNDARIES_CHECKS,
  ...NEGATIVE_CHECKS,
  ...READ_CHECKS,
  ...TRADE_CHECKS,
  ...STATEFUL_CHECKS,
  ...STREAM_CHECKS,
  ...LINKS_CHECKS,
];
