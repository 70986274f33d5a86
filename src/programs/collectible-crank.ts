import type { Address } from "@solana/kit";
import type { CollectibleAccount } from "./collectible-account.ts";
import {
  deriveCollectibleFundAccounts,
  deriveCollectibleMigrateAccounts,
  deriveCollectibleSwapAccounts,
  getCollectibleAcquireInstruction,
  getCollectibleFundInstruction,
  getCollectibleMigrateInstruction,
  getCollectibleSwapInstruction,
} from "./collectible-instructions.ts";
import type { CollectibleStage } from "./collectible-stage.ts";
import { findCollectiblePda } from "./program-derived-addresses.ts";
import type { LaunchStatus } from "./launch-status.ts";
import type { ProgramInstruction } from "./program-instruction.ts";

/**
 * A collectible's stage from its records: the stored byte, except that a record still at
 * `raising` whose launch is `graduationPending` is at `funding` (the curve completed; see
 * layout.h `enum CollectibleStage`).
 */
export function collectibleStageOf(launchStatus: LaunchStatus, record: Pick<CollectibleAccount, "stage">): CollectibleStage {
  return record.stage === "raising" && launchStatus === "graduationPending" ? "funding" : record.stage;
}

/** The permissionless crank instructions, in the order a collectible needs them. */
export type CollectibleCrank = "fund" | "swap" | "acquire" | "migrate";

const CRANK_AT: Partial<Record<CollectibleStage, CollectibleCrank>> = {
  funding: "fund",
  swapping: "swap",
  acquiring: "acquire",
  pooling: "migrate",
};

/**
 * Which crank moves the collectible on: `null` while raising (only buys complete a curve)
 * and once tradable (nothing left to do).
 */
export function nextCollectibleCrank(launchStatus: LaunchStatus, record: Pick<CollectibleAccount, "stage">): CollectibleCrank | null {
  return CRANK_AT[collectibleStageOf(launchStatus, record)] ?? null;
}

/**
 * The instruction of {@link nextCollectibleCrank}, its accounts taken from the record, or
 * `null` when no crank applies. `payer` pays the pool's rent at migrate (the only crank
 * that creates accounts); any wallet may crank.
 */
export async function getNextCollectibleCrankInstruction(
  payer: Address,
  launchStatus: LaunchStatus,
  record: CollectibleAccount,
): Promise<ProgramInstruction | null> {
  switch (nextCollectibleCrank(launchStatus, record)) {
    case "fund":
      return getCollectibleFundInstruction(await deriveCollectibleFundAccounts(record.launch));
    case "swap":
      return getCollectibleSwapInstruction(await deriveCollectibleSwapAccounts(record.launch, record.venue, record.usdcMint));
    case "acquire":
      return getCollectibleAcquireInstruction({ ...record, collectible: (await findCollectiblePda({ launch: record.launch }))[0] });
    case "migrate":
      return getCollectibleMigrateInstruction({ ...(await deriveCollectibleMigrateAccounts(record.launch)), payer });
    case null:
      return null;
  }
}
