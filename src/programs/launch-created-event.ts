import {
  addCodecSizePrefix,
  type Address,
  type Codec,
  combineCodec,
  createDecoder,
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
import { LAUNCH_KINDS, getLaunchKindCodec, type LaunchKind } from "./launch-kind.ts";
import { PROGRAM_EVENT_TAG, addEventTagDecoder, addEventTagEncoder } from "./program-event-tag.ts";
import { RecordReader } from "./record-reader.ts";

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

/**
 * The payload's layout as kit's composed decoders read it: the definition
 * {@link getLaunchCreatedEventDecoder} is tested against.
 */
export function getLaunchCreatedEventLayoutDecoder(): Decoder<LaunchCreatedEvent> {
  return addEventTagDecoder("launchCreated", getBodyCodec());
}

/**
 * Decodes a {@link LaunchCreatedEvent} payload, tag byte included, reading
 * {@link getLaunchCreatedEventLayoutDecoder}'s layout through a {@link RecordReader}: kit's
 * composed decoder took about 60 µs an event (three prefixed strings, a struct array), and a
 * start replays every launch's creation. A test holds the two equal on any bytes.
 */
export function getLaunchCreatedEventDecoder(): Decoder<LaunchCreatedEvent> {
  return createDecoder({
    read(bytes, offset): [LaunchCreatedEvent, number] {
      const reader = new RecordReader(bytes, offset);
      reader.constant(PROGRAM_EVENT_TAG.launchCreated, "the launch-created event's tag");
      const launch = reader.address();
      const creator = reader.address();
      const mint = reader.address();
      const curve = reader.address();
      const migrationVault = reader.address();
      const seed = reader.u64();
      const kindIndex = reader.u8();
      const launchKind = LAUNCH_KINDS[kindIndex];
      if (launchKind === undefined) throw new RangeError(`launch kind ${kindIndex} is not one of ${LAUNCH_KINDS.join(", ")}`);
      const event: LaunchCreatedEvent = {
        kind: "launchCreated",
        launch,
        creator,
        mint,
        curve,
        migrationVault,
        seed,
        launchKind,
        decimals: reader.u8(),
        feeBps: reader.u16(),
        creatorFeeShareBps: reader.u16(),
        totalSupply: reader.u64(),
        curveInventory: reader.u64(),
        migrationInventory: reader.u64(),
        virtualPrimary: reader.u64(),
        virtualDna: reader.u64(),
        dnaUnitLamportsE9: reader.u64(),
        createdAt: reader.i64(),
        components: [],
        symbol: "",
        name: "",
        uri: "",
      };
      // kit's prefixed array decoder reads the end of the bytes, count byte and all missing, as no components.
      const count = reader.offset >= reader.bytes.length ? 0 : reader.u8();
      for (let i = 0; i < count; i++) {
        event.components.push({ mint: reader.address(), quantity: reader.u64(), targetBps: reader.u16(), decimals: reader.u8() });
      }
      event.symbol = reader.shortString();
      event.name = reader.shortString();
      event.uri = reader.shortString();
      return [event, reader.offset];
    },
  });
}

/** Both directions of {@link LaunchCreatedEvent}. */
export function getLaunchCreatedEventCodec(): Codec<LaunchCreatedEvent> {
  return combineCodec(getLaunchCreatedEventEncoder(), getLaunchCreatedEventDecoder());
}
