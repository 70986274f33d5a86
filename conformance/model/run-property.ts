import fc from "fast-check";
import type { CheckContext } from "../engine/check.ts";
import { Violation } from "./violation.ts";

export interface PropertyOptions {
  /** Runs at most this many cases whatever `context.numRuns` says (HTTP-heavy properties). */
  readonly maxRuns?: number;
  /** Stops searching and shrinking after this many ms (default 60 000); what was found so far stands. */
  readonly timeLimitMs?: number;
}

/**
 * Runs an async property seeded by the run's seed and fails the check once, with the shrunk
 * input, when it breaks. The property reports a broken rule by throwing a `Violation`
 * (`ensure`); any other exception is a failure too, with its message.
 */
export async function runProperty<T>(
  context: CheckContext,
  arbitrary: fc.Arbitrary<T>,
  property: (input: T) => Promise<void>,
  options: PropertyOptions = {},
): Promise<void> {
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (input) => {
      await property(input);
    }),
    {
      seed: context.seed,
      numRuns: Math.max(1, Math.min(context.numRuns, options.maxRuns ?? Number.POSITIVE_INFINITY)),
      interruptAfterTimeLimit: options.timeLimitMs ?? 60_000,
      markInterruptAsFailure: false,
    },
  );
  if (!details.failed || details.counterexample === null) return;
  const [input] = details.counterexample;
  const error = details.errorInstance;
  const violation = error instanceof Violation ? error : null;
  context.fail(violation?.message ?? String((error as Error | undefined)?.message ?? error), {
    ...violation?.details,
    input: {
      case: input,
      seed: details.seed,
      path: details.counterexamplePath,
      ...(violation?.details.input ? { at: violation.details.input } : {}),
    },
  });
}

/** Runs a plain async body and turns a `Violation` it throws into the check's failure. */
export async function judge(context: CheckContext, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof Violation) context.fail(error.message, error.details);
    throw error;
  }
}
