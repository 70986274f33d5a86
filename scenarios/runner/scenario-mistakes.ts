import { holdsReference, referencesIn } from "./interpolate.ts";
import { ALSO_VARIABLES, BUILT_IN_VARIABLES, DEFAULT_VARIABLE, type Scenario, WALLET_ADDRESS, stepKind } from "./scenario-schema.ts";
import { PathError, parsePath } from "./value-path.ts";

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

/** The variable a `${path}` reference starts from (its first field), or why the path cannot be read. */
function variableOf(path: string): { name: string } | { unreadable: string } {
  try {
    const first = parsePath(path.trim())[0]!;
    return "field" in first ? { name: first.field } : { unreadable: `\${${path}} starts with an index, not a variable` };
  } catch (error) {
    return { unreadable: error instanceof PathError ? error.message : String(error) };
  }
}

/** The variables a step leaves for the steps after it, when it succeeds. */
function variablesSetBy(step: Scenario["steps"][number]): string[] {
  const kind = stepKind(step);
  const own = typeof step.as === "string" ? step.as : DEFAULT_VARIABLE[kind];
  const args = step[kind] as { capture?: Record<string, unknown> } | undefined;
  const captured = (kind === "read" || kind === "request") && args?.capture ? Object.keys(args.capture) : [];
  return [...(own === null ? [] : [own]), ...(ALSO_VARIABLES[kind] ?? []), ...captured];
}

/**
 * What the schema cannot say about a scenario that validates: the mistakes the file carries
 * from the start (each step's first), found when it loads rather than at run time, where
 * they would fail the scenario as if the server were wrong (and make its `guards` look
 * caught). Empty when none.
 */
export function scenarioMistakes(scenario: Scenario): string[] {
  const wallets = new Set(Object.keys(scenario.wallets ?? {}));
  const variables = new Set(BUILT_IN_VARIABLES);
  const mistakes: string[] = [];
  for (const [index, step] of scenario.steps.entries()) {
    const kind = stepKind(step);
    const at = `step ${index + 1} (${kind})`;
    const mistake = referenceMistake({ [kind]: step[kind], expect: step.expect }, variables) ?? stepMistake(step, wallets);
    if (mistake !== null) mistakes.push(`${at}: ${mistake}`);
    for (const name of variablesSetBy(step)) variables.add(name);
  }
  return mistakes;
}

/** A reference in `value` to a variable not in `variables` (what earlier steps set: a step's own result is kept after its expect is judged), or null. */
function referenceMistake(value: unknown, variables: ReadonlySet<string>): string | null {
  for (const path of referencesIn(value)) {
    const variable = variableOf(path);
    if ("unreadable" in variable) return variable.unreadable;
    if (!variables.has(variable.name))
      return `\${${path}} reads ${JSON.stringify(variable.name)}, which no earlier step sets (set by then: ${[...variables].join(", ")})`;
  }
  return null;
}

/** A mistake in one step's own arguments, whatever the steps around it (`wallets`: the names the scenario declares), or null. */
export function stepMistake(step: Scenario["steps"][number], wallets: ReadonlySet<string>): string | null {
  const kind = stepKind(step);
  const args = step[kind];
  const fields = (typeof args === "object" && args !== null ? args : {}) as Args;
  if ((kind === "land" || kind === "advance") && fields.slots !== undefined && fields.seconds !== undefined) {
    return "give slots or seconds, not both";
  }
  if (kind === "advance" && fields.slots === undefined && fields.seconds === undefined) {
    return "give slots or seconds (land without either moves one slot)";
  }
  if (kind === "price" && (fields.priceSol === undefined) === (fields.factor === undefined)) {
    return "give exactly one of priceSol and factor";
  }
  if (kind === "fault" && (fields.transaction === undefined) === (fields.stream === undefined)) {
    return "give exactly one of transaction and stream (a step arms one fault)";
  }
  if (kind === "fault" && fields.transaction === "delay" && fields.slots === undefined) {
    return "transaction: delay needs slots (how many slots the transaction waits)";
  }
  if (kind === "stream.send" && (fields.frame === undefined) === (fields.raw === undefined)) {
    return "give exactly one of frame and raw";
  }
  // A wallet argument is a declared name or an address; anything else is a name not declared.
  const wallet = fields.wallet;
  if (typeof wallet === "string" && !holdsReference(wallet) && !WALLET_ADDRESS.test(wallet) && !wallets.has(wallet)) {
    return `wallet ${JSON.stringify(wallet)} is not declared under wallets (nor is it an address)`;
  }
  if ((kind === "request" || kind === "read") && typeof fields.path === "string" && !holdsReference(fields.path)) {
    if (!fields.path.startsWith("/")) return `path ${JSON.stringify(fields.path)} must start with / (a path under the base URL)`;
  }
  for (const { path, source } of regexOperands(step, "")) {
    const refused = badRegex(source);
    if (refused !== null) return `${path.slice(1)} is no regular expression (${refused})`;
  }
  return null;
}
