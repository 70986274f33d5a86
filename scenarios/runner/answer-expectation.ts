import type { Exchange } from "../../src/client/basket-client.ts";
import { matchPattern, mismatchDiff } from "./match-pattern.ts";
import type { AnswerExpectationSpec } from "./scenario-schema.ts";
import { ScenarioFailedSignal } from "./scenario-signals.ts";

/**
 * Judges one answer: the status (any 2xx when the step names none), the `error` sentence,
 * the `code`, and the body's pattern. Throws the first difference with its diff.
 */
export function judgeAnswer(exchange: Exchange, expect: AnswerExpectationSpec | undefined): void {
  const statuses = expect?.status === undefined ? null : Array.isArray(expect.status) ? expect.status : [expect.status];
  const statusOk = statuses === null ? exchange.status >= 200 && exchange.status < 300 : statuses.includes(exchange.status);
  const body = exchange.body as { error?: unknown; code?: unknown } | undefined;
  if (!statusOk) {
    const wanted = statuses === null ? "2xx" : statuses.join(" or ");
    throw new ScenarioFailedSignal(
      `${exchange.request.method} ${exchange.request.path} answered ${exchange.status}, expected ${wanted}`,
      `  at status\n    - expected ${wanted}\n    + actual   ${exchange.status}${body?.error ? ` (${String(body.error)})` : ""}`,
      wanted,
      exchange.body ?? exchange.text,
    );
  }
  if (!expect) return;
  const pattern: Record<string, unknown> = {};
  if (expect.error !== undefined) pattern.error = { matches: expect.error };
  if (expect.code !== undefined) pattern.code = expect.code;
  const mismatches = [
    ...matchPattern(exchange.body, pattern),
    ...(expect.body === undefined ? [] : matchPattern(exchange.body, expect.body)),
  ];
  if (mismatches.length > 0)
    throw new ScenarioFailedSignal(
      `${exchange.request.method} ${exchange.request.path} answered ${exchange.status} with a body that differs`,
      mismatchDiff(mismatches),
      { ...pattern, ...(expect.body === undefined ? {} : { body: expect.body }) },
      exchange.body,
    );
}
