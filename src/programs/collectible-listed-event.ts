import { type Address, getI64Codec, getStructCodec, getU64Codec, getU8Codec } from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { eventCodecs } from "./program-event-tag.ts";

/**
 * A graded card was listed for a collectible launch (launch.c `list_card`): the seller's
 * card moved into the launch's escrow, and the terms of its purchase were fixed.
 */
export interface CollectibleListedEvent {
  kind: "collectibleListed";
  launch: Address;
  /** The collectible record: PDA ["collectible", launch]. */
  collectible: Address;
  /** The card: an SPL mint of supply 1 and 0 decimals. */
  cardMint: Address;
  /** Who sold the card; paid in USDC on acquisition. */
  seller: Address;
  /** The seller's USDC token account the price is paid into. */
  sellerUsdc: Address;
  /** The treasury's USDC token account that receives what the swap raised beyond the price. */
  treasuryUsdc: Address;
  /** The token account that holds the card once acquired: PDA ["custody", launch]. */
  custody: Address;
  /** Who may release the card from custody (a redemption). */
  custodian: Address;
  /** The card's listed price, USDC base units (6 decimals). */
  listedPriceUsdc: bigint;
  /** Lamports the raise aims at: the card's share plus the pool's. */
  targetLamports: bigint;
  /** Lamports of the raise kept to seed the token↔wSOL pool. */
  poolLamports: bigint;
  /** 0 `pnft`, 1 `core`: the card standard the listing names. */
  standard: number;
  /** Clock sysvar unix seconds of the listing. */
  unixTimestamp: bigint;
}

const getBodyCodec = () =>
  getStructCodec([
    ["launch", rememberedAddressCodec()],
    ["collectible", rememberedAddressCodec()],
    ["cardMint", rememberedAddressCodec()],
    ["seller", rememberedAddressCodec()],
    ["sellerUsdc", rememberedAddressCodec()],
    ["treasuryUsdc", rememberedAddressCodec()],
    ["custody", rememberedAddressCodec()],
    ["custodian", rememberedAddressCodec()],
    ["listedPriceUsdc", getU64Codec()],
    ["targetLamports", getU64Codec()],
    ["poolLamports", getU64Codec()],
    ["standard", getU8Codec()],
    ["unixTimestamp", getI64Codec()],
  ]);

const codecs = eventCodecs<CollectibleListedEvent>("collectibleListed", getBodyCodec);

/** Encodes a {@link CollectibleListedEvent} payload, tag byte included. */
export const getCollectibleListedEventEncoder = codecs.encoder;

/** Decodes a {@link CollectibleListedEvent} payload, tag byte included. */
export const getCollectibleListedEventDecoder = codecs.decoder;

/** Both directions of {@link CollectibleListedEvent}. */
export const getCollectibleListedEventCodec = codecs.codec;
