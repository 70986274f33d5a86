import type { Check } from "../../engine/check.ts";
import type { ProbeFrame } from "../../engine/stream-probe.ts";
import { stirLaunch } from "./activity.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, cardsField, isCards, mentions, withSession } from "./stream-session.ts";

const ROUNDS = 3;

/** Every cards delta continues from the frame before it (`prev` = its `seq`), and `seq` only grows. */
export const cardsSeqContinuity: Check = {
  id: "stream.cards.seqContinuity",
  phase: "stream",
  rule: {
    section: "Events › The cards frame",
    text: "Deltas carry only what changed, each with a monotonic seq and the prev it continues from.",
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const launches = pickLaunches(context, 1).concat(context.samples.launches.slice(0, 20));
      const probe = await session.ready();
      await session.subscribeCards(probe, launches, `no cards frame within ${ANSWER_MS} ms of a cards sub`);
      const done: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const stirred = await stirLaunch(context, launches[0]!.address);
        done.push(stirred.text);
        if (stirred.how === "watch") break;
      }
      await session.settle(probe);
      const cards = probe.received.filter(isCards);
      // A delta is any cards frame that is not a snapshot: one that leaves `full` out is judged too.
      const isDelta = (frame: ProbeFrame) => cardsField(frame, "full") !== true;
      const deltas = cards.filter(isDelta);
      // A snapshot replaces the client's cards: after the first, one carrying only what changed
      // (a delta marked full) would make a client drop the rest. Every snapshot names every launch the first did.
      const [first, ...later] = cards.filter((frame) => !isDelta(frame));
      const held = first === undefined ? [] : launches.filter((launch) => mentions(first, ...idsOf(launch)));
      for (const snapshot of later) {
        const dropped = held.filter((launch) => !mentions(snapshot, ...idsOf(launch)));
        if (dropped.length > 0)
          session.fail(
            `a snapshot (full: true) with no new sub leaves out ${dropped.length} of the ${held.length} launches the socket holds`,
            {
              expected: "a snapshot names every launch held, a delta (full: false) only what changed",
              actual: snapshot.text.slice(0, 500),
            },
          );
      }
      if (deltas.length === 0) return context.skip(`no cards delta arrived (${done.join(", ")}); nothing moved to judge continuity by`);
      let previous: ProbeFrame | null = null;
      for (const frame of cards) {
        const seq = cardsField(frame, "seq");
        const prev = cardsField(frame, "prev");
        if (typeof seq !== "number" || !Number.isInteger(seq)) session.fail("a cards frame has no integer seq", { actual: frame.text });
        if (previous) {
          const before = cardsField(previous, "seq") as number;
          if (seq <= before)
            session.fail(`seq went from ${before} to ${seq}: not monotonic`, { expected: `> ${before}`, actual: frame.text });
          if (isDelta(frame) && prev !== before)
            session.fail(`a delta's prev is ${JSON.stringify(prev)}, but the frame before it had seq ${before}`, {
              expected: before,
              actual: frame.text,
            });
        }
        previous = frame;
      }
      context.note("info", `${cards.length} cards frames (${deltas.length} deltas) continued without a gap`);
    }),
};
