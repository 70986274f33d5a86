import type { Check } from "../../engine/check.ts";
import { BUILD_CREATE_BOUND_CHECKS } from "./build-create-bound-checks.ts";
import { LIST_LIMIT_CHECKS } from "./list-limit-checks.ts";
import { PAGING_CONFLICT_CHECKS } from "./paging-conflict-checks.ts";
import { QUOTE_BOUND_CHECKS } from "./quote-bound-checks.ts";
import { ROW_COUNT_CHECKS } from "./row-count-checks.ts";

/** Every check of the `boundaries` phase: each limit of the specification at the bound and one past it. */
export const BOUNDARIES_CHECKS: readonly Check[] = [
  ...LIST_LIMIT_CHECKS,
  ...ROW_COUNT_CHECKS,
  ...PAGING_CONFLICT_CHECKS,
  ...QUOTE_BOUND_CHECKS,
  ...BUILD_CREATE_BOUND_CHECKS,
];
