import { type Address, type Decoder, createDecoder, getBooleanCodec, getStructCodec, getU64Codec } from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { PROGRAM_EVENT_TAG, eventCodecs } from "./program-event-tag.ts";
import { RecordReader } from "./record-reader.ts";

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

/** The payload's layout as kit's composed decoders read it: the definition {@link getSwapEventDecoder} is tested against. */
export const getSwapEventLayoutDecoder = codecs.decoder;

/**
 * Decodes a {@link SwapEvent} payload, tag byte included, reading the layout through a
 * {@link RecordReader}: every swap of the bots and of every replayed start is decoded, and
 * kit's composed decoder was most of it. A test holds the two equal on any bytes.
 */
export function getSwapEventDecoder(): Decoder<SwapEvent> {
  return createDecoder({
    read(bytes, offset): [SwapEvent, number] {
      const reader = new RecordReader(bytes, offset);
      reader.constant(PROGRAM_EVENT_TAG.swap, "the swap event's tag");
      const event: SwapEvent = {
        kind: "swap",
        pool: reader.address(),
        trader: reader.address(),
        aToB: reader.boolean(),
        amountIn: reader.u64(),
        amountOut: reader.u64(),
        fee: reader.u64(),
        reserveA: reader.u64(),
        reserveB: reader.u64(),
        swapCount: reader.u64(),
      };
      return [event, reader.offset];
    },
  });
}

/** Both directions of {@link SwapEvent}. */
export const getSwapEventCodec = codecs.codec;
