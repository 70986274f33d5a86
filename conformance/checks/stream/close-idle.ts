import type { Check } from "../../engine/check.ts";
import { type StreamSession, withSession } from "./stream-session.ts";

const GOING_AWAY = 1001;
/** Our idle timeout is 75 s of nothing from the peer; the wait allows for timers and a tick. */
const IDLE_WAIT_MS = 90_000;

/**
 * A peer that sends nothing and answers no protocol ping is closed 1001 with a reason. How
 * long the server waits is not shown in the specification: ours is 75 s.
 */
export const closeIdle: Check = {
  id: "stream.close.idle",
  phase: "stream",
  rule: {
    section: "Errors › WebSocket close codes",
    text: "1001: idle connection closed — reconnect and subscribe again. The idle time is not shown; ours is 75 s without a frame or pong.",
  },
  enforces: "decision",
  needs: ["slow"],
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      // A dead peer: no frames and no pong to the server's protocol pings.
      const probe = await session.ready({ autoPong: false });
      const closed = await probe.closeWithin(IDLE_WAIT_MS);
      if (!closed)
        session.fail(`a silent socket that answers no ping was still open after ${IDLE_WAIT_MS / 1000} s`, { expected: GOING_AWAY });
      if (closed.code !== GOING_AWAY) session.fail(`a silent socket was closed with ${closed.code}, not ${GOING_AWAY}`, { actual: closed });
      context.note("info", `closed ${closed.code} ${JSON.stringify(closed.reason)}`);
    }),
};
