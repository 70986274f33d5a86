import { describe, expect, it } from "vitest";
import { fingerprintOf } from "../trade-flow-model.ts";

describe("the trade-flow model's observation", () => {
  it("holds a settle that became final while it was read as no change, and any other move as one", () => {
    const statuses = (status: string) => new Map([[0, { status }]]);
    expect(fingerprintOf(statuses("confirmed"))).toBe(fingerprintOf(statuses("finalized")));
    expect(fingerprintOf(statuses("pending"))).not.toBe(fingerprintOf(statuses("confirmed")));
    expect(fingerprintOf(statuses("confirmed"))).not.toBe(fingerprintOf(statuses("failed")));
  });
});
