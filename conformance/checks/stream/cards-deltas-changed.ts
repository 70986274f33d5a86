import type { Check } from "../../engine/check.ts";
import type { ProbeFrame } from "../../engine/stream-probe.ts";
import { idsOf, pickLaunches } from "./launch-picks.ts";
import {
  ANSWER_MS,
  CARDS_SNAPSHOT_THEN_DELTAS,
  type StreamSession,
  isCards,
  isCardsSnapshot,
  mentions,
  withSession,
} from "./stream-session.ts";
import { cannotTrade, driveTrade } from "./trade-driver.ts";

/**
 * The cards of a cards frame by the launch each names, when the frame shows them as our
 * document does (`data.cards`, each with its `address`); null for another shape: the
 * specification leaves the bundle's shape open.
 */
function cardsByLaunch(frame: ProbeFrame): Map<string, string> | null {
  const cards = ((frame.json as { data?: { cards?: unknown } }).data ?? {}).cards;
  if (!Array.isArray(cards)) return null;
  const byLaunch = new Map<string, string>();
  for (const card of cards) {
    const address = (card as { address?: unknown } | null)?.address;
    if (typeof address !== "string") return null;
    byLaunch.set(address, JSON.stringify(card));
  }
  return byLaunch;
}

/** A delta carries only cards that changed: none equal to the copy the client holds. */
export const cardsDeltasChanged: Check = {
  id: "stream.cards.deltasChanged",
  phase: "stream",
  rule: CARDS_SNAPSHOT_THEN_DELTAS,
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const cannot = cannotTrade(context);
      if (cannot) return context.skip(`a trade must change a card to judge the deltas: ${cannot}`);
      const [traded, quiet] = pickLaunches(context, 2);
      if (traded!.status !== "activeBonding") return context.skip("needs a launch on its bonding curve to trade");
      const probe = await session.ready();
      const snapshot = await session.subscribeCards(
        probe,
        [traded!, quiet!],
        `no cards snapshot within ${ANSWER_MS} ms of a cards sub`,
        isCardsSnapshot,
      );
      const held = cardsByLaunch(snapshot);
      if (held === null)
        return context.skip("the cards bundle is not shown as data.cards of cards with an address: its shape is the server's");
      const since = probe.received.length;
      // Two trades, each awaited to its delta: a price sample between them may change every card
      // (the other launch's too) once, and a card repeated unchanged still shows in the other delta.
      for (let round = 0; round < 2; round++) {
        const trade = await driveTrade(context, traded!.address);
        if (!trade.ok) return context.skip(`no trade could be made: ${trade.reason}`);
        const changed = await probe.next((frame) => isCards(frame) && mentions(frame, ...idsOf(traded!)), ANSWER_MS);
        if (!changed) session.fail(`no cards delta naming the traded launch within ${ANSWER_MS} ms of trade ${trade.signature}`);
      }
      // Deltas only: a snapshot carries every card.
      for (const frame of probe.received.slice(since).filter((frame) => isCards(frame) && !isCardsSnapshot(frame))) {
        for (const [launch, card] of cardsByLaunch(frame) ?? new Map<string, string>()) {
          if (held.get(launch) === card)
            session.fail(`a cards delta carries ${launch}'s card unchanged from the copy the client holds`, { actual: frame.text });
          held.set(launch, card);
        }
      }
    }),
};
