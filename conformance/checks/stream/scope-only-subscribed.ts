import type { Check } from "../../engine/check.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";
import { isTradeOf } from "./trade-frames.ts";
import { cannotTrade, driveTrade } from "./trade-driver.ts";

/**
 * A scoped socket hears what it subscribed to: a trade reaches the live tier of its launch,
 * and neither the launches topic nor the live tier get a cards frame, nor the launches topic
 * a trade frame.
 */
export const scopeOnlySubscribed: Check = {
  id: "stream.scope.onlySubscribed",
  phase: "stream",
  rule: {
    section: "Events › Connection",
    text: "The first valid sub makes the socket scoped: it receives what it subscribed to plus the global frames (a trade frame is the live tier's or the trades topic's, a cards frame the cards tier's)",
  },
  enforces: "specification",
  needs: ["wallet"],
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const cannot = cannotTrade(context);
      if (cannot) return context.skip(`a trade must be made to judge what reaches each scope: ${cannot}`);
      const [launch] = pickLaunches(context, 1);
      if (launch!.status !== "activeBonding") return context.skip("needs a launch on its bonding curve to trade");
      const live = await session.ready();
      live.send({ op: "sub", tier: "live", mint: launch!.primaryMint });
      const launches = await session.ready();
      launches.send({ op: "sub", topic: "launches" });
      await session.expectOpen(live, "a live sub");
      await session.expectOpen(launches, "a sub to the launches topic");
      const trade = await driveTrade(context, launch!.address);
      if (!trade.ok) return context.skip(`no trade could be made: ${trade.reason}`);
      // The live tier's frame proves the trade was announced; whatever else it caused has come by the round trip after it.
      if (!(await live.next(isTradeOf(idsOf(launch!), trade.signature), ANSWER_MS)))
        session.fail(`the live tier of ${launch!.address} got no trade frame within ${ANSWER_MS} ms of trade ${trade.signature}`);
      await session.settle(live);
      await session.settle(launches);
      const leaks = [
        ...live.received.filter((frame) => frame.kind === "cards").map((frame) => `live tier < ${frame.text.slice(0, 120)}`),
        ...launches.received
          .filter((frame) => frame.kind === "cards" || frame.kind === "trade")
          .map((frame) => `launches topic < ${frame.text.slice(0, 120)}`),
      ];
      if (leaks.length > 0)
        session.fail(`${leaks.length} frames reached sockets that did not subscribe to them`, {
          expected: "trade frames on the live tier only; no cards frame without a cards sub",
          actual: leaks.slice(0, 5),
        });
    }),
};
