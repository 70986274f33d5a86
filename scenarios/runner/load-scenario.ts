import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { parse } from "yaml";
import { injectedBug } from "../../src/bugs/injected-bug-catalogue.ts";
import { REFERENCE_PATTERN, STEP_KINDS, STEP_SCHEMAS, type Scenario, ScenarioSchema, type StepKind } from "./scenario-schema.ts";
import { LIBRARY_DIR } from "./scenario-files.ts";
import { scenarioMistakes } from "./scenario-mistakes.ts";

export type LoadedScenario =
  | { readonly ok: true; readonly scenario: Scenario; readonly file: string }
  | { readonly ok: false; readonly file: string; readonly error: string };

const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile<Scenario>(ScenarioSchema);

/**
 * A scenario from its YAML text, checked against the schema. A step is matched against
 * every kind, so ajv's errors for a bad step are many: the sentence names each bad step and
 * its kind, and what its own kind's schema says of it.
 */
export function parseScenario(text: string, file = "<text>"): LoadedScenario {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    return { ok: false, file, error: `${file} is not YAML: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (validate(value)) {
    // The schema cannot list the modes (the catalogue grows without the schema changing): a typo is caught here.
    const unknown = (value.guards ?? []).find((name) => injectedBug(name) === undefined);
    if (unknown !== undefined)
      return { ok: false, file, error: `${file}: guards names ${JSON.stringify(unknown)}, no injected bug; basket-devnet bugs lists them` };
    const mistakes = scenarioMistakes(value);
    if (mistakes.length > 0) return { ok: false, file, error: mistakes.map((mistake) => `${file}: ${mistake}`).join("\n") };
    return { ok: true, scenario: value, file };
  }
  const errors = validate.errors ?? [];
  const steps = (value as { steps?: unknown[] } | null)?.steps;
  const badSteps = [...new Set(errors.flatMap((error) => /^\/steps\/(\d+)/.exec(error.instancePath)?.[1] ?? []))].map(Number);
  if (badSteps.length > 0 && Array.isArray(steps)) {
    // Every step that does not load, one line each: a file with three mistakes is mended in one go.
    const lines = badSteps.map((index) => `${file}: step ${index + 1}${stepMistake(steps[index])}`);
    return { ok: false, file, error: lines.join("\n") };
  }
  const first = errors[0];
  const extra = (first?.params as { additionalProperty?: unknown } | undefined)?.additionalProperty;
  const sentence =
    first === undefined
      ? "does not match the scenario schema"
      : typeof extra === "string"
        ? `${first.instancePath || "the scenario"} has a field ${JSON.stringify(extra)} it does not take`
        : `${first.instancePath || "the scenario"} ${first.message}`;
  return { ok: false, file, error: `${file}: ${sentence}` };
}

/** An error of a union's `${…}` reference branch: the value is no string, or no reference. */
const isReferenceRefusal = (error: ErrorObject) =>
  (error.keyword === "type" && (error.params as { type?: unknown }).type === "string") ||
  (error.keyword === "pattern" && (error.params as { pattern?: unknown }).pattern === REFERENCE_PATTERN);

/** One validator a step kind: a step is judged against its own kind alone, so no other kind's refusals leak into its sentence. */
const stepValidators = new Map<StepKind, ValidateFunction>();
function stepValidator(kind: StepKind): ValidateFunction {
  let found = stepValidators.get(kind);
  if (!found) stepValidators.set(kind, (found = ajv.compile(STEP_SCHEMAS[kind] as object)));
  return found;
}

/**
 * What is wrong with a step that does not validate, as the rest of its sentence: ` (<kind>): `
 * and each field's mistake, named by its path in the step and, for a field the schema does
 * not know, by that field's name.
 */
function stepMistake(step: unknown): string {
  const keys = typeof step === "object" && step !== null && !Array.isArray(step) ? Object.keys(step) : [];
  if (keys.length === 0) return ": is not a step (an object with one key naming its kind)";
  const others = keys.filter((key) => !["as", "expect", "note"].includes(key));
  // A misspelt key beside a known kind (`expcet:`) is named, not taken for the step's kind.
  const strangers = others.filter((key) => !(STEP_KINDS as string[]).includes(key));
  const kind =
    others.find((key) => (STEP_KINDS as string[]).includes(key)) ?? others[0] ?? (keys.includes("expect") ? "expect" : undefined);
  if (strangers.length > 0 && strangers.length < others.length) {
    const named = strangers.map((key) => JSON.stringify(key)).join(", ");
    return ` (${kind}): ${named} is no step kind, nor as, expect or note`;
  }
  if (others.length > 1) return ` (${kind}): holds ${others.length} step kinds (${others.join(", ")}); a step is one of them`;
  if (kind === undefined || !(STEP_KINDS as string[]).includes(kind)) return ` (${kind ?? "no kind"}): is not a known step`;
  const validateStep = stepValidator(kind as StepKind);
  validateStep(step);
  const own = validateStep.errors ?? [];
  const said = (error: ErrorObject) => {
    const extra = (error.params as { additionalProperty?: unknown }).additionalProperty;
    const path = error.instancePath.slice(1);
    const inKind = path === kind || path.startsWith(`${kind}/`) ? path.slice(kind.length) || kind : path || kind;
    return `${inKind} ${error.message}${typeof extra === "string" ? ` (${JSON.stringify(extra)})` : ""}`;
  };
  // A field of literal choices fails each choice (and the anyOf around them): said once, as the list of them.
  const sentences = new Set<string>();
  for (const path of new Set(own.map((error) => error.instancePath))) {
    const here = own.filter((error) => error.instancePath === path);
    const choices = here
      .filter((error) => error.keyword === "const")
      .map((error) => (error.params as { allowedValue: unknown }).allowedValue);
    if (choices.length === 0) {
      // A value that may also be a `${…}` reference fails that branch too (not a string, or not one):
      // said once, after what the value itself must be.
      const referable = here.some((error) => error.keyword === "anyOf") && here.some(isReferenceRefusal);
      const own = referable ? here.filter((error) => !isReferenceRefusal(error)) : here;
      for (const error of own)
        if (error.keyword !== "anyOf")
          sentences.add(said(referable ? { ...error, message: `${error.message} (or a \${…} reference)` } : error));
      if (referable && own.every((error) => error.keyword === "anyOf"))
        sentences.add(said({ ...here[0]!, message: "must be a ${…} reference" }));
      continue;
    }
    const reference = here.some((error) => error.keyword === "pattern") ? " (or a ${…} reference)" : "";
    sentences.add(said({ ...here[0]!, message: `must be one of ${choices.join(", ")}${reference}` }));
  }
  return ` (${kind}): ${sentences.size > 0 ? [...sentences].join("; ") : "does not match its kind's schema"}`;
}

/** Reads and checks one scenario file. */
export function loadScenario(file: string): LoadedScenario {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return { ok: false, file, error: `${file} cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  return parseScenario(text, file);
}

/** Every scenario of a directory's `.yaml`/`.yml` files, sorted by name (the library by default); one that does not load is thrown. */
export function loadLibrary(directory: string = fileURLToPath(LIBRARY_DIR)): { readonly name: string; readonly scenario: Scenario }[] {
  return readdirSync(directory)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => {
      const loaded = loadScenario(join(directory, name));
      if (!loaded.ok) throw new Error(loaded.error);
      return { name, scenario: loaded.scenario };
    });
}
