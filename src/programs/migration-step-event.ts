import { type Address, getStructCodec, getU64Codec, getU8Codec } from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { eventCodecs } from "./program-event-tag.ts";

/** One migration crank call created a component's pair pool (launch.c `migrate`). */
export interface MigrationStepEvent {
  kind: "migrationStep";
  launch: Address;
  /** The component's index in the recipe. */
  index: number;
  /** The pair pool: PDA ["pool", launch, launch mint, component mint]. */
  pool: Address;
  /** Launch tokens moved from the migration vault into the pool. */
  primaryAmount: bigint;
  /** The pool's component vault balance after the curve released its reserve. */
  componentAmount: bigint;
  /** Bit i set: the pair pool of component i exists (this one included). */
  poolCreatedBits: number;
}

const getBodyCodec = () =>
  getStructCodec([
    ["launch", rememberedAddressCodec()],
    ["index", getU8Codec()],
    ["pool", rememberedAddressCodec()],
    ["primaryAmount", getU64Codec()],
    ["componentAmount", getU64Codec()],
    ["poolCreatedBits", getU8Codec()],
  ]);

const codecs = eventCodecs<MigrationStepEvent>("migrationStep", getBodyCodec);

/** Encodes a {@link MigrationStepEvent} payload, tag byte included. */
export const getMigrationStepEventEncoder = codecs.encoder;

/** Decodes a {@link MigrationStepEvent} payload, tag byte included. */
export const getMigrationStepEventDecoder = codecs.decoder;

/** Both directions of {@link MigrationStepEvent}. */
export const getMigrationStepEventCodec = codecs.codec;
