import {
  type Address,
  combineCodec,
  createDecoder,
  fixCodecSize,
  type FixedSizeCodec,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  getArrayCodec,
  getBytesCodec,
  getConstantCodec,
  getHiddenPrefixCodec,
  getI64Codec,
  getStructCodec,
  getU16Codec,
  getU64Codec,
  getU8Codec,
  padRightCodec,
  type ReadonlyUint8Array,
  transformDecoder,
  transformEncoder,
} from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { LAUNCH_KINDS, getLaunchKindCodec, type LaunchKind } from "./launch-kind.ts";
import { LAUNCH_STATUSES, getLaunchStatusCodec, type LaunchStatus } from "./launch-status.ts";
import { RecordReader } from "./record-reader.ts";

/** Byte size of the launch program's `Launch` record (layout.h). */
export const LAUNCH_ACCOUNT_SIZE = 664;
/** `account_type` byte of a `Launch` record (layout.h `ACCOUNT_LAUNCH`). */
export const LAUNCH_ACCOUNT_TYPE = 1;
/** Component slots in a recipe (layout.h `MAX_COMPONENTS`). */
export const MAX_COMPONENTS = 5;

const SYMBOL_CAPACITY = 16;
const NAME_CAPACITY = 64;
const URI_CAPACITY = 128;
const EMPTY_ADDRESS = "11111111111111111111111111111111" as Address;

/** One recipe entry of a launch (layout.h `LaunchComponent`, 48 bytes). */
export interface LaunchComponent {
  mint: Address;
  /** Component base units per 10^9 DNA units. */
  quantity: bigint;
  targetBps: number;
  /** The component mint's decimals, copied at creation. */
  decimals: number;
}

/**
 * The launch program's registry record, PDA ["launch", creator, seed]. `components` holds
 * only the first `component_count` slots; symbol, name and uri are cut to their stored
 * lengths. The `account_type` byte is checked on decode, not exposed.
 */
export interface LaunchAccount {
  status: LaunchStatus;
  kind: LaunchKind;
  bump: number;
  mintBump: number;
  migrationVaultBump: number;
  /** Bit i set: the pair pool of component i exists. */
  poolCreatedBits: number;
  /** Decimals of the primary (launch) token. */
  decimals: number;
  feeBps: number;
  creatorFeeShareBps: number;
  creator: Address;
  mint: Address;
  curve: Address;
  migrationVault: Address;
  seed: bigint;
  totalSupply: bigint;
  curveInventory: bigint;
  migrationInventory: bigint;
  /** Initial virtual reserves; the live ones are in the curve record. */
  virtualPrimary: bigint;
  virtualDna: bigint;
  /** Unix seconds. */
  createdAt: bigint;
  /** Unix seconds; 0 until the curve completes. */
  completedAt: bigint;
  /** Requested lamports per 10^9 DNA units at creation. */
  dnaUnitLamportsE9: bigint;
  components: LaunchComponent[];
  symbol: string;
  name: string;
  uri: string;
}

function getLaunchComponentCodec() {
  return getStructCodec([
    ["mint", rememberedAddressCodec()],
    ["quantity", getU64Codec()],
    ["targetBps", getU16Codec()],
    ["decimals", padRightCodec(getU8Codec(), 5)],
  ]);
}

const bytes = (size: number) => fixCodecSize(getBytesCodec(), size);

/** The record exactly as the C lays it out, after the account_type byte. */
function getRawLaunchCodec() {
  return getHiddenPrefixCodec(
    getStructCodec([
      ["status", getLaunchStatusCodec()],
      ["kind", getLaunchKindCodec()],
      ["bump", getU8Codec()],
      ["mintBump", getU8Codec()],
      ["migrationVaultBump", getU8Codec()],
      ["componentCount", getU8Codec()],
      ["poolCreatedBits", getU8Codec()],
      ["decimals", getU8Codec()],
      ["symbolLen", getU8Codec()],
      ["nameLen", getU8Codec()],
      ["uriLen", getU8Codec()],
      ["feeBps", getU16Codec()],
      ["creatorFeeShareBps", getU16Codec()],
      ["creator", rememberedAddressCodec()],
      ["mint", rememberedAddressCodec()],
      ["curve", rememberedAddressCodec()],
      ["migrationVault", rememberedAddressCodec()],
      ["seed", getU64Codec()],
      ["totalSupply", getU64Codec()],
      ["curveInventory", getU64Codec()],
      ["migrationInventory", getU64Codec()],
      ["virtualPrimary", getU64Codec()],
      ["virtualDna", getU64Codec()],
      ["createdAt", getI64Codec()],
      ["completedAt", getI64Codec()],
      ["dnaUnitLamportsE9", getU64Codec()],
      ["components", getArrayCodec(getLaunchComponentCodec(), { size: MAX_COMPONENTS })],
      ["symbol", bytes(SYMBOL_CAPACITY)],
      ["name", bytes(NAME_CAPACITY)],
      ["uri", bytes(URI_CAPACITY)],
    ]),
    [getConstantCodec(Uint8Array.of(LAUNCH_ACCOUNT_TYPE))],
  );
}

const utf8Decoder = new TextDecoder();
const utf8Encoder = new TextEncoder();

// Name and uri are arbitrary bytes on chain (only the symbol is checked), so a stored value
// that is not UTF-8 decodes with replacement characters instead of failing the account.
const cut = (field: ReadonlyUint8Array, length: number) => utf8Decoder.decode(field.subarray(0, Math.min(length, field.length)));

function fit(value: string, capacity: number, field: string): Uint8Array {
  const encoded = utf8Encoder.encode(value);
  if (encoded.length > capacity) {
    throw new RangeError(`launch ${field} is ${encoded.length} bytes; the record holds ${capacity}`);
  }
  return encoded;
}

function toRaw(launch: LaunchAccount) {
  if (launch.components.length > MAX_COMPONENTS) {
    throw new RangeError(`a launch holds at most ${MAX_COMPONENTS} components`);
  }
  const empty: LaunchComponent = { mint: EMPTY_ADDRESS, quantity: 0n, targetBps: 0, decimals: 0 };
  const components = [...launch.components];
  while (components.length < MAX_COMPONENTS) components.push(empty);
  const symbol = fit(launch.symbol, SYMBOL_CAPACITY, "symbol");
  const name = fit(launch.name, NAME_CAPACITY, "name");
  const uri = fit(launch.uri, URI_CAPACITY, "uri");
  return {
    ...launch,
    componentCount: launch.components.length,
    components,
    symbolLen: symbol.length,
    nameLen: name.length,
    uriLen: uri.length,
    symbol,
    name,
    uri,
  };
}

/** Encodes a {@link LaunchAccount} into the 664-byte record (unused slots zeroed). */
export function getLaunchAccountEncoder(): FixedSizeEncoder<LaunchAccount> {
  return transformEncoder(getRawLaunchCodec(), toRaw);
}

/**
 * The record's layout as kit's composed decoders read it: the definition
 * {@link getLaunchAccountDecoder} is tested against.
 */
export function getLaunchAccountLayoutDecoder(): FixedSizeDecoder<LaunchAccount> {
  return transformDecoder(getRawLaunchCodec(), (raw): LaunchAccount => {
    const { componentCount, symbolLen, nameLen, uriLen, ...fields } = raw;
    return {
      ...fields,
      components: raw.components.slice(0, componentCount),
      symbol: cut(raw.symbol, symbolLen),
      name: cut(raw.name, nameLen),
      uri: cut(raw.uri, uriLen),
    };
  });
}

/**
 * Decodes the 664-byte record; throws when the account_type byte is not a launch's. It reads
 * {@link getLaunchAccountLayoutDecoder}'s layout through a {@link RecordReader}: every start
 * sweeps every launch for due migrations, and the bots re-read them all as they trade, where
 * kit's composed decoder (a copy and a closure a field, four fixed byte fields) was most of
 * the read. A test holds the two equal on any bytes.
 */
export function getLaunchAccountDecoder(): FixedSizeDecoder<LaunchAccount> {
  return createDecoder({
    fixedSize: LAUNCH_ACCOUNT_SIZE,
    read(bytes, offset): [LaunchAccount, number] {
      const reader = new RecordReader(bytes, offset);
      reader.constant(LAUNCH_ACCOUNT_TYPE, "the launch's account type");
      const statusIndex = reader.u8();
      const status = LAUNCH_STATUSES[statusIndex];
      if (status === undefined) throw new RangeError(`launch status ${statusIndex} is not one of ${LAUNCH_STATUSES.join(", ")}`);
      const kindIndex = reader.u8();
      const kind = LAUNCH_KINDS[kindIndex];
      if (kind === undefined) throw new RangeError(`launch kind ${kindIndex} is not one of ${LAUNCH_KINDS.join(", ")}`);
      const bump = reader.u8();
      const mintBump = reader.u8();
      const migrationVaultBump = reader.u8();
      const componentCount = reader.u8();
      const poolCreatedBits = reader.u8();
      const decimals = reader.u8();
      const symbolLength = reader.u8();
      const nameLength = reader.u8();
      const uriLength = reader.u8();
      const launch: LaunchAccount = {
        status,
        kind,
        bump,
        mintBump,
        migrationVaultBump,
        poolCreatedBits,
        decimals,
        feeBps: reader.u16(),
        creatorFeeShareBps: reader.u16(),
        creator: reader.address(),
        mint: reader.address(),
        curve: reader.address(),
        migrationVault: reader.address(),
        seed: reader.u64(),
        totalSupply: reader.u64(),
        curveInventory: reader.u64(),
        migrationInventory: reader.u64(),
        virtualPrimary: reader.u64(),
        virtualDna: reader.u64(),
        createdAt: reader.i64(),
        completedAt: reader.i64(),
        dnaUnitLamportsE9: reader.u64(),
        components: [],
        symbol: "",
        name: "",
        uri: "",
      };
      for (let slot = 0; slot < MAX_COMPONENTS; slot++) {
        const component: LaunchComponent = {
          mint: reader.address(),
          quantity: reader.u64(),
          targetBps: reader.u16(),
          decimals: reader.u8(),
        };
        reader.skip(5);
        if (slot < componentCount) launch.components.push(component);
      }
      launch.symbol = cut(reader.bytes.subarray(reader.offset, reader.offset + SYMBOL_CAPACITY), symbolLength);
      reader.skip(SYMBOL_CAPACITY);
      launch.name = cut(reader.bytes.subarray(reader.offset, reader.offset + NAME_CAPACITY), nameLength);
      reader.skip(NAME_CAPACITY);
      launch.uri = cut(reader.bytes.subarray(reader.offset, reader.offset + URI_CAPACITY), uriLength);
      reader.skip(URI_CAPACITY);
      return [launch, reader.offset];
    },
  });
}

/** Both directions of the launch record. */
export function getLaunchAccountCodec(): FixedSizeCodec<LaunchAccount, LaunchAccount> {
  return combineCodec(getLaunchAccountEncoder(), getLaunchAccountDecoder());
}
