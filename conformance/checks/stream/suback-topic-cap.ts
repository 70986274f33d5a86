import type { Check } from "../../engine/check.ts";
import { type StreamSession, withSession } from "./stream-session.ts";
import { isSuback, nextSuback } from "./suback-frame.ts";

const CAP = 8;

/**
 * A ninth topic is trimmed and answered with a suback of cap 8. The specification names two
 * topics only, so reaching nine needs names it does not list: holding those is our choice.
 */
export const subackTopicCap: Check = {
  id: "stream.suback.topicCap",
  phase: "stream",
  rule: {
    section: "Events › Frames sent by the client; Limits",
    text: 'At most 8 topics per socket. When a sub exceeds a cap, the surplus is trimmed and the server answers {kind: "suback", accepted, rejected, cap}.',
  },
  enforces: "decision",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const topics = ["launches", "trades", ...Array.from({ length: CAP - 1 }, (_, index) => `conformance.topic${index + 1}`)];
      const probe = await session.ready();
      for (const topic of topics.slice(0, CAP)) probe.send({ op: "sub", topic });
      const early = await session.settle(probe);
      const trimmedEarly = early.find(isSuback);
      if (trimmedEarly) session.fail(`a suback came before the ${CAP + 1}th topic`, { actual: trimmedEarly.text });
      probe.send({ op: "sub", topic: topics[CAP]! });
      const { frame, suback } = await nextSuback(session, probe, `the ${CAP + 1}th topic`);
      if (suback.cap !== CAP || suback.rejected !== 1)
        session.fail(`the suback is cap ${suback.cap}, rejected ${suback.rejected}; expected cap ${CAP}, rejected 1`, {
          expected: { cap: CAP, rejected: 1 },
          actual: frame.text,
        });
      await session.expectOpen(probe, "the suback");
    }),
};
