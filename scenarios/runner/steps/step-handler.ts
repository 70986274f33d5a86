import type { Exchange } from "../../../src/client/basket-client.ts";
import type { ScenarioSession } from "../scenario-session.ts";

/**
 * What a step left: `value` is kept in the step's variable (`as`, else the kind's default
 * name); `exchange` is the HTTP answer the step's `expect` judges (without `expect`, a
 * non-2xx answer fails the scenario).
 */
export interface StepResult {
  readonly value?: unknown;
  readonly exchange?: Exchange;
  /** Further variables the step sets (build sets `plan`). */
  readonly also?: Readonly<Record<string, unknown>>;
}

/** Runs one kind of step with its arguments, `${…}` already resolved. */
export type StepHandler = (args: Record<string, unknown>, session: ScenarioSession) => Promise<StepResult>;
