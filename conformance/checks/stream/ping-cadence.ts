import type { Check } from "../../engine/check.ts";
import { type StreamSession, withSession } from "./stream-session.ts";

const HEARTBEAT_MS = 25_000;
/** Timers, scheduling and the network: how late a heartbeat may be and still be "every 25 seconds". */
const TOLERANCE_MS = 5_000;

/** A quiet socket receives a `ping` frame within 25 s (+ tolerance) of connecting. */
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
      const ping = await probe.nextKind("ping", HEARTBEAT_MS + TOLERANCE_MS);
      if (!ping) session.fail(`no ping frame within ${(HEARTBEAT_MS + TOLERANCE_MS) / 1000} s of connecting`);
      const at = (ping.json as { at?: unknown }).at;
      if (at !== undefined && !Number.isInteger(at)) session.fail("the ping's at is not unix milliseconds", { actual: ping.text });
      context.note("info", `first ping ${Date.now() - connected} ms after hello`);
    }),
};
