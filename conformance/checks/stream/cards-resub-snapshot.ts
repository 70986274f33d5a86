import type { Check } from "../../engine/check.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, isCardsSnapshot, mentions, withSession } from "./stream-session.ts";

/** Subscribing again (what a client does after a missed delta) yields a new snapshot. */
export const cardsResubSnapshot: Check = {
  id: "stream.cards.resubSnapshot",
  phase: "stream",
  rule: {
    section: "Events › The cards frame",
    text: "If a delta's prev does not equal the seq the client holds, a delta was missed; the client subscribes again to get a new snapshot.",
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const [first, second] = pickLaunches(context, 2);
      const probe = await session.ready();
      await session.subscribeCards(probe, [first!], `no cards frame within ${ANSWER_MS} ms of the first cards sub`);
      for (const [label, wanted] of [
        ["the same launch", first!],
        ["another launch", second!],
      ] as const) {
        const snapshot = await session.subscribeCards(
          probe,
          [wanted],
          `no snapshot (full: true) within ${ANSWER_MS} ms of subscribing again to ${label}`,
          isCardsSnapshot,
        );
        if (!mentions(snapshot, ...idsOf(wanted)))
          session.fail(`the snapshot after subscribing again to ${label} does not name it`, {
            expected: wanted.address,
            actual: snapshot.text,
          });
      }
    }),
};
