import type { Check } from "../../engine/check.ts";
import { serverTime } from "./server-time.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";

/** The first frame of every connection is `hello` with `at` (the server's unix ms) and `v: 1`. */
export const helloFirst: Check = {
  id: "stream.hello.first",
  phase: "stream",
  rule: {
    section: "Events › Connection; Versioning",
    text: 'On connect the server sends {kind: "hello", at: <unix milliseconds>, v: 1}; the hello frame carries v: 1.',
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const before = await serverTime(context);
      const probe = await session.open();
      const first = await probe.next(() => true, ANSWER_MS);
      const after = await serverTime(context);
      if (!first) {
        // A refused upgrade or an early close is not a slow server: say which it was.
        const closed = probe.closeInfo;
        session.fail(
          closed
            ? `the socket closed (code ${closed.code}${closed.reason ? `, ${JSON.stringify(closed.reason)}` : ""}) before any frame`
            : `no frame within ${ANSWER_MS} ms of connecting`,
        );
      }
      const hello = (first.json ?? {}) as { kind?: unknown; at?: unknown; v?: unknown };
      if (first.kind !== "hello")
        session.fail(`the first frame is ${first.kind ?? "not a JSON object with a kind"}, not hello`, { actual: first.text });
      if (hello.v !== 1) session.fail(`hello carries v ${JSON.stringify(hello.v)}, not 1`, { expected: 1, actual: hello.v });
      const at = hello.at;
      if (typeof at !== "number" || !Number.isInteger(at) || at < 0)
        session.fail(`hello's at is ${JSON.stringify(at)}, not unix milliseconds`, { actual: at });
      if (!before || !after) {
        context.note("info", "the server's time could not be read; hello's at was not compared with it");
        return;
      }
      const low = Math.min(before.millis, after.millis) - before.toleranceMs;
      const high = Math.max(before.millis, after.millis) + before.toleranceMs;
      if (at < low || at > high)
        session.fail(
          `hello's at ${hello.at} is not the server's time (${before.source} read ${before.millis} before and ${after.millis} after)`,
          {
            expected: { from: low, to: high },
            actual: at,
          },
        );
    }),
};
