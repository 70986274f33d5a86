import type { CollectibleStage, LaunchAccount, LaunchStatus } from "../programs/index.ts";

/**
 * The stage each launch status implies for a collectible whose record says nothing finer:
 * the curve bonds while `raising`, sold out it waits to be funded, `migrating` covers the
 * acquisition cranks (their first stage named), and `graduated` means its pool is open.
 */
const STAGE_OF_STATUS: Record<LaunchStatus, CollectibleStage> = {
  activeBonding: "raising",
  graduationPending: "funding",
  migrating: "swapping",
  graduated: "tradable",
};

/**
 * Where a collectibles launch stands, read from the chain; null for any other launch.
 * `recordStage` is the stage its collectible record holds, when it has one: that is the
 * authority (it tells swapping, acquiring and pooling apart); without it the launch status
 * implies the stage.
 */
export function collectibleStageOf(launch: LaunchAccount, recordStage: CollectibleStage | null): CollectibleStage | null {
  if (launch.kind !== "collectibles") return null;
  return recordStage ?? STAGE_OF_STATUS[launch.status];
}
