import {
  addCodecSizePrefix,
  type Address,
  type Codec,
  combineCodec,
  type Decoder,
  type Encoder,
  getArrayCodec,
  getI64Codec,
  getStructCodec,
  getU16Codec,
  getU64Codec,
  getU8Codec,
  getUtf8Codec,
} from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import type { LaunchComponent } from "./launch-account.ts";
import { getLaunchKindCodec, type LaunchKind } from "./launch-kind.ts";
import { addEventTagDecoder, addEventTagEncoder } from "./program-event-tag.ts";

/**
 * A launch was created (launch.c `emit_created`): everything the registry record holds at
 * creation. The C field `kind` is `launchKind` here, because `kind` names the event.
 */
export interface LaunchCreatedEvent {
  kind: "launchCreated";
  launch: Address;
  creator: Address;
  mint: Address;
  curve: Address;
  migrationVault: Address;
  seed: bigint;
  launchKind: LaunchKind;
  decimals: number;
  feeBps: number;
  creatorFeeShareBps: number;
  totalSupply: bigint;
  curveInventory: bigint;
  migrationInventory: bigint;
  virtualPrimary: bigint;
  virtualDna: bigint;
  dnaUnitLamportsE9: bigint;
  /** Clock sysvar unix seconds at creation. */
  createdAt: bigint;
  components: LaunchComponent[];
  symbol: string;
  name: string;
  uri: string;
}

// Strings are u8-length-prefixed bytes (event_writer.h `put_bytes`).
const getShortStringCodec = () => addCodecSizePrefix(getUtf8Codec(), getU8Codec());

const getBodyCodec = () =>
  getStructCodec([
    ["launch", rememberedAddressCodec()],
    ["creator", rememberedAddressCodec()],
    ["mint", rememberedAddressCodec()],
    ["curve", rememberedAddressCodec()],
    ["migrationVault", rememberedAddressCodec()],
    ["seed", getU64Codec()],
    ["launchKind", getLaunchKindCodec()],
    ["decimals", getU8Codec()],
    ["feeBps", getU16Codec()],
    ["creatorFeeShareBps", getU16Codec()],
    ["totalSupply", getU64Codec()],
    ["curveInventory", getU64Codec()],
    ["migrationInventory", getU64Codec()],
    ["virtualPrimary", getU64Codec()],
    ["virtualDna", getU64Codec()],
    ["dnaUnitLamportsE9", getU64Codec()],
    ["createdAt", getI64Codec()],
    [
      "components",
      getArrayCodec(
        getStructCodec([
          ["mint", rememberedAddressCodec()],
          ["quantity", getU64Codec()],
          ["targetBps", getU16Codec()],
          ["decimals", getU8Codec()],
        ]),
        { size: getU8Codec() },
      ),
    ],
    ["symbol", getShortStringCodec()],
    ["name", getShortStringCodec()],
    ["uri", getShortStringCodec()],
  ]);

/** Encodes a {@link LaunchCreatedEvent} payload, tag byte included. */
export function getLaunchCreatedEventEncoder(): Encoder<LaunchCreatedEvent> {
  return addEventTagEncoder("launchCreated", getBodyCodec());
}

/** Decodes a {@link LaunchCreatedEvent} payload, tag byte included. */
export function getLaunchCreatedEventDecoder(): Decoder<LaunchCreatedEvent> {
  return addEventTagDecoder("launchCreated", getBodyCodec());
}

/** Both directions of {@link LaunchCreatedEvent}. */
export function getLaunchCreatedEventCodec(): Codec<LaunchCreatedEvent> {
  return combineCodec(getLaunchCreatedEventEncoder(), getLaunchCreatedEventDecoder());
}
