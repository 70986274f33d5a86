import type { FailureDetails } from "./check.ts";

/** Thrown by `context.fail`: the engine turns it into a failure outcome. */
export class CheckFailedSignal extends Error {
  constructor(
    message: string,
    readonly details: FailureDetails,
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
