import type { Check } from "../../engine/check.ts";
import { cardsSub, idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, isCards, mentions, withSession } from "./stream-session.ts";

/**
 * The specification's rule is the client's (ignore unknown kinds); its server-side twin is
 * judged here: a frame the server does not know (an unknown `op`, a frame with a `kind`,
 * non-JSON text, a binary frame) is ignored, the socket stays open and keeps working.
 */
export const unknownKindsTolerated: Check = {
  id: "stream.unknownKinds.tolerated",
  phase: "stream",
  rule: {
    section: "Versioning; Events › Frames received",
    text: "Clients ignore unknown stream frame kinds — judged on the server: an unknown client op or unreadable frame does not close the socket.",
  },
  enforces: "decision",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const [launch] = pickLaunches(context, 1);
      const probe = await session.ready();
      probe.send({ op: "conformance-unknown-op", topic: "trades" });
      probe.send({ kind: "conformance-unknown-kind" });
      probe.send({ ...cardsSub(launch!), tier: "conformance-unknown-tier" });
      probe.sendRaw("this is not JSON");
      probe.sendRaw("[1,2,3]");
      probe.sendRaw(Buffer.from([0, 1, 2, 3]));
      await session.expectOpen(probe, "frames of unknown ops and kinds");
      probe.send(cardsSub(launch!));
      const cards = await probe.next((frame) => isCards(frame) && mentions(frame, ...idsOf(launch!)), ANSWER_MS);
      if (!cards) session.fail(`a valid cards sub after the unknown frames got no cards frame within ${ANSWER_MS} ms`);
    }),
};
