import type { FailureDetails } from "../engine/check.ts";
import { CheckFailedSignal } from "../engine/check-signals.ts";

/** The details as plain JSON (bigints as decimal strings), so every reporter can write them. */
export function jsonSafe<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_, item) => (typeof item === "bigint" ? item.toString() : item)));
}

/**
 * A broken rule found inside a fast-check property or a helper: thrown instead of calling
 * `context.fail` so that fast-check can shrink the input first; `runProperty` turns the
 * last one into the single failure the engine records. Thrown by a plain check (outside
 * a property), it is that check's failure, with its details, as the engine records any.
 */
export class Violation extends CheckFailedSignal {
  constructor(message: string, details: FailureDetails = {}) {
    super(message, jsonSafe(details));
    this.name = "Violation";
  }
}

/** Throws a Violation unless `condition` holds. */
export function ensure(condition: unknown, message: string, details: FailureDetails = {}): asserts condition {
  if (!condition) throw new Violation(message, details);
}
