/** One place where a value differs from its pattern: the path, what was wanted, what was there. */
export interface Mismatch {
  readonly path: string;
  readonly expected: string;
  readonly actual: unknown;
}

const OPERATORS = new Set(["eq", "ne", "gt", "gte", "lt", "lte", "matches", "exists", "oneOf", "length", "contains"]);

/** Edits (insert, delete, substitute, swap two neighbours) between two short words. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i]![j] = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i]![j] = Math.min(rows[i]![j]!, rows[i - 2]![j - 2]! + 1);
    }
  return rows[a.length]![b.length]!;
}

/**
 * A hint for a pattern taken as fields that was meant as an operator (`lenght: 1`): the
 * operator each key is a slip away from, or nothing.
 */
function misspeltOperatorHint(keys: readonly string[]): string {
  const hints = keys.flatMap((key) => {
    // One slip for a short word (two would make `id` the operator `eq`), two for a longer one.
    const slips = key.length >= 5 ? 2 : 1;
    const near = [...OPERATORS].find((operator) => key !== operator && editDistance(key.toLowerCase(), operator.toLowerCase()) <= slips);
    return near === undefined ? [] : [`${key} (is it the operator ${near}?)`];
  });
  return hints.length === 0 ? "" : ` with the field ${hints.join(", ")}`;
}

/** An object whose keys are all operators is an operator object, not a literal to match field by field. */
function isOperator(pattern: unknown): pattern is Record<string, unknown> {
  if (typeof pattern !== "object" || pattern === null || Array.isArray(pattern)) return false;
  const keys = Object.keys(pattern);
  return keys.length > 0 && keys.every((key) => OPERATORS.has(key));
}

/** An integer (a JSON number or a decimal string of digits) as a bigint, for exact comparisons of amounts. */
function integerOf(value: unknown): bigint | null {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
  if (typeof value === "string" && /^-?\d+$/.test(value)) return BigInt(value);
  return null;
}

/** Compares two values as integers when both are, else as numbers; null when they cannot be ordered. */
function order(actual: unknown, expected: unknown): number | null {
  const a = integerOf(actual);
  const b = integerOf(expected);
  if (a !== null && b !== null) return a < b ? -1 : a > b ? 1 : 0;
  const x = typeof actual === "string" ? Number(actual) : actual;
  const y = typeof expected === "string" ? Number(expected) : expected;
  if (typeof x === "number" && typeof y === "number" && Number.isFinite(x) && Number.isFinite(y)) return x < y ? -1 : x > y ? 1 : 0;
  return null;
}

/** Literal equality, where `"12"` equals `12` only through an operator, never implicitly. */
function same(actual: unknown, expected: unknown): boolean {
  return matchPattern(actual, expected).length === 0;
}

const show = (value: unknown) => JSON.stringify(value, (_, item: unknown) => (typeof item === "bigint" ? item.toString() : item));

function matchOperator(actual: unknown, operator: Record<string, unknown>, path: string): Mismatch[] {
  const out: Mismatch[] = [];
  const miss = (expected: string) => out.push({ path, expected, actual });
  for (const [name, operand] of Object.entries(operator)) {
    switch (name) {
      case "eq":
        if (!same(actual, operand) && order(actual, operand) !== 0) miss(`= ${show(operand)}`);
        break;
      case "ne":
        if (same(actual, operand) || order(actual, operand) === 0) miss(`≠ ${show(operand)}`);
        break;
      case "gt":
      case "gte":
      case "lt":
      case "lte": {
        const sign = order(actual, operand);
        const ok = sign !== null && (name === "gt" ? sign > 0 : name === "gte" ? sign >= 0 : name === "lt" ? sign < 0 : sign <= 0);
        if (!ok) miss(`${{ gt: ">", gte: "≥", lt: "<", lte: "≤" }[name]} ${show(operand)}`);
        break;
      }
      case "matches":
        if (typeof actual !== "string" || !new RegExp(String(operand)).test(actual)) miss(`a string matching /${String(operand)}/`);
        break;
      case "exists":
        if ((actual !== undefined) !== Boolean(operand)) miss(operand ? "present" : "absent");
        break;
      case "oneOf":
        if (!Array.isArray(operand) || !operand.some((option) => same(actual, option))) miss(`one of ${show(operand)}`);
        break;
      case "length": {
        const length = Array.isArray(actual) || typeof actual === "string" ? actual.length : undefined;
        if (length === undefined) miss(`something with a length ${show(operand)}`);
        else out.push(...matchPattern(length, operand, `${path}.length`));
        break;
      }
      case "contains":
        if (!Array.isArray(actual) || !actual.some((item) => same(item, operand)))
          miss(`an array with an element matching ${show(operand)}`);
        break;
    }
  }
  return out;
}

/**
 * Where `actual` differs from `pattern`: objects match when every field of the pattern
 * matches (extra fields allowed), arrays element by element (same length), operator objects
 * (`{gt: "0"}`, `{matches: "…"}`, …) by their rule, anything else by strict equality. An
 * empty list means a match.
 */
export function matchPattern(actual: unknown, pattern: unknown, path = "$"): Mismatch[] {
  if (isOperator(pattern)) return matchOperator(actual, pattern, path);
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual) || actual.length !== pattern.length) return [{ path, expected: show(pattern), actual }];
    return pattern.flatMap((item, index) => matchPattern(actual[index], item, `${path}[${index}]`));
  }
  if (typeof pattern === "object" && pattern !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual))
      return [{ path, expected: `an object${misspeltOperatorHint(Object.keys(pattern))}`, actual }];
    return Object.entries(pattern).flatMap(([key, item]) => matchPattern((actual as Record<string, unknown>)[key], item, `${path}.${key}`));
  }
  return Object.is(actual, pattern) ? [] : [{ path, expected: show(pattern), actual }];
}

/** A mismatch list as the lines of a diff: `- expected` and `+ actual` per path. */
export function mismatchDiff(mismatches: readonly Mismatch[]): string {
  return mismatches
    .map((mismatch) => {
      const actual = show(mismatch.actual) ?? "undefined";
      return `  at ${mismatch.path}\n    - expected ${mismatch.expected}\n    + actual   ${actual.length > 400 ? `${actual.slice(0, 400)}…` : actual}`;
    })
    .join("\n");
}
