import fc from "fast-check";
import type { CheckContext } from "../engine/check.ts";
import { Violation, jsonSafe } from "./violation.ts";

export interface PropertyOptions<T = unknown> {
  /** Runs at most this many cases whatever `context.numRuns` says (HTTP-heavy properties). */
  readonly maxRuns?: number;
  /** Stops searching and shrinking after this many ms (default 60 000); what was found so far stands. */
  readonly timeLimitMs?: number;
  /** Inputs tried before any generated one: the cases a server most plainly shows its rule on. */
  readonly examples?: readonly T[];
  /** Called with the shrunk input before the check fails (e.g. to save it as a scenario); what it returns joins the failure's details. */
  readonly beforeFail?: (input: T) => Promise<Record<string, unknown> | void>;
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
  options: PropertyOptions<T> = {},
): Promise<void> {
  // A skip or a failure raised through the context (or any error of our own) ends the whole
  // run at once instead of being shrunk as if the input had broken a rule.
  let escaped: { error: unknown } | null = null;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (input) => {
      if (escaped) return;
      try {
        await property(input);
      } catch (error) {
        if (isBrokenRule(error)) throw error;
        escaped = { error };
      }
    }),
    {
      seed: context.seed,
      numRuns: Math.max(1, Math.min(context.numRuns, options.maxRuns ?? Number.POSITIVE_INFINITY)),
      interruptAfterTimeLimit: options.timeLimitMs ?? 60_000,
      markInterruptAsFailure: false,
      examples: (options.examples ?? []).map((example) => [example] as [T]),
    },
  );
  if (escaped) throw (escaped as { error: unknown }).error;
  if (!details.failed || details.counterexample === null) return;
  const [input] = details.counterexample;
  // Sent once more so that the requests recorded last (the reproduction) are the shrunk input's.
  let error: unknown = details.errorInstance;
  try {
    await property(input);
    error = new Violation(
      `the shrunk input broke the rule once but kept it when sent again (a flaky answer): ${String((error as Error)?.message ?? error)}`,
    );
  } catch (again) {
    if (isBrokenRule(again)) error = again;
    else throw again;
  }
  const violation = error instanceof Violation ? error : null;
  const extra = (await options.beforeFail?.(input)) ?? {};
  context.fail(
    violation?.message ?? String((error as Error | undefined)?.message ?? error),
    jsonSafe({
      ...violation?.details,
      input: {
        case: printed(input),
        seed: details.seed,
        path: details.counterexamplePath,
        ...(violation?.details.input ? { at: violation.details.input } : {}),
        ...extra,
      },
    }),
  );
}

/**
 * A shrunk input as a failure shows it: commands and other values with a `toString` of their
 * own print as it (fast-check's); anything else as it is. fast-check's records have no
 * prototype, and `String` of one throws: that hid a check's own failure behind a TypeError.
 */
function printed(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const toString = (input as { toString?: unknown }).toString;
  return typeof toString === "function" && toString !== Object.prototype.toString ? String(input) : input;
}

/**
 * A broken rule: a Violation, or the TypeError of reading a field a malformed answer lacks
 * (the answer broke its record, and shrinking finds the smallest input that shows it).
 */
function isBrokenRule(error: unknown): boolean {
  return error instanceof Violation || (error instanceof Error && (error.constructor === TypeError || error.constructor === SyntaxError));
}

/** Runs a plain async body and turns a `Violation` it throws into the check's failure. */
export async function judge(context: CheckContext, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof Violation) context.fail(error.message, jsonSafe(error.details));
    if (isBrokenRule(error)) context.fail(`an answer could not be read as its record: ${(error as Error).message}`);
    throw error;
  }
}
