import {
  type FixedSizeCodec,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  getLiteralUnionCodec,
  getLiteralUnionDecoder,
  getLiteralUnionEncoder,
} from "@solana/kit";

/**
 * What a launch raises for, in the order of layout.h's `enum LaunchKind`: `pairs` migrates
 * into launch↔component pair pools, `collectibles` raises SOL for a graded card.
 */
export const LAUNCH_KINDS = ["pairs", "collectibles"] as const;

/** One of {@link LAUNCH_KINDS}. */
export type LaunchKind = (typeof LAUNCH_KINDS)[number];

/** Encodes a {@link LaunchKind} as its u8. */
export function getLaunchKindEncoder(): FixedSizeEncoder<LaunchKind, 1> {
  return getLiteralUnionEncoder(LAUNCH_KINDS);
}

/** Decodes a u8 into a {@link LaunchKind}; throws on a byte outside the enum. */
export function getLaunchKindDecoder(): FixedSizeDecoder<LaunchKind, 1> {
  return getLiteralUnionDecoder(LAUNCH_KINDS);
}

/** Both directions of {@link getLaunchKindEncoder} and {@link getLaunchKindDecoder}. */
export function getLaunchKindCodec(): FixedSizeCodec<LaunchKind, LaunchKind, 1> {
  return getLiteralUnionCodec(LAUNCH_KINDS);
}
