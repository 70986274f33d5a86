import type { CheckContext } from "../../engine/check.ts";
import { cannotTrade, driveTrade } from "./trade-driver.ts";

/** Wall milliseconds to watch a server that moves by itself (realtime clock, bots). */
const PASSIVE_WATCH_MS = 3_000;

export interface Stirred {
  /** `trade`: a trade landed; `clock`: virtual time moved; `watch`: nothing could be done but wait. */
  readonly how: "trade" | "clock" | "watch";
  readonly text: string;
}

/**
 * Makes things happen on `launch` so a subscriber has something to receive: a trade with a
 * funded wallet when there is one, else virtual time moved forward (bots trade and 24-hour
 * figures slide), else a few seconds of real time on a server that moves by itself.
 */
export async function stirLaunch(context: CheckContext, launch: string): Promise<Stirred> {
  if (cannotTrade(context) === null) {
    const trade = await driveTrade(context, launch);
    if (trade.ok) return { how: "trade", text: `traded ${trade.signature}` };
    context.note("info", `a trade on ${launch} could not be made: ${trade.reason}`);
  }
  if (context.capabilities.has("clock")) {
    await context.advance({ seconds: 2 });
    return { how: "clock", text: "moved the clock 2 s" };
  }
  await new Promise((resolve) => setTimeout(resolve, PASSIVE_WATCH_MS));
  return { how: "watch", text: `watched ${PASSIVE_WATCH_MS} ms` };
}
