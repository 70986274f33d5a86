import { type Address, getI64Codec, getStructCodec } from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { getLaunchStatusCodec, type LaunchStatus } from "./launch-status.ts";
import { eventCodecs } from "./program-event-tag.ts";

/**
 * A launch moved along its lifecycle (launch.c `emit_status`): on curve completion
 * (activeBonding → graduationPending) and during migration (→ migrating → graduated).
 */
export interface StatusChangedEvent {
  kind: "statusChanged";
  launch: Address;
  oldStatus: LaunchStatus;
  newStatus: LaunchStatus;
  /** Clock sysvar unix seconds when the status changed. */
  unixTimestamp: bigint;
}

const getBodyCodec = () =>
  getStructCodec([
    ["launch", rememberedAddressCodec()],
    ["oldStatus", getLaunchStatusCodec()],
    ["newStatus", getLaunchStatusCodec()],
    ["unixTimestamp", getI64Codec()],
  ]);

const codecs = eventCodecs<StatusChangedEvent>("statusChanged", getBodyCodec);

/** Encodes a {@link StatusChangedEvent} payload, tag byte included. */
export const getStatusChangedEventEncoder = codecs.encoder;

/** Decodes a {@link StatusChangedEvent} payload, tag byte included. */
export const getStatusChangedEventDecoder = codecs.decoder;

/** Both directions of {@link StatusChangedEvent}. */
export const getStatusChangedEventCodec = codecs.codec;
