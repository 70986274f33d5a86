import fc from "fast-check";
import type { CheckContext, SampleLaunch } from "../../engine/check.ts";

/** The sampled launches (skipping the check when the server listed none). */
export function sampledLaunches(context: CheckContext, filter: (launch: SampleLaunch) => boolean = () => true): SampleLaunch[] {
  const launches = context.samples.launches.filter(filter);
  if (launches.length === 0) context.skip("the server lists no launch of the kind this check reads");
  return launches;
}

/** One of the sampled launches, chosen by the run's seed. */
export function launchArbitrary(context: CheckContext, filter?: (launch: SampleLaunch) => boolean): fc.Arbitrary<SampleLaunch> {
  return fc.constantFrom(...sampledLaunches(context, filter));
}
