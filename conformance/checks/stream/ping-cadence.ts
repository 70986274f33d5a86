import type { Check } from "../../engine/check.ts";
import { type StreamSession, withSession } from "./stream-session.ts";

const HEARTBEAT_MS = 25_000;
/** Timers, scheduling and the network: how late a heartbeat may be and still be "every 25 seconds". */
const TOLERANCE_MS = 5_000;

/**
 * A quiet socket receives a `ping` frame within 25 s (+ tolerance) of connecting, and the
 * next one within 25 s (+ tolerance) after it: a heartbeat, not one ping (more often is no harm).
 */
export const pingCadence: Check = {
  id: "stream.ping.cadence",
  phase: "stream",
  rule: { section: "Events › Frames received; Limits", text: "ping: heartbeat every 25 seconds." },
  enforces: "specification",
  needs: ["slow"],
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const probe = await session.ready();
      const connected = Date.now();
      const wait = HEARTBEAT_MS + TOLERANCE_MS;
      const first = await probe.nextKind("ping", wait);
      if (!first) session.fail(`no ping frame within ${wait / 1000} s of connecting`);
      const at = (first.json as { at?: unknown }).at;
      if (at !== undefined && !Number.isInteger(at)) session.fail("the ping's at is not unix milliseconds", { actual: first.text });
      const firstAt = Date.now();
      const second = await probe.nextKind("ping", wait);
      if (!second) session.fail(`a ping came ${firstAt - connected} ms after connecting, then none within ${wait / 1000} s`);
      context.note("info", `first ping ${firstAt - connected} ms after hello, the next ${Date.now() - firstAt} ms later`);
    }),
};
