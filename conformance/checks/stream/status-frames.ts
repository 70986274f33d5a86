import type { Check } from "../../engine/check.ts";
import type { ProbeFrame } from "../../engine/stream-probe.ts";
import { getJson, launchPath } from "../../model/read-json.ts";
import { ANSWER_MS, type StreamSession, mentions, withSession } from "./stream-session.ts";
import { driveCreation, driveTrade } from "./trade-driver.ts";

/** A curve small enough that buying all of it costs a fraction of a SOL: the state change is cheap to cause. */
const SMALL_CURVE_SOL = 0.05;

/**
 * A launch's state change reaches both tiers that follow it. The check makes one: it creates
 * a launch with a small curve, follows it on the live tier and the cards tier, and buys its
 * whole remaining inventory, which ends its bonding.
 */
export const statusFramesOnStateChange: Check = {
  id: "stream.status.onStateChange",
  phase: "stream",
  rule: {
    section: "Events › Frames received",
    text: "status, migration: a launch changed state. The live tier gets every trade, status and migration of its launch; the cards tier gets the status and migration events of its launches",
  },
  enforces: "specification",
  needs: ["wallet"],
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const created = await driveCreation(context, { curveTargetSol: SMALL_CURVE_SOL });
      if (!created.ok) return context.skip(`a launch must be created to change its state: ${created.reason}`);
      const { address, primaryMint } = created;
      const live = await session.ready();
      live.send({ op: "sub", tier: "live", mint: address });
      const cards = await session.ready();
      cards.send({ op: "sub", tier: "cards", mints: [address] });
      await session.expectOpen(live, "a live sub of a new launch");
      await session.expectOpen(cards, "a cards sub of a new launch");
      const before = await getJson<{ status: string; curveInventoryRemaining: string }>(context, launchPath(address));
      const bought = await driveTrade(context, address, { amountIn: before.curveInventoryRemaining });
      if (!bought.ok) return context.skip(`buying the whole curve of ${created.symbol} failed: ${bought.reason}`);
      const after = await getJson<{ status: string }>(context, launchPath(address));
      if (after.status === before.status)
        return context.skip(`buying all ${before.curveInventoryRemaining} left on the curve of ${created.symbol} left it ${after.status}`);
      const changed = (frame: ProbeFrame) =>
        (frame.kind === "status" || frame.kind === "migration") && mentions(frame, address, primaryMint);
      for (const [tier, probe] of [
        ["live", live],
        ["cards", cards],
      ] as const)
        if (!(await probe.next(changed, ANSWER_MS)))
          session.fail(
            `${created.symbol} went from ${before.status} to ${after.status}; the ${tier} tier following it got no status or migration frame within ${ANSWER_MS} ms`,
            { expected: `a status frame naming ${address}` },
          );
    }),
};
