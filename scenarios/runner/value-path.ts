/** One segment of a path: a field name or an array index (negative counts from the end). */
type Segment = { readonly field: string } | { readonly index: number };

/** Why a path cannot be followed: the prefix that resolved and what was there instead. */
export class PathError extends Error {}

/** Splits `launches[0].address`, `plan[-1]`, `a.b` into segments. */
export function parsePath(path: string): Segment[] {
  const segments: Segment[] = [];
  const pattern = /([^.[\]]+)|\[(-?\d+)\]/g;
  let consumed = 0;
  for (let match = pattern.exec(path); match; match = pattern.exec(path)) {
    const between = path.slice(consumed, match.index);
    if (between !== "" && between !== ".") throw new PathError(`cannot read path ${JSON.stringify(path)} near ${JSON.stringify(between)}`);
    segments.push(match[1] !== undefined ? { field: match[1] } : { index: Number(match[2]) });
    consumed = match.index + match[0].length;
  }
  if (consumed !== path.length || segments.length === 0) throw new PathError(`cannot read path ${JSON.stringify(path)}`);
  return segments;
}

/**
 * The value at `path` in `root` (a small JSONPath: dotted fields and `[n]` indexes), or a
 * PathError naming how far it got: a scenario author sees which part of the answer was missing.
 */
export function readPath(root: unknown, path: string): unknown {
  let value = root;
  let walked = "";
  for (const segment of parsePath(path)) {
    if ("field" in segment) {
      if (typeof value !== "object" || value === null || !(segment.field in value))
        throw new PathError(`${walked || "the value"} has no field ${JSON.stringify(segment.field)} (path ${path})`);
      value = (value as Record<string, unknown>)[segment.field];
      walked += walked ? `.${segment.field}` : segment.field;
    } else {
      if (!Array.isArray(value)) throw new PathError(`${walked || "the value"} is not an array (path ${path})`);
      const index = segment.index < 0 ? value.length + segment.index : segment.index;
      if (index < 0 || index >= value.length)
        throw new PathError(`${walked}[${segment.index}] is out of range: ${walked} has ${value.length} elements (path ${path})`);
      value = value[index];
      walked += `[${segment.index}]`;
    }
  }
  return value;
}
