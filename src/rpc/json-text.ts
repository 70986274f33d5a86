/**
 * JSON text of `value` with bigints written as bare numbers: the validator sends lamports,
 * slots and rent epochs as JSON integers up to u64, which `JSON.stringify` cannot write.
 * Undefined properties are left out, as `JSON.stringify` does.
 */
export function jsonText(value: unknown): string {
  if (value === null || value === undefined) return "null";
  switch (typeof value) {
    case "bigint":
      return value.toString();
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "string":
      return JSON.stringify(value);
    case "object": {
      if (value instanceof WrittenJson) return value.text;
      if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
      const fields: string[] = [];
      for (const [key, field] of Object.entries(value)) if (field !== undefined) fields.push(`${JSON.stringify(key)}:${jsonText(field)}`);
      return `{${fields.join(",")}}`;
    }
    default:
      return "null";
  }
}

/**
 * A value already written as JSON text: `jsonText` puts the text in as it is. A value shared
 * by many messages (an account every subscription watching it is told) is written once.
 */
export class WrittenJson {
  readonly text: string;

  constructor(value: unknown) {
    this.text = jsonText(value);
  }
}
