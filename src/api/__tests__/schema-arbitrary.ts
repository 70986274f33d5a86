import fc from "fast-check";
import { getBase58Decoder } from "@solana/kit";
import { U64_MAX } from "../../wire/wire-fields.ts";

/** A JSON Schema as the OpenAPI document writes it (the parts the generators read). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** Values of the world under test, so that valid requests name things that exist. */
export interface WorldPools {
  readonly addresses: readonly string[];
  readonly launchIds: readonly string[];
  readonly signatures: readonly string[];
  readonly transactions: readonly string[];
  readonly quoteIds: readonly string[];
  readonly mediaFiles: readonly string[];
}

const base58 = getBase58Decoder();
/** One of `pool`, or `fallback` when the world has none. */
const fromPool = <T>(pool: readonly T[], fallback: fc.Arbitrary<T>) =>
  pool.length > 0 ? fc.oneof(fc.constantFrom(...pool), fallback) : fallback;
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length }).map((value) => base58.decode(value));

/** Text no schema expects: empty, huge, control characters, other scripts, look-alike numbers. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "x".repeat(10_000),
  "9".repeat(100),
  "\u0000",
  "\u202eevil",
  "😀".repeat(64),
  "日本語",
  "0OIl",
  "01",
  "-1",
  "1e3",
  "0x10",
  String(U64_MAX + 1n),
  "../../etc/passwd",
  "%00",
  "null",
  "<script>",
] as const;

/** Values of the wrong JSON type for most fields. */
const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, 1e300, -1e300, [], {}, [1, 2], { a: 1 }, "text"];

/**
 * Generators of schema-derived values: `valid` keeps every rule the schema states (boundaries
 * included), `invalid` breaks one (wrong type, out of range, hostile text). `$ref`s are read
 * from the document's components.
 */
export class SchemaArbitraries {
  constructor(
    private readonly components: Record<string, JsonSchema>,
    private readonly pools: WorldPools,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    while (current.$ref) current = this.components[current.$ref.split("/").at(-1)!] ?? {};
    return current;
  }

  valid(input: JsonSchema): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const members = schema.anyOf ?? schema.oneOf;
    if (members) return fc.oneof(...members.map((member) => this.valid(member)));
    const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? "object"];
    return fc.oneof(...types.map((type) => this.#validOfType(type, schema)));
  }

  #validOfType(type: string, schema: JsonSchema): fc.Arbitrary<unknown> {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer": {
        const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -(2 ** 31) : Math.floor(schema.exclusiveMinimum) + 1);
        const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? 2 ** 31 : Math.ceil(schema.exclusiveMaximum) - 1);
        return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max }));
      }
      case "number": {
        const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
        const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
        const low = schema.exclusiveMinimum === undefined ? min : Math.max(min + Number.EPSILON, min * (1 + Number.EPSILON), 1e-12);
        return fc.oneof(
          fc.constantFrom(low, max),
          fc.double({ min: low, max, noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: Math.ceil(low), max: Math.floor(Math.min(max, 2 ** 31)) }),
        );
      }
      case "string":
        return this.#validString(schema);
      case "array":
        return fc.array(this.valid(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
      default:
        return this.#validObject(schema);
    }
  }

  #validString(schema: JsonSchema): fc.Arbitrary<string> {
    const { addresses, launchIds, signatures, transactions } = this.pools;
    switch (schema.format) {
      case "solana-address":
        return fromPool(addresses, bytes(32));
      case "solana-signature":
        return fromPool(signatures, bytes(64));
      case "u64":
      case "amount":
        return fc.oneof(
          fc.constantFrom("0", "1", "1000000", "1000000000", String(U64_MAX), String(U64_MAX - 1n)),
          fc.bigInt({ min: 0n, max: U64_MAX }).map(String),
          fc.integer({ min: 0, max: 10 ** 9 }).map(String),
        );
      case "launch-id":
        return fromPool(launchIds, bytes(32));
      case "solana-address-list":
        return fc.array(fc.constantFrom(...addresses), { minLength: 1, maxLength: 5 }).map((list) => list.join(","));
      case "trade-cursor":
        return fc.tuple(fc.nat(), fc.nat({ max: 2 ** 31 - 1 })).map(([slot, seq]) => `${slot}:${seq}`);
      case "launch-symbol":
        return fc.stringMatching(/^[A-Z0-9]{2,10}$/);
      case "base64":
        return fc.oneof(
          fc.constantFrom(...transactions),
          fc.uint8Array({ minLength: 1, maxLength: 1_500 }).map((value) => Buffer.from(value).toString("base64")),
        );
      case "date-time":
        return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    }
    if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
    const minLength = schema.minLength ?? 0;
    const maxLength = schema.maxLength ?? 64;
    return fc.oneof(
      fc.string({ minLength, maxLength: Math.min(maxLength, 40) }),
      fc.string({ unit: "grapheme", minLength, maxLength: Math.min(maxLength, 20) }),
      fc.constant("a".repeat(maxLength)),
      ...(this.pools.quoteIds.length > 0 ? [fc.constantFrom(...this.pools.quoteIds)] : []),
    );
  }

  #validObject(schema: JsonSchema): fc.Arbitrary<unknown> {
    const properties = schema.properties ?? {};
    const arbitraries = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, this.valid(property)]));
    return fc.record(arbitraries, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
  }

  /** A value that breaks `input`'s rules (or, by chance, one that keeps them: the server must answer either way). */
  invalid(input: JsonSchema): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    const boundaries: unknown[] = [];
    if (schema.minimum !== undefined) boundaries.push(schema.minimum - 1, schema.minimum - 0.5);
    if (schema.exclusiveMinimum !== undefined) boundaries.push(schema.exclusiveMinimum, schema.exclusiveMinimum - 1);
    if (schema.maximum !== undefined) boundaries.push(schema.maximum + 1, schema.maximum + 0.5, schema.maximum * 10);
    if (schema.maxLength !== undefined) boundaries.push("7".repeat(schema.maxLength + 1));
    if (schema.minLength) boundaries.push("");
    boundaries.push(Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 64);
    return fc.oneof(
      fc.constantFrom(...WRONG_TYPES),
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.constantFrom(...boundaries),
      bytes(33),
      fc.string({ unit: "binary", maxLength: 50 }),
    );
  }
}
