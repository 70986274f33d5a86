import { readPath } from "./value-path.ts";

const WHOLE = /^\$\{([^}]+)\}$/;
/** A reference anywhere in a text. Not global: a global regex carries `lastIndex` from one use to the next (`matchAll` starts from it). */
const ONE = /\$\{([^}]+)\}/;
const ANY = new RegExp(ONE.source, "g");

/** Whether `text` holds a `${path}` reference (its value is known only once the run reaches it). */
export function holdsReference(text: string): boolean {
  return ONE.test(text);
}

/** Every `${path}` reference's path in `value` (deeply, in order), as written. */
export function referencesIn(value: unknown): string[] {
  if (typeof value === "string") return [...value.matchAll(ANY)].map((match) => match[1]!);
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(referencesIn);
  return [];
}

/** Text for a value placed inside a string: strings as they are, everything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "bigint") return value.toString();
  return JSON.stringify(value);
}

/**
 * Replaces `${path}` references in `value` (deeply) with what the variables hold. A string
 * that is one reference becomes the value itself (an object, an array, a number); a reference
 * inside longer text is spliced in as text. An unknown path throws a PathError.
 */
export function interpolate(value: unknown, variables: Readonly<Record<string, unknown>>): unknown {
  if (typeof value === "string") {
    const whole = WHOLE.exec(value);
    if (whole) return readPath(variables, whole[1]!.trim());
    return value.replace(ANY, (_, path: string) => asText(readPath(variables, path.trim())));
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, variables));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, variables)]));
  return value;
}
