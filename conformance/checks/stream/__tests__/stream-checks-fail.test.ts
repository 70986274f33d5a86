/**
 * The stream checks can fail: against a tiny fake server that breaks one rule each, the
 * check judging that rule fails and its failure carries the frame transcript; against the
 * same fake without the fault, the check passes (so the fault, not the fake, is caught).
 */
import { describe, expect, it } from "vitest";
import { runConformance } from "../../../engine/run-conformance.ts";
import type { CheckOutcome } from "../../../engine/run-events.ts";
import { STREAM_CHECKS } from "../index.ts";
import { type FakeFaults, startFakeServer } from "./fake-stream-server.ts";

async function judge(checkId: string, faults: FakeFaults, allowSlow = false): Promise<CheckOutcome> {
  const server = await startFakeServer(faults);
  try {
    const registry = STREAM_CHECKS.filter((check) => check.id === checkId);
    expect(registry).toHaveLength(1);
    const summary = await runConformance({ baseUrl: server.baseUrl, streamUrl: server.streamUrl, seed: 3, registry, allowSlow });
    return summary.outcomes[0]!;
  } finally {
    await server.close();
  }
}

const CASES: readonly { fault: string; checkId: string; faults: FakeFaults; shows: RegExp }[] = [
  { fault: "hello with v 2", checkId: "stream.hello.first", faults: { helloVersion: 2 }, shows: /"kind":"hello".*"v":2/ },
  { fault: "a skipped seq", checkId: "stream.cards.seqContinuity", faults: { skipSeq: true }, shows: /"seq":4,"prev":3/ },
  { fault: "no 1013 at the cap", checkId: "stream.close.capRefusal", faults: { perAddressCap: null }, shows: /#25 < \{"kind":"hello"/ },
  { fault: "1007 on a malformed mint", checkId: "stream.mints.malformedDropped", faults: { closeOnMalformed: true }, shows: /closed 1007/ },
  { fault: "1009 on a 64 KB frame", checkId: "stream.frameSize.limit", faults: { maxPayload: 64 * 1024 }, shows: /closed 1009/ },
];

describe("stream checks against a fake server that breaks one rule", () => {
  it.each(CASES)(
    "$fault: $checkId fails with a transcript",
    async ({ checkId, faults, shows }) => {
      const outcome = await judge(checkId, faults);
      expect(outcome.status, JSON.stringify(outcome)).toBe("fail");
      if (outcome.status !== "fail") return;
      expect(outcome.failure.checkId).toBe(checkId);
      const transcript = outcome.failure.details.transcript ?? [];
      expect(transcript.join("\n")).toMatch(shows);
    },
    30_000,
  );

  it.each(CASES)(
    "without the fault, $checkId passes against the same fake",
    async ({ checkId }) => {
      const outcome = await judge(checkId, {});
      expect(outcome.status, JSON.stringify(outcome)).toBe("pass");
    },
    30_000,
  );

  it("backs off and connects again after a 1013 before hello, as the specification's client does, and fails a server that keeps refusing", async () => {
    expect((await judge("stream.frameSize.limit", { refuseFirst: 3 })).status).toBe("pass");
    const refused = await judge("stream.frameSize.limit", { refuseFirst: 100 });
    expect(refused.status).toBe("fail");
    if (refused.status === "fail") expect(refused.failure.message).toMatch(/closed 1013\), after backing off 4 times/);
  }, 30_000);

  it("says a socket closed before any frame as such, not as a slow hello", async () => {
    const outcome = await judge("stream.hello.first", { closeAtOnce: true });
    expect(outcome.status).toBe("fail");
    if (outcome.status === "fail") expect(outcome.failure.message).toContain('the socket closed (code 1011, "broken") before any frame');
  });

  it("the idle check runs with --allow-slow only, and sees a peer that answers no ping closed 1001", async () => {
    expect((await judge("stream.close.idle", { idleMs: 300 })).status).toBe("skip");
    expect((await judge("stream.close.idle", { idleMs: 300 }, true)).status).toBe("pass");
  });

  it("the heartbeat check runs with --allow-slow only, and sees a server's ping", async () => {
    expect((await judge("stream.ping.cadence", { pingEveryMs: 100 })).status).toBe("skip");
    const outcome = await judge("stream.ping.cadence", { pingEveryMs: 100 }, true);
    expect(outcome.status, JSON.stringify(outcome)).toBe("pass");
  });
});
