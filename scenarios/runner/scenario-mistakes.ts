import { holdsReference } from "./interpolate.ts";
import { type Scenario, WALLET_ADDRESS, stepKind } from "./scenario-schema.ts";

type Args = Record<string, unknown>;

/** Every regular expression under `value` (patterns nest): each `matches` operand, and an expectation's `error`. */
function* regexOperands(value: unknown, path: string): Generator<{ path: string; source: unknown }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* regexOperands(item, `${path}[${index}]`);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "matches" || (key === "error" && path.endsWith(".expect"))) yield { path: `${path}.${key}`, source: item };
      else yield* regexOperands(item, `${path}.${key}`);
    }
  }
}

/** Why `source` is no regular expression, or null (a `${…}` reference is judged once it is known; a number is read as its text, as the runner does). */
function badRegex(source: unknown): string | null {
  if (typeof source !== "string" && typeof source !== "number") return "must be a string";
  const text = String(source);
  if (holdsReference(text)) return null;
  try {
    new RegExp(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * What the schema cannot say about a scenario that validates: a mistake the file carries
 * from the start, found when it loads rather than at run time, where it would fail the
 * scenario as if the server were wrong (and make its `guards` look caught). Null when none.
 */
export function scenarioMistake(scenario: Scenario): string | null {
  const wallets = new Set(Object.keys(scenario.wallets ?? {}));
  for (const [index, step] of scenario.steps.entries()) {
    const kind = stepKind(step);
    const args = step[kind];
    const at = `step ${index + 1} (${kind})`;
    const fields = (typeof args === "object" && args !== null ? args : {}) as Args;
    // A wallet argument is a declared name or an address; anything else is a name not declared.
    const wallet = fields.wallet;
    if (typeof wallet === "string" && !holdsReference(wallet) && !WALLET_ADDRESS.test(wallet) && !wallets.has(wallet)) {
      return `${at}: wallet ${JSON.stringify(wallet)} is not declared under wallets (nor is it an address)`;
    }
    if (kind === "fault" && (fields.transaction === undefined) === (fields.stream === undefined)) {
      return `${at}: give exactly one of transaction and stream (a step arms one fault)`;
    }
    if ((kind === "request" || kind === "read") && typeof fields.path === "string" && !holdsReference(fields.path)) {
      if (!fields.path.startsWith("/")) return `${at}: path ${JSON.stringify(fields.path)} must start with / (a path under the base URL)`;
    }
    for (const { path, source } of regexOperands(step, "")) {
      const refused = badRegex(source);
      if (refused !== null) return `${at}: ${path.slice(1)} is no regular expression (${refused})`;
    }
  }
  return null;
}
