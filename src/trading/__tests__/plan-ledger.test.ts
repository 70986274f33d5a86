import type { Signature } from "@solana/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PlanLedger } from "../plan-ledger.ts";

const signature = (text: string) => text as Signature;

describe("PlanLedger", () => {
  it("names the earlier steps of a plan already submitted, nearest first, and nothing for a message no plan holds", () => {
    const ledger = new PlanLedger();
    ledger.record("q1", ["setup-a", "setup-b", "settle"]);
    expect(ledger.earlierSubmitted("settle")).toEqual([]);
    ledger.submitted("setup-a", signature("sig-a"));
    ledger.submitted("setup-b", signature("sig-b"));
    expect(ledger.earlierSubmitted("settle")).toEqual(["sig-b", "sig-a"]);
    // Later steps are not earlier ones; other plans and unknown messages share nothing.
    expect(ledger.earlierSubmitted("setup-a")).toEqual([]);
    ledger.record("q2", ["other-setup", "other-settle"]);
    expect(ledger.earlierSubmitted("other-settle")).toEqual([]);
    expect(ledger.earlierSubmitted("never-built")).toEqual([]);
    ledger.submitted("never-built", signature("sig-x"));
    expect(ledger.earlierSubmitted("never-built")).toEqual([]);
  });

  it("names the other quote a plan holding any of some messages was built for, never the quote itself", () => {
    const ledger = new PlanLedger();
    ledger.record("q1", ["setup", "settle"]);
    expect(ledger.builtForAnother("q2", ["elsewhere", "settle"])).toBe("q1");
    expect(ledger.builtForAnother("q1", ["setup", "settle"])).toBeNull();
    expect(ledger.builtForAnother("q2", ["elsewhere"])).toBeNull();
  });

  it("stays bounded: after many plans the oldest are forgotten, the newest still answer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 5_000, max: 9_000 }), (steps, plans) => {
        const ledger = new PlanLedger();
        const messages = (plan: number) => Array.from({ length: steps }, (_, step) => `${plan}:${step}`);
        for (let plan = 0; plan < plans; plan++) {
          ledger.record(`q${plan}`, messages(plan));
          ledger.submitted(`${plan}:0`, signature(`sig-${plan}`));
        }
        const newest = messages(plans - 1);
        expect(ledger.earlierSubmitted(newest.at(-1)!)).toEqual([`sig-${plans - 1}`]);
        // The first plan's first step was submitted, but the plan is forgotten.
        expect(ledger.earlierSubmitted(`0:${steps - 1}`)).toEqual([]);
      }),
      { numRuns: 5 },
    );
  });
});
