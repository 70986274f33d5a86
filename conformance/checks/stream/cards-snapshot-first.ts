import type { Check } from "../../engine/check.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, CARDS_SNAPSHOT_THEN_DELTAS, type StreamSession, cardsField, mentions, withSession } from "./stream-session.ts";

/** The first `cards` frame after a cards `sub` is a snapshot (`full: true`) naming every launch subscribed, and no other. */
export const cardsSnapshotFirst: Check = {
  id: "stream.cards.snapshotFirst",
  phase: "stream",
  rule: CARDS_SNAPSHOT_THEN_DELTAS,
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const launches = pickLaunches(context, 3);
      const probe = await session.ready();
      const first = await session.subscribeCards(probe, launches, `no cards frame within ${ANSWER_MS} ms of a cards sub`);
      if (cardsField(first, "full") !== true)
        session.fail("the first cards frame after the sub is not a snapshot (full: true)", { actual: first.text });
      const missing = launches.filter((launch) => !mentions(first, ...idsOf(launch)));
      if (missing.length > 0)
        session.fail(`the snapshot leaves out ${missing.length} of the ${launches.length} launches subscribed`, {
          expected: missing.map((launch) => launch.address),
          actual: first.text,
        });
      // "The aggregated cards bundle filtered to those launches": no other launch the server lists rides along.
      const others = context.samples.launches.filter((launch) => !launches.includes(launch));
      const leaked = others.filter((launch) => mentions(first, ...idsOf(launch)));
      if (leaked.length > 0)
        session.fail(`the snapshot of a cards sub of ${launches.length} launches also carries ${leaked.length} launches not subscribed`, {
          expected: launches.map((launch) => launch.address),
          actual: leaked.map((launch) => launch.address),
        });
    }),
};
