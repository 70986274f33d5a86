/** Base64 and other long strings are cut so a transcript line stays readable. */
const LONG_STRING = 96;
const LINE = 700;

/**
 * JSON of `value` for a transcript: long strings shortened to their start and length (but an
 * `error` sentence, the one thing that says why a request was refused), the whole cut at a
 * line's width.
 */
export function transcriptJson(value: unknown, max = LINE): string {
  const text =
    JSON.stringify(value, (key, item: unknown) => {
      if (typeof item === "bigint") return item.toString();
      if (typeof item === "string" && item.length > LONG_STRING && key !== "error") return `${item.slice(0, 24)}…(${item.length} chars)`;
      return item;
    }) ?? "undefined";
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
