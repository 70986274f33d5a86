import { type Address, getStructCodec, getU16Codec } from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { eventCodecs } from "./program-event-tag.ts";

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
    ["pool", rememberedAddressCodec()],
    ["authority", rememberedAddressCodec()],
    ["mintA", rememberedAddressCodec()],
    ["mintB", rememberedAddressCodec()],
    ["vaultA", rememberedAddressCodec()],
    ["vaultB", rememberedAddressCodec()],
    ["feeBps", getU16Codec()],
  ]);

const codecs = eventCodecs<PoolCreatedEvent>("poolCreated", getBodyCodec);

/** Encodes a {@link PoolCreatedEvent} payload, tag byte included. */
export const getPoolCreatedEventEncoder = codecs.encoder;

/** Decodes a {@link PoolCreatedEvent} payload, tag byte included. */
export const getPoolCreatedEventDecoder = codecs.decoder;

/** Both directions of {@link PoolCreatedEvent}. */
export const getPoolCreatedEventCodec = codecs.codec;
