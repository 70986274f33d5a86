import type { Address } from "@solana/kit";
import {
  type CollectibleStage,
  type LaunchAccount,
  type LaunchStatus,
  collectibleStageOf,
  findCollectiblePda,
  getCollectibleAccountDecoder,
} from "../programs/index.ts";
import type { ChainReads } from "./chain-reads.ts";
import { DecodedRecords } from "./decoded-records.ts";

const collectibleRecords = new DecodedRecords(getCollectibleAccountDecoder());

/**
 * The stage a collectibles launch with no collectible record is at (no card was ever
 * listed for it): its status says where its curve is, and a launch with no card never
 * passes the curve's end (the fund crank needs the record).
 */
const STAGE_OF_STATUS: Record<LaunchStatus, CollectibleStage> = {
  activeBonding: "raising",
  graduationPending: "funding",
  migrating: "swapping",
  graduated: "tradable",
};

/**
 * Where a collectibles launch stands, read from the chain; null for any other launch. The
 * collectible record is the authority (it tells swapping, acquiring and pooling apart, and
 * its stage is read with the launch status as the program writes them; see
 * `collectibleStageOf`); without a record the launch status implies the stage.
 */
export async function readCollectibleStage(devnet: ChainReads, address: Address, launch: LaunchAccount): Promise<CollectibleStage | null> {
  if (launch.kind !== "collectibles") return null;
  const [record] = await findCollectiblePda({ launch: address });
  const account = devnet.getAccount(record);
  if (!account) return STAGE_OF_STATUS[launch.status];
  return collectibleStageOf(launch.status, collectibleRecords.decode(record, account.data));
}
