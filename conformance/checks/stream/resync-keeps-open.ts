import type { Check } from "../../engine/check.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";

/** A `resync` frame (forced through the control API) carries its reason and leaves the socket open. */
export const resyncKeepsOpen: Check = {
  id: "stream.resync.keepsOpen",
  phase: "stream",
  rule: {
    section: "Events › Frames received",
    text: 'resync: the server missed events from its bus (reason: "bus"); the socket stays open. Forced by POST /devnet/faults/stream {kind: "resync"}.',
  },
  enforces: "specification",
  needs: ["faults"],
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const probe = await session.ready();
      const answer = await context.exchange({ method: "POST", path: "/devnet/faults/stream", json: { kind: "resync" } });
      if (answer.status !== 200)
        session.fail(`POST /devnet/faults/stream {kind: "resync"} answered ${answer.status}`, { actual: answer.text });
      const resync = await probe.nextKind("resync", ANSWER_MS);
      if (!resync) session.fail(`no resync frame within ${ANSWER_MS} ms of the resync fault`);
      // Where the frame carries its reason the specification does not say: on the frame, or in its data.
      const frame = resync.json as { reason?: unknown; data?: { reason?: unknown } };
      const reason = frame.reason ?? frame.data?.reason;
      if (reason !== "bus")
        session.fail(`the resync frame's reason is ${JSON.stringify(reason)}, not "bus"`, { expected: "bus", actual: resync.text });
      await session.expectOpen(probe, "the resync frame");
    }),
};
