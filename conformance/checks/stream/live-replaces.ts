import type { Check } from "../../engine/check.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";
import { isTradeOf } from "./trade-frames.ts";
import { cannotTrade, driveTrade } from "./trade-driver.ts";

/** After a second live `sub`, trades of the first launch no longer arrive; trades of the second do. */
export const liveReplaces: Check = {
  id: "stream.live.replaces",
  phase: "stream",
  rule: {
    section: "Events › Frames sent by the client",
    text: "Live tier: every trade, status and migration for one launch; a second live sub replaces the first.",
  },
  enforces: "specification",
  needs: ["wallet"],
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const cannot = cannotTrade(context);
      if (cannot) return context.skip(`trades must be made to judge the live tier: ${cannot}`);
      const [first, second] = pickLaunches(context, 2);
      if (first!.status !== "activeBonding" || second!.status !== "activeBonding")
        return context.skip("needs two launches on their bonding curve");
      const probe = await session.ready();
      probe.send({ op: "sub", tier: "live", mint: first!.primaryMint });
      probe.send({ op: "sub", tier: "live", mint: second!.primaryMint });
      await session.expectOpen(probe, "two live subs");
      const since = probe.received.length;

      const old = await driveTrade(context, first!.address);
      if (!old.ok) return context.skip(`a trade on the first launch could not be made: ${old.reason}`);
      const current = await driveTrade(context, second!.address);
      if (!current.ok) return context.skip(`a trade on the second launch could not be made: ${current.reason}`);
      // The second launch's trade proves the socket delivers; everything before it has arrived by then.
      if (!(await probe.next(isTradeOf(idsOf(second!), current.signature), ANSWER_MS)))
        session.fail(`no trade frame of the launch of the second live sub within ${ANSWER_MS} ms of its trade ${current.signature}`);
      await session.settle(probe);
      const stale = probe.received.slice(since).find(isTradeOf(idsOf(first!), old.signature));
      if (stale)
        session.fail("a trade frame of the first live launch arrived after a second live sub replaced it", {
          expected: `no trade frame of ${first!.address}`,
          actual: stale.text,
        });
    }),
};
