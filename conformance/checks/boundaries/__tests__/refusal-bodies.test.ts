/**
 * The specification states a refusal's body (an `error` sentence) for a quote and a build
 * only. A server whose other refusals carry another body keeps the specification: the checks
 * that refuse past a bound note the difference from our decision and fail only with
 * `--strict`; a quote refused without the sentence still fails.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Simulator } from "../../../../src/simulator/simulator.ts";
import { type Breaker, startBreakingProxy } from "../../../model/__tests__/breaking-proxy.ts";
import { runChecks, startTestSimulator } from "../../../model/__tests__/simulator-context.ts";
import { malformedJson } from "../../negative/negative-checks.ts";
import { buildCreateComponents } from "../build-create-bound-checks.ts";
import { launchesLimit } from "../list-limit-checks.ts";
import { quoteAmountIn, quoteTipLamports } from "../quote-bound-checks.ts";

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(() => simulator?.close());

/** Every 4xx answered as `{message}` instead of `{error}`, on the routes `where` picks. */
const messageBodies =
  (where: (path: string) => boolean): Breaker =>
  (request, answer) =>
    where(request.path) && answer.status >= 400 && answer.status < 500 ? { body: { message: answer.body.error } } : undefined;

const isQuoteOrBuild = (path: string) => path === "/v1/trades/quote" || path === "/v1/trades/build";

it("notes, and fails only with --strict, refusals outside quote and build that carry no error sentence", async () => {
  const proxy = await startBreakingProxy(
    simulator.baseUrl,
    messageBodies((path) => !isQuoteOrBuild(path)),
  );
  try {
    const target = { baseUrl: proxy.baseUrl, streamUrl: simulator.streamUrl };
    const lenient = await runChecks(target, [launchesLimit, buildCreateComponents, malformedJson, quoteAmountIn], {
      strict: false,
      numRuns: 2,
    });
    for (const check of [launchesLimit, buildCreateComponents, malformedJson]) {
      const outcome = lenient.get(check.id)!;
      expect(outcome.status, check.id).toBe("noted");
      expect(outcome.status === "noted" && outcome.message, check.id).toMatch(
        /(without an|no) `error` sentence.*elsewhere it is our decision/,
      );
    }
    expect(lenient.get(quoteAmountIn.id)!.status).toBe("passed");
    const strict = await runChecks(target, [launchesLimit], { strict: true, numRuns: 2 });
    expect(strict.get(launchesLimit.id)!.status).toBe("failed");
  } finally {
    await proxy.close();
  }
});

it("fails a quote refused without an error sentence: the specification states that body", async () => {
  const proxy = await startBreakingProxy(simulator.baseUrl, messageBodies(isQuoteOrBuild));
  try {
    const target = { baseUrl: proxy.baseUrl, streamUrl: simulator.streamUrl };
    const outcome = (await runChecks(target, [quoteAmountIn], { strict: false, numRuns: 2 })).get(quoteAmountIn.id)!;
    expect(outcome.status).toBe("failed");
    expect(outcome.status === "failed" && outcome.message).toMatch(/no `error` sentence/);
  } finally {
    await proxy.close();
  }
});

it("notes, and fails only with --strict, a quote that refuses a 20-digit amount past a u64 with a sentence", async () => {
  const pastU64 = "9".repeat(20);
  const proxy = await startBreakingProxy(simulator.baseUrl, (request) =>
    request.path === "/v1/trades/quote" && (request.body?.amountIn === pastU64 || request.body?.tipLamports === pastU64)
      ? { status: 400, body: { error: "amountIn does not fit in a u64" } }
      : undefined,
  );
  try {
    const target = { baseUrl: proxy.baseUrl, streamUrl: simulator.streamUrl };
    const lenient = await runChecks(target, [quoteAmountIn, quoteTipLamports], { strict: false, numRuns: 2 });
    for (const check of [quoteAmountIn, quoteTipLamports]) {
      const outcome = lenient.get(check.id)!;
      expect(outcome.status, check.id).toBe("noted");
      expect(outcome.status === "noted" && outcome.message, check.id).toMatch(/past a u64/);
    }
    const strict = await runChecks(target, [quoteAmountIn], { strict: true, numRuns: 2 });
    expect(strict.get(quoteAmountIn.id)!.status).toBe("failed");
  } finally {
    await proxy.close();
  }
});
