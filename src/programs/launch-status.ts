import {
  type FixedSizeCodec,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  getLiteralUnionCodec,
  getLiteralUnionDecoder,
  getLiteralUnionEncoder,
} from "@solana/kit";

/**
 * A launch's lifecycle, in the order of layout.h's `enum LaunchStatus` (the index is the
 * byte on chain): activeBonding → graduationPending (the curve sold out) → migrating (the
 * crank started) → graduated (every pair pool exists).
 */
export const LAUNCH_STATUSES = ["activeBonding", "graduationPending", "migrating", "graduated"] as const;

/** One of {@link LAUNCH_STATUSES}. */
export type LaunchStatus = (typeof LAUNCH_STATUSES)[number];

/** Encodes a {@link LaunchStatus} as its u8. */
export function getLaunchStatusEncoder(): FixedSizeEncoder<LaunchStatus, 1> {
  return getLiteralUnionEncoder(LAUNCH_STATUSES);
}

/** Decodes a u8 into a {@link LaunchStatus}; throws on a byte outside the enum. */
export function getLaunchStatusDecoder(): FixedSizeDecoder<LaunchStatus, 1> {
  return getLiteralUnionDecoder(LAUNCH_STATUSES);
}

/** Both directions of {@link getLaunchStatusEncoder} and {@link getLaunchStatusDecoder}. */
export function getLaunchStatusCodec(): FixedSizeCodec<LaunchStatus, LaunchStatus, 1> {
  return getLiteralUnionCodec(LAUNCH_STATUSES);
}
