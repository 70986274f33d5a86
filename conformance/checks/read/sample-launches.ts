import fc from "fast-check";
import type { CheckContext, SampleLaunch } from "../../engine/check.ts";

/** The sampled launches (skipping the check when the server listed none). */
export function sampledLaunches(context: CheckContext, filter: (launch: SampleLaunch) => boolean = () => true): SampleLaunch[] {
  const launches = context.samples.launches.filter(filter);
  if (launches.length === 0) context.noSample("launch of the kind this check reads");
  return launches;
}

/** One of the sampled launches, chosen by the run's seed. */
export function launchArbitrary(context: CheckContext, filter?: (launch: SampleLaunch) => boolean): fc.Arbitrary<SampleLaunch> {
  return fc.constantFrom(...sampledLaunches(context, filter));
}

/** A launch likely to have a long tape: the curve launch furthest along (every buy moved it), else the first sampled. */
export function busiestLaunch(context: CheckContext): SampleLaunch {
  const launches = sampledLaunches(context);
  const bonding = launches.filter((launch) => launch.status === "activeBonding").sort((a, b) => b.progressBps - a.progressBps);
  return bonding[0] ?? launches[0]!;
}
