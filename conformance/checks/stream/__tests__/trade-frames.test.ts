import { expect, it } from "vitest";
import type { ProbeFrame } from "../../../engine/stream-probe.ts";
import { isTradeOf } from "../trade-frames.ts";

const LAUNCH = "95nLfWrajSD6TG2LKsutjjLBqQvaXncfknrrspVUGUm2";
const OTHER = "2sLerC4XqAnFtHxFBbiM4aCjDMCtnusKFyQxCoa5nd5v";
const SIGNATURE = "5".repeat(87);

const frame = (json: Record<string, unknown>): ProbeFrame => ({ kind: String(json.kind), json, text: JSON.stringify(json) }) as ProbeFrame;

it("finds a trade frame by its launch field, or, without one (the envelope makes it optional), by the launch or the driven trade's signature it names", () => {
  const ofLaunch = isTradeOf([LAUNCH], SIGNATURE);
  expect(ofLaunch(frame({ kind: "trade", launch: LAUNCH }))).toBe(true);
  expect(ofLaunch(frame({ kind: "trade", launch: LAUNCH, data: { signature: SIGNATURE } }))).toBe(true);
  // Another trader's trade on the same launch, its signature named, does not stand in for the driven one.
  expect(ofLaunch(frame({ kind: "trade", launch: LAUNCH, data: { signature: "x" } }))).toBe(false);
  expect(isTradeOf([LAUNCH])(frame({ kind: "trade", launch: LAUNCH, data: { signature: "x" } }))).toBe(true);
  expect(ofLaunch(frame({ kind: "trade", launch: OTHER, data: { signature: SIGNATURE } }))).toBe(false);
  expect(ofLaunch(frame({ kind: "trade", data: { signature: SIGNATURE, slot: 1, seq: 0 } }))).toBe(true);
  expect(ofLaunch(frame({ kind: "trade", data: { mint: LAUNCH } }))).toBe(true);
  expect(ofLaunch(frame({ kind: "trade", data: { signature: "other" } }))).toBe(false);
  expect(ofLaunch(frame({ kind: "status", data: { signature: SIGNATURE } }))).toBe(false);
  expect(isTradeOf([LAUNCH])(frame({ kind: "trade", data: { signature: SIGNATURE } }))).toBe(false);
});
