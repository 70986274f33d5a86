import type { Check } from "../../engine/check.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, isCardsSnapshot, mentions, withSession } from "./stream-session.ts";

/** A cards `unsub` naming no mints empties the socket's set: a later cards sub's snapshot holds only its own launches. */
export const cardsUnsubClears: Check = {
  id: "stream.cards.unsubClears",
  phase: "stream",
  rule: { section: "Events › Frames sent by the client", text: "`unsub` for cards without `mints` clears the set." },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const [first, second] = pickLaunches(context, 2);
      const probe = await session.ready();
      const unnamed = `no cards frame naming the launch within ${ANSWER_MS} ms of a cards sub`;
      if (!mentions(await session.subscribeCards(probe, [first!], unnamed), ...idsOf(first!))) session.fail(unnamed);
      probe.send({ op: "unsub", tier: "cards" });
      await session.expectOpen(probe, "a cards unsub without mints");
      const snapshot = await session.subscribeCards(
        probe,
        [second!],
        `no snapshot naming the launch within ${ANSWER_MS} ms of a cards sub after the unsub`,
        (frame) => isCardsSnapshot(frame) && mentions(frame, ...idsOf(second!)),
      );
      if (mentions(snapshot, ...idsOf(first!)))
        session.fail("after a cards unsub without mints, the next snapshot still holds a launch subscribed before it", {
          expected: `no ${first!.address}`,
          actual: snapshot.text,
        });
    }),
};
