import { type Address, getI64Codec, getStructCodec } from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { eventCodecs } from "./program-event-tag.ts";

/**
 * The custodian released a collectible's card from custody (launch.c `release_card`): the
 * card left the vault (a redemption), so the vault no longer holds it.
 */
export interface CardReleasedEvent {
  kind: "cardReleased";
  launch: Address;
  cardMint: Address;
  /** The token account the card moved to. */
  destination: Address;
  /** Clock sysvar unix seconds of the release. */
  unixTimestamp: bigint;
}

const getBodyCodec = () =>
  getStructCodec([
    ["launch", rememberedAddressCodec()],
    ["cardMint", rememberedAddressCodec()],
    ["destination", rememberedAddressCodec()],
    ["unixTimestamp", getI64Codec()],
  ]);

const codecs = eventCodecs<CardReleasedEvent>("cardReleased", getBodyCodec);

/** Encodes a {@link CardReleasedEvent} payload, tag byte included. */
export const getCardReleasedEventEncoder = codecs.encoder;

/** Decodes a {@link CardReleasedEvent} payload, tag byte included. */
export const getCardReleasedEventDecoder = codecs.decoder;

/** Both directions of {@link CardReleasedEvent}. */
export const getCardReleasedEventCodec = codecs.codec;
