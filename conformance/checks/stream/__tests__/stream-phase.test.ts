/**
 * The stream phase through the engine's runner against the clean simulator, started as
 * `--start` starts it (pinned seed, manual clock, control API): no check fails, and none
 * skips but the heartbeat and idle checks, which wait wall time only with --allow-slow.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type StartedServer, startBuiltInServer } from "../../../cli/start-simulator.ts";
import { runConformance } from "../../../engine/run-conformance.ts";
import { STREAM_CHECKS } from "../index.ts";

let server: StartedServer;

beforeAll(async () => {
  server = await startBuiltInServer({ seed: 7, launchCount: 12 });
}, 60_000);
afterAll(() => server?.close());

it("passes every stream check against the clean simulator", async () => {
  const summary = await runConformance({ baseUrl: server.baseUrl, streamUrl: server.streamUrl, seed: 7, registry: STREAM_CHECKS });
  const report = summary.outcomes.map((outcome) => ({
    id: outcome.check.id,
    status: outcome.status,
    ...(outcome.status === "fail" || outcome.status === "note"
      ? { message: outcome.failure.message, transcript: outcome.failure.details.transcript?.slice(-12) }
      : {}),
    ...(outcome.status === "skip" ? { reason: outcome.reason } : {}),
  }));
  const slow = new Set(STREAM_CHECKS.filter((check) => check.needs?.includes("slow")).map((check) => check.id));
  const unexpected = report.filter((row) => row.status !== "pass" && !(slow.has(row.id) && row.status === "skip"));
  expect(unexpected, JSON.stringify(unexpected, null, 1)).toEqual([]);
  expect(summary.outcomes.map((outcome) => outcome.check.id)).toEqual(STREAM_CHECKS.map((check) => check.id));
}, 180_000);
