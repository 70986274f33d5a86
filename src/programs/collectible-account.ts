import {
  type Address,
  combineCodec,
  type FixedSizeCodec,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  getBooleanCodec,
  getConstantCodec,
  getHiddenPrefixCodec,
  getI64Codec,
  getLiteralUnionCodec,
  getStructCodec,
  getU64Codec,
  getU8Codec,
  padRightCodec,
} from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { type CollectibleStage, getCollectibleStageCodec } from "./collectible-stage.ts";

/** Byte size of the launch program's `Collectible` record (layout.h). */
export const COLLECTIBLE_ACCOUNT_SIZE = 480;
/** `account_type` byte of a `Collectible` record (layout.h `ACCOUNT_COLLECTIBLE`). */
export const COLLECTIBLE_ACCOUNT_TYPE = 4;

/** The card standards a listing names, in the order of the `standard` byte. */
export const CARD_STANDARDS = ["pnft", "core"] as const;

/** One of {@link CARD_STANDARDS}. */
export type CardStandard = (typeof CARD_STANDARDS)[number];

/**
 * A collectible launch's card and acquisition (layout.h `Collectible`), PDA
 * ["collectible", launch] of the launch program, written by `list_card` and each crank.
 *
 * `stage` is the stored byte, which is never `funding`: the curve completes through
 * `mark_complete`, which cannot write this record. A stored `raising` whose launch is
 * `graduationPending` is at `funding`; {@link collectibleStageOf} reads it so.
 * Accounting fields are 0 until their step: `fundedLamports` (fund), `wsolIn` and
 * `usdcOut` (swap), `spentUsdc` and `surplusUsdc` (acquire).
 */
export interface CollectibleAccount {
  stage: CollectibleStage;
  bump: number;
  escrowBump: number;
  custodyBump: number;
  fundsBump: number;
  usdcBump: number;
  standard: CardStandard;
  /** True from acquisition until the custodian releases the card. */
  stillHeld: boolean;
  launch: Address;
  cardMint: Address;
  seller: Address;
  sellerUsdc: Address;
  treasuryUsdc: Address;
  custodian: Address;
  usdcMint: Address;
  /** The wSOL↔USDC pool the swap must use, fixed at listing. */
  venue: Address;
  /** PDA ["escrow", launch]: the card from listing to acquisition. */
  escrow: Address;
  /** PDA ["custody", launch]: the card once acquired (the vault). */
  custody: Address;
  /** PDA ["funds", launch]: the raise's wSOL after the fund step. */
  funds: Address;
  /** PDA ["usdc", launch]: the swap's USDC until acquisition pays it out. */
  usdc: Address;
  listedPriceUsdc: bigint;
  targetLamports: bigint;
  poolLamports: bigint;
  fundedLamports: bigint;
  wsolIn: bigint;
  usdcOut: bigint;
  spentUsdc: bigint;
  surplusUsdc: bigint;
  /** Unix seconds of the listing. */
  listedAt: bigint;
  /** Unix seconds of the release; 0 while the card has not left custody. */
  releasedAt: bigint;
}

function getRawCollectibleCodec() {
  return getHiddenPrefixCodec(
    getStructCodec([
      ["stage", getCollectibleStageCodec()],
      ["bump", getU8Codec()],
      ["escrowBump", getU8Codec()],
      ["custodyBump", getU8Codec()],
      ["fundsBump", getU8Codec()],
      ["usdcBump", getU8Codec()],
      ["standard", getLiteralUnionCodec(CARD_STANDARDS)],
      ["stillHeld", padRightCodec(getBooleanCodec(), 7)],
      ["launch", rememberedAddressCodec()],
      ["cardMint", rememberedAddressCodec()],
      ["seller", rememberedAddressCodec()],
      ["sellerUsdc", rememberedAddressCodec()],
      ["treasuryUsdc", rememberedAddressCodec()],
      ["custodian", rememberedAddressCodec()],
      ["usdcMint", rememberedAddressCodec()],
      ["venue", rememberedAddressCodec()],
      ["escrow", rememberedAddressCodec()],
      ["custody", rememberedAddressCodec()],
      ["funds", rememberedAddressCodec()],
      ["usdc", rememberedAddressCodec()],
      ["listedPriceUsdc", getU64Codec()],
      ["targetLamports", getU64Codec()],
      ["poolLamports", getU64Codec()],
      ["fundedLamports", getU64Codec()],
      ["wsolIn", getU64Codec()],
      ["usdcOut", getU64Codec()],
      ["spentUsdc", getU64Codec()],
      ["surplusUsdc", getU64Codec()],
      ["listedAt", getI64Codec()],
      ["releasedAt", getI64Codec()],
    ]),
    [getConstantCodec(Uint8Array.of(COLLECTIBLE_ACCOUNT_TYPE))],
  );
}

/** Encodes a {@link CollectibleAccount} into the 480-byte record. */
export function getCollectibleAccountEncoder(): FixedSizeEncoder<CollectibleAccount> {
  return getRawCollectibleCodec();
}

/** Decodes the 480-byte record; throws when the account_type byte is not a collectible's. */
export function getCollectibleAccountDecoder(): FixedSizeDecoder<CollectibleAccount> {
  return getRawCollectibleCodec();
}

/** Both directions of the collectible record. */
export function getCollectibleAccountCodec(): FixedSizeCodec<CollectibleAccount, CollectibleAccount> {
  return combineCodec(getCollectibleAccountEncoder(), getCollectibleAccountDecoder());
}
