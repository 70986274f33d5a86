import type { FailureDetails } from "./check.ts";

/**
 * Thrown by `context.fail`: the engine turns it into a failure outcome. `decision`: thrown by
 * `context.failDecision`, a difference from one of our choices, failed only with `--strict`.
 */
export class CheckFailedSignal extends Error {
  constructor(
    message: string,
    readonly details: FailureDetails,
    readonly decision = false,
  ) {
    super(message);
    this.name = "CheckFailedSignal";
  }
}

/** Thrown by `context.skip`: the engine turns it into a skip with this reason. */
export class CheckSkippedSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "CheckSkippedSignal";
  }
}
