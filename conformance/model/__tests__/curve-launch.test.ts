import { describe, expect, it } from "vitest";
import type { CheckContext, SampleLaunch } from "../../engine/check.ts";
import { curveLaunch } from "../trade-session.ts";

const launch = (symbol: string, progressBps: number, curveRemaining?: bigint): SampleLaunch => ({
  address: `${symbol}address`,
  primaryMint: `${symbol}mint`,
  symbol,
  status: "activeBonding",
  kind: "pairs",
  progressBps,
  ...(curveRemaining === undefined ? {} : { curveRemaining }),
});

const contextOf = (launches: SampleLaunch[]) =>
  ({
    samples: { launches },
    noSample: (what: string) => {
      throw new Error(`no ${what}`);
    },
  }) as unknown as CheckContext;

describe("the sample launch the trade checks trade on", () => {
  it("is never one with a curve a run's trades could finish, such as a tiny curve an earlier run created", () => {
    // TINY is the middle of the field by progress, but holds a hundredth of the others' tokens.
    const launches = [
      launch("A", 1_000, 800_000_000_000_000n),
      launch("TINY", 2_000, 7_000_000_000_000n),
      launch("B", 3_000, 600_000_000_000_000n),
    ];
    expect(curveLaunch(contextOf(launches)).symbol).not.toBe("TINY");
  });

  it("is the middle of the field by progress among the deep curves, and among all when rows give no inventory", () => {
    const deep = [launch("A", 1_000, 900n), launch("B", 2_000, 800n), launch("C", 3_000, 700n)];
    expect(curveLaunch(contextOf(deep)).symbol).toBe("B");
    const unknown = [launch("A", 1_000), launch("B", 2_000), launch("C", 3_000)];
    expect(curveLaunch(contextOf(unknown)).symbol).toBe("B");
  });

  it("leaves out launches past 60% of their curve", () => {
    expect(() => curveLaunch(contextOf([launch("LATE", 6_500, 900n)]))).toThrow(/no pairs launch on the curve/);
  });
});
