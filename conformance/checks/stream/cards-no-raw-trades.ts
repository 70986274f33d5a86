import type { Check } from "../../engine/check.ts";
import { stirLaunch } from "./activity.ts";
import { pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";

/** A socket on the cards tier alone hears the bundle of its launches change, never the trades themselves. */
export const cardsNoRawTrades: Check = {
  id: "stream.cards.noRawTrades",
  phase: "stream",
  rule: {
    section: "Events › Frames sent by the client",
    text: "cards tier: the aggregated cards bundle filtered to those launches, plus their status and migration events; no raw trade events",
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const [launch] = pickLaunches(context, 1);
      const probe = await session.ready();
      await session.subscribeCards(probe, [launch!], `no cards snapshot within ${ANSWER_MS} ms of a cards sub`);
      const stirred = await stirLaunch(context, launch!.address);
      await session.settle(probe);
      const trade = probe.received.find((frame) => frame.kind === "trade");
      if (trade) session.fail("a socket on the cards tier alone received a raw trade frame", { actual: trade.text });
      if (stirred.how !== "trade") context.note("info", `no trade could be made to watch for (${stirred.text})`);
    }),
};
