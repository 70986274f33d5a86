import type { Check } from "../../engine/check.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, isCards, mentions, withSession } from "./stream-session.ts";

/** 64 KB read the larger way (65,536 bytes): a frame over it must be ignored. */
const LIMIT = 64 * 1024;
/** 64 KB read the smaller way (64,000 bytes): a frame within it must be processed, whichever a server meant. */
const SURELY_UNDER = 64_000;

/** A cards sub of `ids` (a launch's address and mint) padded with spaces inside the JSON object to exactly `bytes` bytes. */
export function paddedSub(ids: readonly string[], bytes: number): string {
  const head = `{"op":"sub","tier":"cards","mints":${JSON.stringify(ids)}`;
  return `${head}${" ".repeat(bytes - head.length - 1)}}`;
}

/** A frame of 64,000 bytes is processed; one of 65,537 is ignored without closing the socket. */
export const frameSizeLimit: Check = {
  id: "stream.frameSize.limit",
  phase: "stream",
  rule: { section: "Events › Frames sent by the client; Limits", text: "A frame over 64 KB is ignored." },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const [under, over, after] = pickLaunches(context, 3);
      const probe = await session.ready();
      probe.sendRaw(paddedSub(idsOf(under!), SURELY_UNDER));
      const answered = await probe.next(isCards, ANSWER_MS);
      if (!answered) session.fail(`a cards sub of ${SURELY_UNDER} bytes got no cards frame within ${ANSWER_MS} ms: it was not processed`);
      if (!mentions(answered, ...idsOf(under!)))
        session.fail(`the answer to a cards sub of ${SURELY_UNDER} bytes does not name its launch`, { actual: answered.text });

      probe.sendRaw(paddedSub(idsOf(over!), LIMIT + 1));
      await session.expectOpen(probe, `a frame of ${LIMIT + 1} bytes`);
      // A normal sub behind it: its answer shows whether the oversized one took effect.
      const next = await session.subscribeCards(
        probe,
        [after!],
        `no cards frame within ${ANSWER_MS} ms of a normal sub sent after the oversized frame`,
        (frame) => isCards(frame) && mentions(frame, ...idsOf(after!)),
      );
      if (mentions(next, ...idsOf(over!)))
        session.fail(`the cards sub of ${LIMIT + 1} bytes took effect: its launch is in a later snapshot`, {
          expected: `no ${over!.address}`,
          actual: next.text,
        });
    }),
};
