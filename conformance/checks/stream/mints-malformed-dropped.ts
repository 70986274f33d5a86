import type { Check } from "../../engine/check.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, isCards, mentions, withSession } from "./stream-session.ts";

/** Not base58, and too short: neither is an address. */
const MALFORMED = ["0OIl-not-an-address", "abc"];

/** A malformed address in `mints` or `mint` is dropped; the rest of the frame counts and the socket stays open. */
export const mintsMalformedDropped: Check = {
  id: "stream.mints.malformedDropped",
  phase: "stream",
  rule: {
    section: "Events › Frames sent by the client",
    text: "A malformed address in mint or mints is dropped from the frame and does not close the socket.",
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const [launch] = pickLaunches(context, 1);
      const probe = await session.ready();
      probe.send({ op: "sub", tier: "live", mint: MALFORMED[0] });
      await session.expectOpen(probe, "a live sub with a malformed mint");
      probe.send({ op: "sub", tier: "cards", mints: [MALFORMED[0], ...idsOf(launch!), MALFORMED[1]] });
      const cards = await probe.next(isCards, ANSWER_MS);
      if (!cards) session.fail(`no cards frame within ${ANSWER_MS} ms of a cards sub holding one good address among malformed ones`);
      if (!mentions(cards, ...idsOf(launch!)))
        session.fail("the cards frame does not name the well-formed launch of the sub", { expected: launch!.address, actual: cards.text });
      await session.expectOpen(probe, "a cards sub with malformed mints");
    }),
};
