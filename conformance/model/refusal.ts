import type { Exchange, ExchangeRequest } from "../../src/client/basket-client.ts";
import type { CheckContext } from "../engine/check.ts";

/**
 * Where the specification states a refusal's body: "A refused quote or build is a non-200
 * response whose body has `error`, a sentence" (Errors). Elsewhere a refusal's body is not
 * shown, so an `error` sentence there is our document's decision.
 */
export function refusalBodySpecified(path: string): boolean {
  return path === "/v1/trades/quote" || path === "/v1/trades/build";
}

/** How an answer falls short of a refusal: against the specification, or against our decision only. */
export interface RefusalShortfall {
  readonly kind: "specification" | "decision";
  readonly problem: string;
}

/**
 * How `answer` to a request on `path` that a server must refuse falls short of a refusal as
 * our document describes it (a 4xx whose body has an `error` sentence), or null. Anything but
 * a 4xx is a shortfall against the specification; a 4xx without the sentence is one only
 * where the specification states the body (see refusalBodySpecified).
 */
export function refusalShortfall(path: string, answer: Exchange): RefusalShortfall | null {
  if (answer.status < 400) return { kind: "specification", problem: `the invalid request was accepted (${answer.status})` };
  if (answer.status >= 500) return { kind: "specification", problem: `the invalid request caused a server failure (${answer.status})` };
  const error = (answer.body as { error?: unknown } | undefined)?.error;
  if (typeof error === "string" && error.trim().length > 0) return null;
  return {
    kind: refusalBodySpecified(path) ? "specification" : "decision",
    problem: `refused with ${answer.status} but without an \`error\` sentence`,
  };
}

/**
 * Ends a check that judged every probe and met only differences from our decisions (an error
 * body where the specification states none): a note, a failure only with `--strict`. Does
 * nothing when there were none.
 */
export function endWithDecisionDifferences(context: CheckContext, differences: readonly string[]): void {
  if (differences.length === 0) return;
  const more = differences.length > 1 ? ` (and ${differences.length - 1} more)` : "";
  context.failDecision(
    `${differences[0]}${more}: the specification states a refusal's \`error\` sentence for a quote or a build; elsewhere it is our decision`,
    { expected: "a 4xx with an error sentence", actual: differences },
  );
}

/**
 * Judges one answer that must be a refusal: fails, naming `what` was sent, unless it is a 4xx,
 * and unless it has an `error` sentence where the specification states the body (a quote, a
 * build). Returns the difference from our decision alone (no sentence elsewhere), or null.
 */
export function judgeRefusal(context: CheckContext, request: ExchangeRequest, answer: Exchange, what: string): string | null {
  const shortfall = refusalShortfall(request.path, answer);
  if (shortfall === null) return null;
  if (answer.status < 400 || answer.status >= 500) {
    context.fail(`${what} must be refused with a 4xx, but ${request.method} ${answer.request.url} answered ${answer.status}`, {
      input: request,
      expected: "4xx with an error sentence",
      actual: answer.body ?? answer.text.slice(0, 500),
    });
  }
  const message = `${what} was refused with ${answer.status} but the body has no \`error\` sentence`;
  if (shortfall.kind === "specification") context.fail(message, { input: request, actual: answer.body ?? answer.text.slice(0, 500) });
  return message;
}

/** One request a server must refuse, and what it names in a failure. */
export interface MustRefuse {
  readonly request: ExchangeRequest;
  readonly what: string;
}

/**
 * Sends each request and judges its answer as a refusal (judgeRefusal); once every request was
 * judged, ends the check with the differences from our decision, if any.
 */
export async function expectRefused(context: CheckContext, probes: readonly MustRefuse[]): Promise<void> {
  const differences: string[] = [];
  for (const { request, what } of probes) {
    const difference = judgeRefusal(context, request, await context.exchange(request), what);
    if (difference !== null) differences.push(difference);
  }
  endWithDecisionDifferences(context, differences);
}
