import { type Address, getStructCodec, getU64Codec } from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { eventCodecs } from "./program-event-tag.ts";

/** Liquidity was added to a pool (pool.c `add_liquidity`); liquidity is permanent. */
export interface LiquidityAddedEvent {
  kind: "liquidityAdded";
  pool: Address;
  provider: Address;
  amountA: bigint;
  amountB: bigint;
  /** Vault A balance after the deposit: the pool's reserve of mint A. */
  reserveA: bigint;
  /** Vault B balance after the deposit: the pool's reserve of mint B. */
  reserveB: bigint;
}

const getBodyCodec = () =>
  getStructCodec([
    ["pool", rememberedAddressCodec()],
    ["provider", rememberedAddressCodec()],
    ["amountA", getU64Codec()],
    ["amountB", getU64Codec()],
    ["reserveA", getU64Codec()],
    ["reserveB", getU64Codec()],
  ]);

const codecs = eventCodecs<LiquidityAddedEvent>("liquidityAdded", getBodyCodec);

/** Encodes a {@link LiquidityAddedEvent} payload, tag byte included. */
export const getLiquidityAddedEventEncoder = codecs.encoder;

/** Decodes a {@link LiquidityAddedEvent} payload, tag byte included. */
export const getLiquidityAddedEventDecoder = codecs.decoder;

/** Both directions of {@link LiquidityAddedEvent}. */
export const getLiquidityAddedEventCodec = codecs.codec;
