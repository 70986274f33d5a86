import { type StringOptions, type TString, Type } from "@sinclair/typebox";
import { isBase58OfSize } from "./base58-bytes.ts";

/**
 * The rules of the wire: every string field a client sends or reads that has a shape
 * (an address, a signature, a u64 amount, a cursor) is defined here once, with
 *
 * - the `pattern` the documents show (what a client can check on its own),
 * - a `format` name that ajv checks after the pattern (what a regular expression cannot say:
 *   that base58 decodes to 32 bytes, that a number fits in 64 bits), and
 * - the `rule` sentence a 400 answer names, so an error never shows a raw regular expression
 *   and never describes a rule the schema does not apply.
 *
 * Every schema in the project (records, API bodies and parameters, the trade flow, the
 * devnet controls, stream frames) builds its fields with the constructors below, and every
 * ajv instance that validates them calls {@link registerWireFormats}.
 */
export interface WireRule {
  /** The ajv `format` keyword's value (also shown in the OpenAPI document); null for a rule its pattern says whole. */
  readonly format: string | null;
  readonly pattern: string;
  /** "must be …": the sentence after the field's name in a 400. */
  readonly rule: string;
  /** The full check, pattern included: true when `value` keeps the rule. */
  readonly check: (value: string) => boolean;
}

/** The largest value of a u64, the widest integer our programs take. */
export const U64_MAX = 18_446_744_073_709_551_615n;

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";

/** True when `text` is base58 that decodes to exactly `bytes` bytes. */
const decodesTo = isBase58OfSize;

function rule(format: string | null, pattern: string, sentence: string, extra: (value: string) => boolean = () => true): WireRule {
  const regex = new RegExp(pattern);
  return { format, pattern, rule: sentence, check: (value) => regex.test(value) && extra(value) };
}

/** Every rule of the wire, by name. */
export const WIRE_RULES = {
  address: rule("solana-address", `^${BASE58}{32,44}$`, "must be a base58 address (32 bytes, written in 32 to 44 characters)", (value) =>
    decodesTo(value, 32),
  ),
  /**
   * An address to look up (a path or a query naming a launch, a collectible, a wallet), as the
   * specification defines one: "base58 strings matching" its pattern. The pattern alone, not
   * the 32 bytes an address that goes into a transaction must decode to: a string of the
   * pattern that is no key names nothing, so it finds nothing (a 404, an empty list, an empty
   * wallet) as an unused key does; only a string that breaks the pattern is refused. (The
   * pattern is the address's, grouped, so each rule is found by its own.)
   */
  addressText: rule(null, `^(?:${BASE58}{32,44})$`, "must be a base58 address (32 to 44 characters of the base58 alphabet)"),
  /** A signature to look up, as `addressText`: the pattern alone; one that is no signature is `unknown`. */
  signatureText: rule(
    null,
    `^(?:${BASE58}{64,88})$`,
    "must be a base58 transaction signature (64 to 88 characters of the base58 alphabet)",
  ),
  signature: rule(
    "solana-signature",
    `^${BASE58}{64,88}$`,
    "must be a base58 transaction signature (64 bytes, written in 64 to 88 characters)",
    (value) => decodesTo(value, 64),
  ),
  u64: rule(
    "u64",
    "^(0|[1-9][0-9]{0,19})$",
    `must be a decimal integer from 0 to ${U64_MAX} without leading zeros (a u64)`,
    (value) => BigInt(value) <= U64_MAX,
  ),
  /**
   * The quote's `amountIn` and `tipLamports`: the specification's rule is "length <= 20", so
   * every 20-digit amount is taken, and one past the u64 maximum counts as that maximum
   * (a budget or an amount wanted beyond anything on chain is clamped like any other too large).
   */
  u64Saturating: rule(
    "u64-saturating",
    // u64's language, written apart (a non-capturing group) so a schema that lost its format is still told from a u64 by its pattern.
    "^(?:0|[1-9][0-9]{0,19})$",
    `must be a decimal integer of at most 20 digits without leading zeros (past ${U64_MAX}, the u64 maximum, it counts as that maximum)`,
  ),
  /** Amounts the server reports (sums may pass a u64): any non-negative decimal integer. */
  amount: rule("amount", "^(0|[1-9][0-9]*)$", "must be a non-negative decimal integer without leading zeros"),
  /**
   * A launch named by address, primary mint or ticker (tickers are `^[A-Z0-9]{2,10}$` on chain;
   * any case is looked up). A name to look up, so the address is the specification's pattern
   * alone (as `addressText`): one that names no launch is a 404.
   */
  launchId: rule(
    "launch-id",
    `^(?:${BASE58}{32,44}|[A-Za-z0-9]{2,10})$`,
    "must be a launch address, a primary mint (base58, 32 to 44 characters) or a ticker (2 to 10 letters and digits)",
  ),
  /** 1 to 100 addresses joined by commas, nothing else (no spaces, no empty entries); names to look up, as `addressText`. */
  addressList: rule(
    "solana-address-list",
    `^${BASE58}{32,44}(?:,${BASE58}{32,44}){0,99}$`,
    "must be 1 to 100 base58 addresses (32 to 44 characters each) separated by commas",
  ),
  /**
   * A trade-tape cursor: `slot:seq`, both decimal without leading zeros, at most 20 and 10
   * digits. Every one is honoured: a position past any slot or seq on chain means "older
   * than everything there" (see parseTradeCursor).
   */
  tradeCursor: rule(
    "trade-cursor",
    "^(?:0|[1-9][0-9]{0,19}):(?:0|[1-9][0-9]{0,9})$",
    "must be slot:seq as given by nextCursor of the previous page",
  ),
  /** A ticker as the launch program takes it. */
  symbol: rule("launch-symbol", "^[A-Z0-9]{2,10}$", "must be 2 to 10 characters of A-Z and 0-9"),
  /** Standard base64 (the wire form of a transaction). */
  base64: rule(
    "base64",
    "^[A-Za-z0-9+/]*={0,2}$",
    "must be standard base64 (A-Z, a-z, 0-9, + and /, = padding)",
    (value) => value.length % 4 === 0,
  ),
} as const satisfies Record<string, WireRule>;

export type WireRuleName = keyof typeof WIRE_RULES;

const BY_FORMAT = new Map<string, WireRule>(
  Object.values(WIRE_RULES).flatMap((wire): [string, WireRule][] => (wire.format === null ? [] : [[wire.format, wire]])),
);
const BY_PATTERN = new Map<string, WireRule>(Object.values(WIRE_RULES).map((wire) => [wire.pattern, wire]));

/**
 * The rule sentence of a schema built here (found by its format, or by its pattern for a
 * schema that lost its format on the way), or null for any other schema.
 */
export function wireRuleOf(schema: { readonly format?: string; readonly pattern?: string }): string | null {
  return (schema.format && BY_FORMAT.get(schema.format)?.rule) || (schema.pattern && BY_PATTERN.get(schema.pattern)?.rule) || null;
}

/** The smallest part of ajv's API this module needs: any ajv 8 instance has it. */
export interface FormatRegistry {
  addFormat(name: string, format: { type: "string"; validate: (value: string) => boolean }): unknown;
}

/** Teaches `ajv` every wire format, so a schema built here is checked in full. */
export function registerWireFormats<A extends FormatRegistry>(ajv: A): A {
  for (const wire of Object.values(WIRE_RULES))
    if (wire.format !== null) ajv.addFormat(wire.format, { type: "string", validate: wire.check });
  return ajv;
}

/** A string field that keeps the wire rule `name`: its pattern and its format. */
export function wireString(name: WireRuleName, options: StringOptions & { description: string }): TString {
  const wire = WIRE_RULES[name];
  return Type.String({ pattern: wire.pattern, ...(wire.format === null ? {} : { format: wire.format }), ...options });
}

export const Address = (description: string, options: StringOptions = {}) => wireString("address", { ...options, description });
export const Signature = (description: string, options: StringOptions = {}) => wireString("signature", { ...options, description });

/** An address to look up: the specification's pattern alone (see the `addressText` rule). */
export const AddressText = (description: string, options: StringOptions = {}) => wireString("addressText", { ...options, description });
/** A signature to look up: the pattern alone (see the `signatureText` rule). */
export const SignatureText = (description: string, options: StringOptions = {}) => wireString("signatureText", { ...options, description });
/** An amount a client sends: a u64 as decimal text (the specification's length ≤ 20 rule, bounded to what fits). */
export const U64 = (description: string, options: StringOptions = {}) => wireString("u64", { maxLength: 20, ...options, description });
/** A quote's amount as a client sends it: up to 20 digits, read as a u64 that saturates (see {@link saturatingU64}). */
export const U64Saturating = (description: string, options: StringOptions = {}) =>
  wireString("u64Saturating", { maxLength: 20, ...options, description });
/** The value of a `u64Saturating` field: its decimal value, or the u64 maximum when it is larger. */
export function saturatingU64(text: string): bigint {
  const value = BigInt(text);
  return value > U64_MAX ? U64_MAX : value;
}
/** An amount the server reports: a non-negative decimal integer. */
export const Amount = (description: string, options: StringOptions = {}) => wireString("amount", { ...options, description });

/**
 * The latest unix second a record may name: 9999-12-31T23:59:59Z. Seconds, never
 * milliseconds: a millisecond timestamp of today is far past it, so a schema check tells them apart.
 */
export const MAX_UNIX_SECONDS = 253_402_300_799;
/** A `unix` field: whole seconds since 1970, as the specification types time. */
export const UnixSeconds = (description: string) => Type.Integer({ minimum: 0, maximum: MAX_UNIX_SECONDS, description });
/** Basis points: 0 to 10,000. */
export const Bps = (description: string) => Type.Integer({ minimum: 0, maximum: 10_000, description });
