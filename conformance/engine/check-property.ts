import fc from "fast-check";
import type { CheckContext } from "./check.ts";

/**
 * Asserts a property over generated inputs with fast-check, seeded from the run: `problem`
 * returns null when an input keeps the rule and a sentence when it breaks it. On a failure
 * fast-check shrinks the input; the shrunk input is then sent once more, so the last
 * request the check recorded (its reproduction) is the counterexample's, and the check
 * fails with that sentence and input.
 */
export async function checkProperty<T>(
  context: CheckContext,
  arbitrary: fc.Arbitrary<T>,
  problem: (value: T) => Promise<string | null>,
  options: { readonly numRuns?: number } = {},
): Promise<void> {
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => (await problem(value)) === null),
    { seed: context.seed, numRuns: options.numRuns ?? context.numRuns },
  );
  if (!details.failed) return;
  if (details.counterexample === null) {
    context.fail(`the property could not be checked: ${String(details.errorInstance ?? "no counterexample")}`);
  }
  const [input] = details.counterexample;
  const sentence = await problem(input);
  context.fail(sentence ?? "a generated input broke the rule once but kept it when sent again (a flaky answer)", {
    input,
  });
}
