import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { Address, U64, U64Saturating, U64_MAX, WIRE_RULES } from "../../wire/wire-fields.ts";
import { ruleOf } from "../validation-failure.ts";

/** The sentence a 400 gives for a field is read from its schema: never a regular expression, never ajv's own words. */
describe("ruleOf", () => {
  it("names a wire field's rule, found by its format or, format lost, by its pattern", () => {
    expect(ruleOf(Address("a wallet"))).toBe(WIRE_RULES.address.rule);
    expect(ruleOf({ type: "string", pattern: WIRE_RULES.u64.pattern })).toBe(WIRE_RULES.u64.rule);
    expect(ruleOf({ type: "string", pattern: WIRE_RULES.u64Saturating.pattern })).toBe(WIRE_RULES.u64Saturating.rule);
    // Its 20 characters are its own 20 digits, not a second rule.
    expect(ruleOf(U64Saturating("an amount"))).toBe(WIRE_RULES.u64Saturating.rule);
    expect(ruleOf(U64("an amount"))).toBe(`must be a decimal integer from 0 to ${U64_MAX} without leading zeros (a u64)`);
  });

  it("says a u64 held to fewer digits by its largest value, never as a u64 and a length that contradict", () => {
    expect(ruleOf(U64("a fee", { maxLength: 18 }))).toBe(`must be a decimal integer from 0 to ${"9".repeat(18)} without leading zeros`);
  });

  it("adds a length stricter than another wire rule's own", () => {
    expect(ruleOf(Address("a wallet", { maxLength: 40 }))).toBe(`${WIRE_RULES.address.rule}, at most 40 characters`);
  });

  it("names every form of a field of several forms, null included", () => {
    const fee = Type.Union([
      Type.Unsafe<"auto">({ type: "string", enum: ["auto"] }),
      U64("lamports"),
      Type.Integer({ minimum: 0, maximum: 10 }),
    ]);
    expect(ruleOf(fee as Parameters<typeof ruleOf>[0])).toBe(
      `must be one of auto, or ${WIRE_RULES.u64.rule.slice(8)}, or an integer from 0 to 10`,
    );
    expect(ruleOf(Type.Union([Address("a mint"), Type.Null()]))).toBe(`${WIRE_RULES.address.rule}, or null`);
  });

  it("names a literal form by its value, not as any string", () => {
    const fee = Type.Union([Type.Literal("auto"), Type.Integer({ minimum: 0, maximum: 10 })]);
    expect(ruleOf(fee as Parameters<typeof ruleOf>[0])).toBe('must be "auto", or an integer from 0 to 10');
  });

  it("says an exclusive minimum as such", () => {
    expect(ruleOf(Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }))).toBe("must be a number greater than 0 and at most 1000000000");
  });

  it("never shows a pattern it has no sentence for", () => {
    expect(ruleOf(Type.String({ pattern: "^q_[0-9a-f]{24}$" }))).not.toContain("[0-9a-f]");
  });
});
