import type { Check } from "../../engine/check.ts";
import { contentType, fuzzNo5xx, invalidBodiesRefused, invalidParametersRefused, malformedJson } from "./negative-checks.ts";
import { validQuotesNotRefused, validReadsNotRefused } from "./valid-request-checks.ts";

/** Every check of the `negative` phase: invalid requests refused properly, valid ones never refused. */
export const NEGATIVE_CHECKS: readonly Check[] = [
  invalidBodiesRefused,
  invalidParametersRefused,
  fuzzNo5xx,
  malformedJson,
  contentType,
  validReadsNotRefused,
  validQuotesNotRefused,
];
