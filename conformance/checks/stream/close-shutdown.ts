import type { Check } from "../../engine/check.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";

const GOING_AWAY = 1001;

/** Closing every socket through the control API (a stand-in for a rolling deploy) sends 1001 with a reason. */
export const closeShutdown: Check = {
  id: "stream.close.shutdown",
  phase: "stream",
  rule: {
    section: "Errors › WebSocket close codes",
    text: '1001: idle connection closed, or rolling deploy (server shutting down) — reconnect and subscribe again. Triggered by POST /devnet/faults/stream {kind: "close"}.',
  },
  enforces: "decision",
  needs: ["faults"],
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const probes = [await session.ready(), await session.ready()];
      const answer = await context.exchange({ method: "POST", path: "/devnet/faults/stream", json: { kind: "close" } });
      if (answer.status !== 200)
        session.fail(`POST /devnet/faults/stream {kind: "close"} answered ${answer.status}`, { actual: answer.text });
      for (const probe of probes) {
        const closed = await probe.closeWithin(ANSWER_MS);
        if (!closed)
          session.fail(`socket ${probe.label} was not closed within ${ANSWER_MS} ms of the close fault`, { expected: GOING_AWAY });
        if (closed.code !== GOING_AWAY)
          session.fail(`socket ${probe.label} was closed with ${closed.code}, not ${GOING_AWAY}`, { actual: closed });
        if (closed.reason.length === 0) session.fail(`socket ${probe.label} was closed ${GOING_AWAY} without a reason`, { actual: closed });
      }
      // The server still serves: a client's reconnect (survival rule 2) is welcome.
      await session.ready();
    }),
};
