import {
  type Address,
  type Codec,
  combineCodec,
  type Decoder,
  type Encoder,
  getAddressCodec,
  getI64Codec,
  getStructCodec,
} from "@solana/kit";
import { getLaunchStatusCodec, type LaunchStatus } from "./launch-status.ts";
import { addEventTagDecoder, addEventTagEncoder } from "./program-event-tag.ts";

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
    ["launch", getAddressCodec()],
    ["oldStatus", getLaunchStatusCodec()],
    ["newStatus", getLaunchStatusCodec()],
    ["unixTimestamp", getI64Codec()],
  ]);

/** Encodes a {@link StatusChangedEvent} payload, tag byte included. */
export function getStatusChangedEventEncoder(): Encoder<StatusChangedEvent> {
  return addEventTagEncoder("statusChanged", getBodyCodec());
}

/** Decodes a {@link StatusChangedEvent} payload, tag byte included. */
export function getStatusChangedEventDecoder(): Decoder<StatusChangedEvent> {
  return addEventTagDecoder("statusChanged", getBodyCodec());
}

/** Both directions of {@link StatusChangedEvent}. */
export function getStatusChangedEventCodec(): Codec<StatusChangedEvent> {
  return combineCodec(getStatusChangedEventEncoder(), getStatusChangedEventDecoder());
}
