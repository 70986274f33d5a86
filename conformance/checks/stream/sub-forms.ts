import type { Check } from "../../engine/check.ts";
import { cardsSub, idsOf, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, isCards, mentions, withSession } from "./stream-session.ts";
import { isTradeOf } from "./trade-frames.ts";
import { cannotTrade, driveTrade } from "./trade-driver.ts";

/**
 * Every client form is accepted: cards with mints, live with mint, topics launches and
 * trades, `v: 1` or no `v`, and `unsub` of each (which stops what it started). A frame with
 * `v: 2` taking no effect is our decision (the specification binds the client, not the server).
 */
export const subForms: Check = {
  id: "stream.sub.forms",
  phase: "stream",
  rule: {
    section: "Events › Frames sent by the client; Versioning",
    text: "sub/unsub with tier cards + mints, tier live + mint, topic launches, topic trades; v optional and must be 1 when present.",
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const [watched, other, versioned] = pickLaunches(context, 3);
      const canTrade = cannotTrade(context) === null && watched!.status === "activeBonding";
      const probe = await session.ready();

      probe.send({ ...cardsSub(watched!), v: 1 });
      const cards = await probe.next(isCards, ANSWER_MS);
      if (!cards || !mentions(cards, ...idsOf(watched!)))
        session.fail(`a cards sub with v: 1 got no cards frame naming its launch within ${ANSWER_MS} ms`);
      probe.send({ op: "sub", tier: "live", mint: watched!.primaryMint });
      probe.send({ op: "sub", topic: "launches" });
      probe.send({ op: "sub", topic: "trades", v: 1 });
      await session.expectOpen(probe, "the live and topic subs");
      if (canTrade) {
        const trade = await driveTrade(context, watched!.address);
        if (trade.ok && !(await probe.next(isTradeOf(idsOf(watched!), trade.signature), ANSWER_MS)))
          session.fail(
            `subscribed to the live tier and the trades topic, no trade frame arrived within ${ANSWER_MS} ms of trade ${trade.signature}`,
          );
      } else context.note("info", "no trade could be made: live and trades subs were judged only by the socket staying open");

      probe.send({ op: "unsub", tier: "live", mint: watched!.primaryMint });
      probe.send({ op: "unsub", topic: "trades" });
      probe.send({ op: "unsub", topic: "launches", v: 1 });
      probe.send({ ...cardsSub(watched!), op: "unsub" });
      await session.expectOpen(probe, "the unsubs");
      if (canTrade) {
        const since = probe.received.length;
        const trade = await driveTrade(context, watched!.address);
        await session.settle(probe);
        const late = trade.ok ? probe.received.slice(since).find(isTradeOf(idsOf(watched!), trade.signature)) : undefined;
        if (late) session.fail("a trade frame arrived after unsub of the live tier and the trades topic", { actual: late.text });
      }

      // A v: 2 sub, then a valid one: the valid one's snapshot shows whether the first took
      // effect. The client must not send v: 2; what a server does with one the specification
      // does not say. Ours ignores the frame and keeps the socket: a difference is a decision.
      probe.send({ ...cardsSub(versioned!), v: 2 });
      probe.send(cardsSub(other!));
      const after = await probe.next((frame) => isCards(frame) && mentions(frame, ...idsOf(other!)), ANSWER_MS);
      if (!after && probe.closeInfo)
        session.failDecision(`the server closed the socket (${probe.closeInfo.code}) after a frame with v: 2; ours ignores the frame`);
      if (!after) session.fail(`a cards sub got no cards frame naming its launch within ${ANSWER_MS} ms`);
      if (mentions(after, ...idsOf(watched!)))
        session.fail("the cards unsub did not take effect: the launch it left is in a later cards frame", { actual: after.text });
      if (mentions(after, ...idsOf(versioned!)))
        session.failDecision("a sub with v: 2 took effect: its launch is in a later cards frame; ours ignores the frame", {
          expected: `no ${versioned!.address}`,
          actual: after.text,
        });
      await session.expectOpen(probe, "a frame with v: 2");
    }),
};
