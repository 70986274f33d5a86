import type { Check } from "../../engine/check.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";
import { isTradeOf } from "./trade-frames.ts";
import { BUY_TOKENS, WALLET_LAMPORTS, cannotTrade, driveTrade } from "./trade-driver.ts";

/** The trades topic alone (no live tier) hears a trade made on any launch. */
export const tradesTopic: Check = {
  id: "stream.trades.topic",
  phase: "stream",
  rule: {
    section: "Events › Frames sent by the client",
    text: '`{op: "sub", topic: "trades"}`: every trade on the chain (a buy and a sell).',
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const cannot = cannotTrade(context);
      if (cannot) return context.skip(`a trade must be made to judge the trades topic: ${cannot}`);
      const [launch] = pickLaunches(context, 1);
      if (launch!.status !== "activeBonding") return context.skip("needs a launch on its bonding curve to trade");
      const probe = await session.ready();
      probe.send({ op: "sub", topic: "trades" });
      await session.expectOpen(probe, "a sub to the trades topic");
      // A buy, then a sell of half of it: "every trade" is both directions.
      const wallet = await context.wallet({ lamports: WALLET_LAMPORTS });
      const buy = await driveTrade(context, launch!.address, { wallet });
      if (!buy.ok) return context.skip(`no trade could be made: ${buy.reason}`);
      const half = (BigInt(BUY_TOKENS) / 2n).toString();
      const sell = await driveTrade(context, launch!.address, { direction: "sell", amountIn: half, wallet });
      if (!sell.ok) return context.skip(`no sell could be made after a buy: ${sell.reason}`);
      for (const [what, trade] of [
        ["buy", buy],
        ["sell", sell],
      ] as const)
        if (!(await probe.next(isTradeOf(idsOf(launch!), trade.signature), ANSWER_MS)))
          session.fail(
            `subscribed to the trades topic alone, no trade frame arrived within ${ANSWER_MS} ms of the ${what} ${trade.signature}`,
          );
    }),
};
