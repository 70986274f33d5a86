import type { Check } from "../../engine/check.ts";
import { cardsSub, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, QUIET_MS, type StreamSession, isCardsSnapshot, withSession } from "./stream-session.ts";

/** Our window: more than 200 client frames in any 10 s closes with 1008. */
const FRAMES = 200;
const TOO_MANY = 1008;
/** Each sub's answer; deltas a moving server sends meanwhile are not counted. */

/**
 * The exact window is ours (the specification shows none): 200 frames in a burst are all
 * served — each a cards sub, answered by a snapshot, so the count is observable — and the
 * 201st closes the socket with 1008.
 */
export const closeFloodWindow: Check = {
  id: "stream.close.floodWindow",
  phase: "stream",
  rule: {
    section: "Errors › WebSocket close codes; Limits",
    text: "Number of frames per window that causes close 1008: not shown — ours is more than 200 client frames in any 10 s.",
  },
  enforces: "decision",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const [launch] = pickLaunches(context, 1);
      const probe = await session.ready();
      for (let index = 0; index < FRAMES; index++) probe.send(cardsSub(launch!));
      const deadline = Date.now() + ANSWER_MS;
      while (probe.received.filter(isCardsSnapshot).length < FRAMES && probe.isOpen && Date.now() < deadline) await probe.collect(50);
      const answered = probe.received.filter(isCardsSnapshot).length;
      if (!probe.isOpen || answered < FRAMES)
        session.fail(`${FRAMES} frames in a burst: ${answered} answered${probe.closeInfo ? `, then closed ${probe.closeInfo.code}` : ""}`, {
          expected: `${FRAMES} answered, socket open`,
        });
      // No ping here: it would be frame 201 of the window, the one that must close the socket.
      await session.expectOpen(probe, `${FRAMES} frames`, { roundTrip: false });
      probe.send(cardsSub(launch!));
      const closed = await probe.closeWithin(ANSWER_MS + QUIET_MS);
      if (closed?.code !== TOO_MANY)
        session.fail(
          `frame ${FRAMES + 1} within the window ${closed ? `closed the socket with ${closed.code}` : "did not close the socket"}`,
          {
            expected: TOO_MANY,
            actual: closed,
          },
        );
    }),
};
