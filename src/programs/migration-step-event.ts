import {
  type Address,
  type Codec,
  combineCodec,
  type Decoder,
  type Encoder,
  getAddressCodec,
  getStructCodec,
  getU64Codec,
  getU8Codec,
} from "@solana/kit";
import { addEventTagDecoder, addEventTagEncoder } from "./program-event-tag.ts";

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
    ["launch", getAddressCodec()],
    ["index", getU8Codec()],
    ["pool", getAddressCodec()],
    ["primaryAmount", getU64Codec()],
    ["componentAmount", getU64Codec()],
    ["poolCreatedBits", getU8Codec()],
  ]);

/** Encodes a {@link MigrationStepEvent} payload, tag byte included. */
export function getMigrationStepEventEncoder(): Encoder<MigrationStepEvent> {
  return addEventTagEncoder("migrationStep", getBodyCodec());
}

/** Decodes a {@link MigrationStepEvent} payload, tag byte included. */
export function getMigrationStepEventDecoder(): Decoder<MigrationStepEvent> {
  return addEventTagDecoder("migrationStep", getBodyCodec());
}

/** Both directions of {@link MigrationStepEvent}. */
export function getMigrationStepEventCodec(): Codec<MigrationStepEvent> {
  return combineCodec(getMigrationStepEventEncoder(), getMigrationStepEventDecoder());
}
