/**
 * "`priorityFee` | `auto` or lamports": the specification shows neither lamports' form, so a
 * server that takes them as a decimal string only (as it takes every other amount) keeps it,
 * and so does one that takes a JSON number only.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Simulator } from "../../../../src/simulator/simulator.ts";
import { startBreakingProxy } from "../../../model/__tests__/breaking-proxy.ts";
import { runChecks, startTestSimulator } from "../../../model/__tests__/simulator-context.ts";
import { validQuotesNotRefused } from "../valid-request-checks.ts";

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(() => simulator?.close());

it.each([
  ["a decimal string only", "number"],
  ["a JSON number only", "string"],
])("passes a server that takes a priority fee's lamports as %s", async (_, refused) => {
  const proxy = await startBreakingProxy(simulator.baseUrl, (request) =>
    request.path === "/v1/trades/quote" && typeof request.body?.priorityFee === refused && request.body.priorityFee !== "auto"
      ? { status: 400, body: { error: `priorityFee must not be a ${refused}` } }
      : undefined,
  );
  try {
    const target = { baseUrl: proxy.baseUrl, streamUrl: simulator.streamUrl };
    const outcome = (await runChecks(target, [validQuotesNotRefused], { numRuns: 30 })).get(validQuotesNotRefused.id)!;
    expect(outcome.status, JSON.stringify(outcome).slice(0, 300)).toBe("passed");
  } finally {
    await proxy.close();
  }
});

it("fails a server that refuses a priority fee's lamports in both forms", async () => {
  const proxy = await startBreakingProxy(simulator.baseUrl, (request) =>
    request.path === "/v1/trades/quote" && request.body?.priorityFee !== undefined && request.body.priorityFee !== "auto"
      ? { status: 400, body: { error: "priorityFee must be auto" } }
      : undefined,
  );
  try {
    const target = { baseUrl: proxy.baseUrl, streamUrl: simulator.streamUrl };
    const outcome = (await runChecks(target, [validQuotesNotRefused], { numRuns: 30 })).get(validQuotesNotRefused.id)!;
    expect(outcome.status).toBe("failed");
  } finally {
    await proxy.close();
  }
});
