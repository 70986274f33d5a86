import type { Check } from "../../engine/check.ts";
import { cardsSub, idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, cardsField, isCards, mentions, withSession } from "./stream-session.ts";

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
      probe.send(cardsSub(first!));
      const subscribed = await probe.next(isCards, ANSWER_MS);
      if (!subscribed || !mentions(subscribed, ...idsOf(first!)))
        session.fail(`no cards frame naming the launch within ${ANSWER_MS} ms of a cards sub`);
      probe.send({ op: "unsub", tier: "cards" });
      await session.expectOpen(probe, "a cards unsub without mints");
      probe.send(cardsSub(second!));
      const snapshot = await probe.next(
        (frame) => isCards(frame) && cardsField(frame, "full") === true && mentions(frame, ...idsOf(second!)),
        ANSWER_MS,
      );
      if (!snapshot) session.fail(`no snapshot naming the launch within ${ANSWER_MS} ms of a cards sub after the unsub`);
      if (mentions(snapshot, ...idsOf(first!)))
        session.fail("after a cards unsub without mints, the next snapshot still holds a launch subscribed before it", {
          expected: `no ${first!.address}`,
          actual: snapshot.text,
        });
    }),
};
