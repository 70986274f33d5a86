import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { injectedBug } from "../../src/bugs/injected-bug-catalogue.ts";
import { STEP_KINDS, type Scenario, ScenarioSchema } from "./scenario-schema.ts";
import { LIBRARY_DIR } from "./scenario-files.ts";
import { scenarioMistake } from "./scenario-mistakes.ts";

export type LoadedScenario =
  | { readonly ok: true; readonly scenario: Scenario; readonly file: string }
  | { readonly ok: false; readonly file: string; readonly error: string };

const validate = new Ajv({ allErrors: true, strict: false }).compile<Scenario>(ScenarioSchema);

/**
 * A scenario from its YAML text, checked against the schema. A step is matched against
 * every kind, so ajv's errors for a bad step are many: the sentence names the step and its
 * kind and keeps the errors that concern that kind.
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
    const mistake = scenarioMistake(value);
    if (mistake !== null) return { ok: false, file, error: `${file}: ${mistake}` };
    return { ok: true, scenario: value, file };
  }
  const errors = validate.errors ?? [];
  const steps = (value as { steps?: unknown[] } | null)?.steps;
  const stepError = errors.find((error) => /^\/steps\/\d+/.test(error.instancePath));
  if (stepError && Array.isArray(steps)) {
    const index = Number(/^\/steps\/(\d+)/.exec(stepError.instancePath)![1]);
    const step = steps[index];
    const keys = typeof step === "object" && step !== null ? Object.keys(step) : [];
    const others = keys.filter((key) => !["as", "expect", "note"].includes(key));
    // A misspelt key beside a known kind (`expcet:`) is named, not taken for the step's kind.
    const strangers = others.filter((key) => !(STEP_KINDS as string[]).includes(key));
    const kind =
      others.find((key) => (STEP_KINDS as string[]).includes(key)) ?? others[0] ?? (keys.includes("expect") ? "expect" : undefined);
    if (strangers.length > 0 && strangers.length < others.length) {
      const named = strangers.map((key) => JSON.stringify(key)).join(", ");
      return { ok: false, file, error: `${file}: step ${index + 1} (${kind}): ${named} is no step kind, nor as, expect or note` };
    }
    // The errors inside the step (its kind's fields, its expect), each named by its path in
    // the step and, for a field the schema does not know, by that field's name.
    const prefix = `/steps/${index}/`;
    const own = errors.filter((error) => kind !== undefined && error.instancePath.startsWith(prefix));
    const said = (error: (typeof errors)[number]) => {
      const extra = (error.params as { additionalProperty?: unknown }).additionalProperty;
      const path = error.instancePath.slice(prefix.length);
      const inKind = kind !== undefined && (path === kind || path.startsWith(`${kind}/`)) ? path.slice(kind.length) || kind : path;
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
        for (const error of here) if (error.keyword !== "anyOf") sentences.add(said(error));
        continue;
      }
      const reference = here.some((error) => error.keyword === "pattern") ? " (or a ${…} reference)" : "";
      sentences.add(said({ ...here[0]!, message: `must be one of ${choices.join(", ")}${reference}` }));
    }
    const twoKinds = others.length > 1 && strangers.length === 0 ? others : null;
    const detail = twoKinds
      ? `holds ${twoKinds.length} step kinds (${twoKinds.join(", ")}); a step is one of them`
      : sentences.size > 0
        ? [...sentences].join("; ")
        : `is not a known step (${kind ?? "no kind"})`;
    return { ok: false, file, error: `${file}: step ${index + 1}${kind ? ` (${kind})` : ""}: ${detail}` };
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
