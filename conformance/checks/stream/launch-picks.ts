import type { CheckContext, SampleLaunch } from "../../engine/check.ts";
import { curveLaunches } from "./trade-driver.ts";

/**
 * `count` distinct launches to subscribe to, curve launches first (they are the ones that
 * trade); skips the check when the server lists fewer.
 */
export function pickLaunches(context: CheckContext, count: number): readonly SampleLaunch[] {
  const curve = curveLaunches(context);
  const rest = context.samples.launches.filter((launch) => !curve.includes(launch));
  const picked = [...curve, ...rest].slice(0, count);
  if (picked.length < count) context.skip(`needs ${count} launches; the server lists ${picked.length}`);
  return picked;
}

/** The ids a card of the launch may carry: its address or its primary mint. */
export const idsOf = (launch: SampleLaunch): readonly string[] => [launch.address, launch.primaryMint];

/**
 * A cards `sub` of `launches`, each named both ways the specification's `mints` may mean (its
 * address and its primary mint), so a server keyed by either subscribes it.
 */
export const cardsSub = (...launches: readonly SampleLaunch[]) => ({
  op: "sub" as const,
  tier: "cards" as const,
  mints: [...new Set(launches.flatMap(idsOf))],
});
