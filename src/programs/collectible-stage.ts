import {
  type FixedSizeCodec,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  getLiteralUnionCodec,
  getLiteralUnionDecoder,
  getLiteralUnionEncoder,
} from "@solana/kit";

/**
 * A collectible launch's way from raising SOL to a tradable token, in the order of
 * layout.h's `enum CollectibleStage` (the index is the byte on chain):
 *
 * - `raising`: the curve sells the token for wrapped SOL toward the card's target (status
 *   `activeBonding`);
 * - `funding`: the curve sold out; the raise waits for the permissionless fund crank
 *   (status `graduationPending`);
 * - `swapping`: the raise left the curve; the card's share waits to be swapped wSOL → USDC
 *   on the USDC venue (status `migrating`);
 * - `acquiring`: the USDC waits to buy the card from its listing;
 * - `pooling`: the card is in custody; the token↔wSOL pool waits to be opened;
 * - `tradable`: the pool is open (status `graduated`).
 */
export const COLLECTIBLE_STAGES = ["raising", "funding", "swapping", "acquiring", "pooling", "tradable"] as const;

/** One of {@link COLLECTIBLE_STAGES}. */
export type CollectibleStage = (typeof COLLECTIBLE_STAGES)[number];

/** Encodes a {@link CollectibleStage} as its u8. */
export function getCollectibleStageEncoder(): FixedSizeEncoder<CollectibleStage, 1> {
  return getLiteralUnionEncoder(COLLECTIBLE_STAGES);
}

/** Decodes a u8 into a {@link CollectibleStage}; throws on a byte outside the enum. */
export function getCollectibleStageDecoder(): FixedSizeDecoder<CollectibleStage, 1> {
  return getLiteralUnionDecoder(COLLECTIBLE_STAGES);
}

/** Both directions of {@link getCollectibleStageEncoder} and {@link getCollectibleStageDecoder}. */
export function getCollectibleStageCodec(): FixedSizeCodec<CollectibleStage, CollectibleStage, 1> {
  return getLiteralUnionCodec(COLLECTIBLE_STAGES);
}
