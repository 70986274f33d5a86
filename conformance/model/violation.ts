import type { FailureDetails } from "../engine/check.ts";

/**
 * A broken rule found inside a fast-check property or a helper: thrown instead of calling
 * `context.fail` so that fast-check can shrink the input first; `runProperty` turns the
 * last one into the single failure the engine records.
 */
export class Violation extends Error {
  constructor(
    message: string,
    readonly details: FailureDetails = {},
  ) {
    super(message);
    this.name = "Violation";
  }
}

/** Throws a Violation unless `condition` holds. */
export function ensure(condition: unknown, message: string, details: FailureDetails = {}): asserts condition {
  if (!condition) throw new Violation(message, details);
}
