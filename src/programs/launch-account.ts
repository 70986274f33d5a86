import {
  type Address,
  combineCodec,
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
import { getLaunchKindCodec, type LaunchKind } from "./launch-kind.ts";
import { getLaunchStatusCodec, type LaunchStatus } from "./launch-status.ts";

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

/** Decodes the 664-byte record; throws when the account_type byte is not a launch's. */
export function getLaunchAccountDecoder(): FixedSizeDecoder<LaunchAccount> {
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

/** Both directions of the launch record. */
export function getLaunchAccountCodec(): FixedSizeCodec<LaunchAccount, LaunchAccount> {
  return combineCodec(getLaunchAccountEncoder(), getLaunchAccountDecoder());
}
