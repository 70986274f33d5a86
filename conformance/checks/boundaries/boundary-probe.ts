import type { Exchange, ExchangeRequest } from "../../../src/client/basket-client.ts";
import type { CheckContext, SampleLaunch } from "../../engine/check.ts";
import { endWithDecisionDifferences, judgeRefusal } from "../../model/refusal.ts";

/** The array a list answer holds under `key`, or the check fails saying the answer has none. */
export function rowsOf(context: CheckContext, answer: Exchange, key: string): unknown[] {
  const rows = (answer.body as Record<string, unknown> | undefined)?.[key];
  if (!Array.isArray(rows))
    context.fail(`${answer.request.url} answered ${answer.status} without a \`${key}\` array`, { actual: answer.body });
  return rows;
}

/** Sends `request` and fails unless it is accepted (200); `what` names the value at the bound. */
export async function expectAccepted(context: CheckContext, request: ExchangeRequest, what: string): Promise<Exchange> {
  const answer = await context.exchange(request);
  if (answer.status !== 200) {
    context.fail(
      `${what} is within the limit and must be accepted, but ${request.method} ${answer.request.url} answered ${answer.status}`,
      {
        input: request,
        expected: 200,
        actual: answer.body ?? answer.text.slice(0, 500),
      },
    );
  }
  return answer;
}

/** One request past a range the specification states for clients, and what its answer must keep if a server takes it. */
export interface OutOfRange {
  readonly request: ExchangeRequest;
  /** Names the value in a failure: `limit=101`. */
  readonly what: string;
  /** True when a 200 answer still keeps the specification's bound (its rows within it). */
  readonly keptWithin: (answer: Exchange) => boolean;
}

/**
 * Sends each request past its range. Refused with a 4xx and an `error` sentence: as our
 * document does. Answered 200 by a server that clamps or ignores the value: the specification
 * is kept when `keptWithin(answer)`, and those values are noted together at the end as a
 * difference from our decision (a failure only with `--strict`); past the bound, or a 5xx, fails.
 */
export async function expectRefusedOrBounded(context: CheckContext, probes: readonly OutOfRange[]): Promise<void> {
  const clamped: string[] = [];
  const differences: string[] = [];
  for (const { request, what, keptWithin } of probes) {
    const answer = await context.exchange(request);
    if (answer.status !== 200) {
      const difference = judgeRefusal(context, request, answer, what);
      if (difference !== null) differences.push(difference);
      continue;
    }
    if (!keptWithin(answer))
      context.fail(`${what} is past the limit, and ${request.method} ${answer.request.url} answered 200 past the bound`, {
        input: request,
        expected: "a 4xx with an error sentence, or an answer within the bound",
        actual: answer.body ?? answer.text.slice(0, 500),
      });
    clamped.push(what);
  }
  endWithDecisionDifferences(context, differences);
  if (clamped.length > 0)
    context.failDecision(`${clamped.join(", ")} answered 200, kept within the specification's bounds: our document refuses it with a 4xx`, {
      expected: "a 4xx with an error sentence",
      actual: clamped,
    });
}

/** A launch still on the curve (the quote and tape checks need one), or the check skips. */
export function bondingLaunch(context: CheckContext): SampleLaunch {
  const launch = context.samples.launches.find((sample) => sample.status === "activeBonding" && sample.kind === "pairs");
  return launch ?? context.noSample("launch with status activeBonding");
}

/** Any listed launch, or the check skips. */
export function anyLaunch(context: CheckContext): SampleLaunch {
  return context.samples.launches[0] ?? context.noSample("launch");
}
