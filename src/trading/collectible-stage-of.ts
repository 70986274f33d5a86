import type { Address, EncodedAccount } from "@solana/kit";
import {
  type CollectibleStage,
  type LaunchAccount,
  type LaunchStatus,
  collectibleStageOf,
  getCollectibleAccountDecoder,
} from "../programs/index.ts";
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
 * Where a collectibles launch stands, from the chain: its collectible record (`record`, at
 * `address`; null when none exists) is the authority — it tells swapping, acquiring and
 * pooling apart, and its stored stage is read with the launch status as the program writes
 * them (see `collectibleStageOf`); without a record the launch status implies the stage.
 */
export function readCollectibleStage(launch: LaunchAccount, record: EncodedAccount | null, address: Address): CollectibleStage {
  if (!record) return STAGE_OF_STATUS[launch.status];
  return collectibleStageOf(launch.status, collectibleRecords.decode(address, record.data));
}
