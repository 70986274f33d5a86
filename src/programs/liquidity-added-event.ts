import {
  type Address,
  type Codec,
  combineCodec,
  type Decoder,
  type Encoder,
  getAddressCodec,
  getStructCodec,
  getU64Codec,
} from "@solana/kit";
import { addEventTagDecoder, addEventTagEncoder } from "./program-event-tag.ts";

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
    ["pool", getAddressCodec()],
    ["provider", getAddressCodec()],
    ["amountA", getU64Codec()],
    ["amountB", getU64Codec()],
    ["reserveA", getU64Codec()],
    ["reserveB", getU64Codec()],
  ]);

/** Encodes a {@link LiquidityAddedEvent} payload, tag byte included. */
export function getLiquidityAddedEventEncoder(): Encoder<LiquidityAddedEvent> {
  return addEventTagEncoder("liquidityAdded", getBodyCodec());
}

/** Decodes a {@link LiquidityAddedEvent} payload, tag byte included. */
export function getLiquidityAddedEventDecoder(): Decoder<LiquidityAddedEvent> {
  return addEventTagDecoder("liquidityAdded", getBodyCodec());
}

/** Both directions of {@link LiquidityAddedEvent}. */
export function getLiquidityAddedEventCodec(): Codec<LiquidityAddedEvent> {
  return combineCodec(getLiquidityAddedEventEncoder(), getLiquidityAddedEventDecoder());
}
