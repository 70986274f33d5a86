import {
  type Address,
  type Codec,
  combineCodec,
  type Decoder,
  type Encoder,
  getAddressCodec,
  getStructCodec,
  getU16Codec,
} from "@solana/kit";
import { addEventTagDecoder, addEventTagEncoder } from "./program-event-tag.ts";

/** A pool was initialized (pool.c `initialize`): a venue or a launch's pair pool. */
export interface PoolCreatedEvent {
  kind: "poolCreated";
  pool: Address;
  authority: Address;
  mintA: Address;
  mintB: Address;
  vaultA: Address;
  vaultB: Address;
  feeBps: number;
}

const getBodyCodec = () =>
  getStructCodec([
    ["pool", getAddressCodec()],
    ["authority", getAddressCodec()],
    ["mintA", getAddressCodec()],
    ["mintB", getAddressCodec()],
    ["vaultA", getAddressCodec()],
    ["vaultB", getAddressCodec()],
    ["feeBps", getU16Codec()],
  ]);

/** Encodes a {@link PoolCreatedEvent} payload, tag byte included. */
export function getPoolCreatedEventEncoder(): Encoder<PoolCreatedEvent> {
  return addEventTagEncoder("poolCreated", getBodyCodec());
}

/** Decodes a {@link PoolCreatedEvent} payload, tag byte included. */
export function getPoolCreatedEventDecoder(): Decoder<PoolCreatedEvent> {
  return addEventTagDecoder("poolCreated", getBodyCodec());
}

/** Both directions of {@link PoolCreatedEvent}. */
export function getPoolCreatedEventCodec(): Codec<PoolCreatedEvent> {
  return combineCodec(getPoolCreatedEventEncoder(), getPoolCreatedEventDecoder());
}
