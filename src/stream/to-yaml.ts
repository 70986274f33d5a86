/**
 * A JSON value as block-style YAML, for the generated AsyncAPI document (readable diffs
 * in review). Strings that could read as anything but a string are written JSON-quoted —
 * a JSON string is a valid YAML double-quoted scalar — so the output parses back to the
 * exact value. No dependency: the subset needed is this small.
 */
export function toYaml(value: unknown): string {
  return `${lines(value, 0).join("\n")}\n`;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const PLAIN = /^[A-Za-z][A-Za-z0-9_./-]*$/;
const RESERVED = /^(y|n|yes|no|true|false|on|off|null)$/i;

/** Multi-line text reads best as a literal block (`|-`); only text a block keeps exactly qualifies. */
function isBlock(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.includes("\n") &&
    // Printable characters only (YAML forbids controls in a block), no edge whitespace a block would lose.
    /^[\n\x20-\x7E\u00A0-\u2027\u202A-\uD7FF\uE000-\uFEFE]*$/.test(value) &&
    !/^\s|[ ]$|[ ]\n|\n$/.test(value)
  );
}

function scalar(value: null | boolean | number | string): string {
  if (typeof value !== "string") return JSON.stringify(value);
  return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
}

function key(name: string): string {
  return PLAIN.test(name) || /^\$[A-Za-z]+$/.test(name) ? name : JSON.stringify(name);
}

function isCollection(value: Json): value is Json[] | { [key: string]: Json } {
  return typeof value === "object" && value !== null && (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0);
}

function inline(value: Json): string {
  if (Array.isArray(value)) return "[]";
  if (typeof value === "object" && value !== null) return "{}";
  return scalar(value);
}

function lines(input: unknown, indent: number): string[] {
  const value = input as Json;
  const pad = " ".repeat(indent);
  if (!isCollection(value)) return [`${pad}${inline(value)}`];
  const out: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!isCollection(item)) {
        out.push(`${pad}- ${inline(item)}`);
        continue;
      }
      // The item's first line shares the dash; the rest align under it.
      const [first, ...rest] = lines(item, indent + 2);
      out.push(`${pad}- ${first!.slice(indent + 2)}`, ...rest);
    }
    return out;
  }
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue;
    if (isCollection(item)) out.push(`${pad}${key(name)}:`, ...lines(item, indent + 2));
    else if (isBlock(item)) out.push(`${pad}${key(name)}: |-`, ...item.split("\n").map((line) => (line === "" ? "" : `${pad}  ${line}`)));
    else out.push(`${pad}${key(name)}: ${inline(item)}`);
  }
  return out;
}
