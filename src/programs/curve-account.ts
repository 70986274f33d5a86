import {
  type Address,
  combineCodec,
  createDecoder,
  type FixedSizeCodec,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  getArrayCodec,
  getBooleanCodec,
  getConstantCodec,
  getHiddenPrefixCodec,
  getStructCodec,
  getU16Codec,
  getU64Codec,
  getU8Codec,
  padRightCodec,
  transformDecoder,
  transformEncoder,
} from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { MAX_COMPONENTS } from "./launch-account.ts";
import { RecordReader } from "./record-reader.ts";

/** Byte size of the curve program's `Curve` record (layout.h). */
export const CURVE_ACCOUNT_SIZE = 656;
/** `account_type` byte of a `Curve` record (layout.h `ACCOUNT_CURVE`). */
export const CURVE_ACCOUNT_TYPE = 2;

const EMPTY_ADDRESS = "11111111111111111111111111111111" as Address;

/** One component of the curve (layout.h `CurveComponent`, 96 bytes). */
export interface CurveComponent {
  mint: Address;
  /** PDA ["vault", curve, mint] of the curve program. */
  vault: Address;
  /** Component base units per 10^9 DNA units. */
  quantity: bigint;
  /** Fee units held in the vault, the creator's share included. */
  feeAmount: bigint;
  /** The creator's part of `feeAmount`. */
  creatorFeeAmount: bigint;
  vaultBump: number;
  /** True once migration moved the reserve to the pair pool. */
  released: boolean;
}

/**
 * The curve program's trading record, PDA ["curve", launch]: live virtual reserves,
 * inventory and fee totals. `components` holds only the first `component_count` slots.
 */
export interface CurveAccount {
  bump: number;
  /** True once the inventory sold out; the curve then refuses every trade. */
  complete: boolean;
  primaryVaultBump: number;
  feeBps: number;
  creatorFeeShareBps: number;
  launch: Address;
  primaryMint: Address;
  /** PDA ["vault", curve, primaryMint] of the curve program. */
  primaryVault: Address;
  virtualPrimary: bigint;
  virtualDna: bigint;
  inventoryInitial: bigint;
  inventoryRemaining: bigint;
  /** DNA units paid in and not paid out. */
  realDna: bigint;
  feeDnaTotal: bigint;
  creatorFeeDna: bigint;
  tradeCount: bigint;
  components: CurveComponent[];
}

function getCurveComponentCodec() {
  return getStructCodec([
    ["mint", rememberedAddressCodec()],
    ["vault", rememberedAddressCodec()],
    ["quantity", getU64Codec()],
    ["feeAmount", getU64Codec()],
    ["creatorFeeAmount", getU64Codec()],
    ["vaultBump", getU8Codec()],
    ["released", padRightCodec(getBooleanCodec(), 6)],
  ]);
}

/** The record exactly as the C lays it out, after the account_type byte. */
function getRawCurveCodec() {
  return getHiddenPrefixCodec(
    getStructCodec([
      ["bump", getU8Codec()],
      ["complete", getBooleanCodec()],
      ["componentCount", getU8Codec()],
      ["primaryVaultBump", padRightCodec(getU8Codec(), 3)],
      ["feeBps", getU16Codec()],
      ["creatorFeeShareBps", padRightCodec(getU16Codec(), 4)],
      ["launch", rememberedAddressCodec()],
      ["primaryMint", rememberedAddressCodec()],
      ["primaryVault", rememberedAddressCodec()],
      ["virtualPrimary", getU64Codec()],
      ["virtualDna", getU64Codec()],
      ["inventoryInitial", getU64Codec()],
      ["inventoryRemaining", getU64Codec()],
      ["realDna", getU64Codec()],
      ["feeDnaTotal", getU64Codec()],
      ["creatorFeeDna", getU64Codec()],
      ["tradeCount", getU64Codec()],
      ["components", getArrayCodec(getCurveComponentCodec(), { size: MAX_COMPONENTS })],
    ]),
    [getConstantCodec(Uint8Array.of(CURVE_ACCOUNT_TYPE))],
  );
}

function toRaw(curve: CurveAccount) {
  if (curve.components.length > MAX_COMPONENTS) {
    throw new RangeError(`a curve holds at most ${MAX_COMPONENTS} components`);
  }
  const empty: CurveComponent = {
    mint: EMPTY_ADDRESS,
    vault: EMPTY_ADDRESS,
    quantity: 0n,
    feeAmount: 0n,
    creatorFeeAmount: 0n,
    vaultBump: 0,
    released: false,
  };
  const components = [...curve.components];
  while (components.length < MAX_COMPONENTS) components.push(empty);
  return { ...curve, componentCount: curve.components.length, components };
}

/** Encodes a {@link CurveAccount} into the 656-byte record (unused slots zeroed). */
export function getCurveAccountEncoder(): FixedSizeEncoder<CurveAccount> {
  return transformEncoder(getRawCurveCodec(), toRaw);
}

/**
 * The record's layout as kit's composed decoders read it: the definition
 * {@link getCurveAccountDecoder} is tested against.
 */
export function getCurveAccountLayoutDecoder(): FixedSizeDecoder<CurveAccount> {
  return transformDecoder(getRawCurveCodec(), (raw): CurveAccount => {
    const { componentCount, ...fields } = raw;
    return { ...fields, components: raw.components.slice(0, componentCount) };
  });
}

/**
 * Decodes the 656-byte record; throws when the account_type byte is not a curve's. It reads
 * {@link getCurveAccountLayoutDecoder}'s layout through a {@link RecordReader}: every quote
 * and build after a trade reads the changed curve, and kit's composed decoder was most of
 * pricing it. A test holds the two equal on any bytes.
 */
export function getCurveAccountDecoder(): FixedSizeDecoder<CurveAccount> {
  return createDecoder({
    fixedSize: CURVE_ACCOUNT_SIZE,
    read(bytes, offset): [CurveAccount, number] {
      const reader = new RecordReader(bytes, offset);
      reader.constant(CURVE_ACCOUNT_TYPE, "the curve's account type");
      const bump = reader.u8();
      const complete = reader.boolean();
      const componentCount = reader.u8();
      const primaryVaultBump = reader.u8();
      reader.skip(3);
      const feeBps = reader.u16();
      const creatorFeeShareBps = reader.u16();
      reader.skip(4);
      const curve = {
        bump,
        complete,
        primaryVaultBump,
        feeBps,
        creatorFeeShareBps,
        launch: reader.address(),
        primaryMint: reader.address(),
        primaryVault: reader.address(),
        virtualPrimary: reader.u64(),
        virtualDna: reader.u64(),
        inventoryInitial: reader.u64(),
        inventoryRemaining: reader.u64(),
        realDna: reader.u64(),
        feeDnaTotal: reader.u64(),
        creatorFeeDna: reader.u64(),
        tradeCount: reader.u64(),
        components: [] as CurveComponent[],
      };
      for (let slot = 0; slot < MAX_COMPONENTS; slot++) {
        const component: CurveComponent = {
          mint: reader.address(),
          vault: reader.address(),
          quantity: reader.u64(),
          feeAmount: reader.u64(),
          creatorFeeAmount: reader.u64(),
          vaultBump: reader.u8(),
          released: reader.boolean(),
        };
        reader.skip(6);
        if (slot < componentCount) curve.components.push(component);
      }
      return [curve, reader.offset];
    },
  });
}

/** Both directions of the curve record. */
export function getCurveAccountCodec(): FixedSizeCodec<CurveAccount, CurveAccount> {
  return combineCodec(getCurveAccountEncoder(), getCurveAccountDecoder());
}
