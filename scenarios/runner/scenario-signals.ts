/** A step's expectation was not met: the message, and what was wanted against what came. */
export class ScenarioFailedSignal extends Error {
  constructor(
    message: string,
    readonly diff: string = "",
    readonly expected?: unknown,
    readonly actual?: unknown,
  ) {
    super(message);
  }
}

/** The scenario cannot run here (a step needs what the server lacks): skipped with the reason. */
export class ScenarioSkippedSignal extends Error {}
