import { type Address, getBooleanCodec, getStructCodec, getU64Codec } from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { eventCodecs } from "./program-event-tag.ts";

/** A swap on a pool (pool.c `swap`). */
export interface SwapEvent {
  kind: "swap";
  pool: Address;
  trader: Address;
  /** True when mint A went in and mint B came out. */
  aToB: boolean;
  /** Gross input, fee included. */
  amountIn: bigint;
  amountOut: bigint;
  /** Fee in input units, ⌈amountIn·feeBps/10^4⌉; it stays in the pool. */
  fee: bigint;
  /** Vault A balance after the swap. */
  reserveA: bigint;
  /** Vault B balance after the swap. */
  reserveB: bigint;
  /** The pool's swap count after this swap. */
  swapCount: bigint;
}

const getBodyCodec = () =>
  getStructCodec([
    ["pool", rememberedAddressCodec()],
    ["trader", rememberedAddressCodec()],
    ["aToB", getBooleanCodec()],
    ["amountIn", getU64Codec()],
    ["amountOut", getU64Codec()],
    ["fee", getU64Codec()],
    ["reserveA", getU64Codec()],
    ["reserveB", getU64Codec()],
    ["swapCount", getU64Codec()],
  ]);

const codecs = eventCodecs<SwapEvent>("swap", getBodyCodec);

/** Encodes a {@link SwapEvent} payload, tag byte included. */
export const getSwapEventEncoder = codecs.encoder;

/** Decodes a {@link SwapEvent} payload, tag byte included. */
export const getSwapEventDecoder = codecs.decoder;

/** Both directions of {@link SwapEvent}. */
export const getSwapEventCodec = codecs.codec;
