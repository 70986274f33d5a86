import fc from "fast-check";
import { expect, it } from "vitest";
import type { CheckContext, FailureDetails } from "../../engine/check.ts";
import { runProperty } from "../run-property.ts";
import { Violation } from "../violation.ts";

/** The parts of a check context runProperty uses: its seed and runs, and a `fail` that records. */
function recordingContext(): { context: CheckContext; failures: { message: string; details?: FailureDetails }[] } {
  const failures: { message: string; details?: FailureDetails }[] = [];
  const context = {
    seed: 7,
    numRuns: 20,
    fail(message: string, details?: FailureDetails): never {
      failures.push({ message, ...(details ? { details } : {}) });
      throw new Error("failed");
    },
  } as unknown as CheckContext;
  return { context, failures };
}

it("fails with the rule's own message and the shrunk input, for an input fast-check made without a prototype", async () => {
  const { context, failures } = recordingContext();
  // fast-check makes about half its records without a prototype; this one always.
  const records = fc
    .record({ limit: fc.integer({ min: 1, max: 100 }) })
    .map((record) => Object.assign(Object.create(null) as object, record));
  await expect(
    runProperty(context, records, async (input) => {
      const { limit } = input as { limit: number };
      if (limit > 3) throw new Violation(`limit ${limit} is too many`);
    }),
  ).rejects.toThrow("failed");
  expect(failures).toHaveLength(1);
  expect(failures[0]!.message).toBe("limit 4 is too many");
  expect({ ...(failures[0]!.details?.input as { case: object }).case }).toEqual({ limit: 4 });
});
