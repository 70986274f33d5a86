import type { Check } from "../../engine/check.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";

const FLOOD = 1_000;
const TOO_MANY = 1008;

/** A flood of 1,000 frames sent at once is closed with 1008 (the specification shows no window: 1,000 at once exceeds any sane one). */
export const closeFlood: Check = {
  id: "stream.close.flood",
  phase: "stream",
  rule: { section: "Errors › WebSocket close codes", text: "1008: too many frames in a window (client action: slow down)." },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const probe = await session.ready();
      for (let sent = 0; sent < FLOOD && probe.isOpen; sent++) probe.send({ op: "unsub", topic: "trades" });
      const closed = await probe.closeWithin(ANSWER_MS);
      if (!closed) session.fail(`${FLOOD} frames sent at once did not close the socket within ${ANSWER_MS} ms`, { expected: TOO_MANY });
      if (closed.code !== TOO_MANY)
        session.fail(`a flood of frames closed the socket with ${closed.code}, not ${TOO_MANY}`, { expected: TOO_MANY, actual: closed });
      context.note("info", `closed ${TOO_MANY} ${JSON.stringify(closed.reason)} with ${probe.sentCount} frames sent`);
    }),
};
