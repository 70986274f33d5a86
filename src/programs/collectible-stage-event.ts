import { type Address, getI64Codec, getStructCodec, getU64Codec } from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { type CollectibleStage, getCollectibleStageCodec } from "./collectible-stage.ts";
import { eventCodecs } from "./program-event-tag.ts";

/**
 * A collectible moved to a new stage (launch.c `emit_collectible_stage`): on curve
 * completion (→ funding), and after each crank step (fund → swapping, swap → acquiring,
 * acquire → pooling, migrate → tradable). Every event carries the record's whole
 * acquisition accounting after the step, zero where a step has not happened yet, so the
 * indexer copies figures and never computes them.
 */
export interface CollectibleStageEvent {
  kind: "collectibleStage";
  launch: Address;
  stage: CollectibleStage;
  /** Clock sysvar unix seconds of the step. */
  unixTimestamp: bigint;
  /** wSOL lamports the fund step moved out of the curve: everything it raised, fees included. */
  fundedLamports: bigint;
  /** wSOL lamports swapped to USDC: fundedLamports less the pool's poolLamports. */
  wsolIn: bigint;
  /** USDC base units the swap returned. */
  usdcOut: bigint;
  /** USDC base units paid to the seller: the listed price. */
  spentUsdc: bigint;
  /** USDC base units sent to the treasury: usdcOut − spentUsdc. */
  surplusUsdc: bigint;
  /** The wSOL↔USDC venue pool of the swap; the system program's address until then. */
  swapPool: Address;
}

const getBodyCodec = () =>
  getStructCodec([
    ["launch", rememberedAddressCodec()],
    ["stage", getCollectibleStageCodec()],
    ["unixTimestamp", getI64Codec()],
    ["fundedLamports", getU64Codec()],
    ["wsolIn", getU64Codec()],
    ["usdcOut", getU64Codec()],
    ["spentUsdc", getU64Codec()],
    ["surplusUsdc", getU64Codec()],
    ["swapPool", rememberedAddressCodec()],
  ]);

const codecs = eventCodecs<CollectibleStageEvent>("collectibleStage", getBodyCodec);

/** Encodes a {@link CollectibleStageEvent} payload, tag byte included. */
export const getCollectibleStageEventEncoder = codecs.encoder;

/** Decodes a {@link CollectibleStageEvent} payload, tag byte included. */
export const getCollectibleStageEventDecoder = codecs.decoder;

/** Both directions of {@link CollectibleStageEvent}. */
export const getCollectibleStageEventCodec = codecs.codec;
