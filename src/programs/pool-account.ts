import {
  type Address,
  combineCodec,
  type FixedSizeCodec,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  getConstantCodec,
  getHiddenPrefixCodec,
  getStructCodec,
  getU16Codec,
  getU64Codec,
  getU8Codec,
  padRightCodec,
} from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";

/** Byte size of the pool program's `Pool` record (layout.h). */
export const POOL_ACCOUNT_SIZE = 176;
/** `account_type` byte of a `Pool` record (layout.h `ACCOUNT_POOL`). */
export const POOL_ACCOUNT_TYPE = 3;

/**
 * The pool program's constant-product pool, PDA ["pool", authority, mintA, mintB]. Its
 * reserves are not stored: they are the balances of `vaultA` and `vaultB`.
 */
export interface PoolAccount {
  bump: number;
  vaultABump: number;
  vaultBBump: number;
  feeBps: number;
  /** Who created the pool: the genesis keeper for venues, the launch PDA for pair pools. */
  authority: Address;
  mintA: Address;
  mintB: Address;
  /** PDA ["vault", pool, mintA] of the pool program. */
  vaultA: Address;
  /** PDA ["vault", pool, mintB] of the pool program. */
  vaultB: Address;
  swapCount: bigint;
}

function getRawPoolCodec() {
  return getHiddenPrefixCodec(
    getStructCodec([
      ["bump", getU8Codec()],
      ["vaultABump", getU8Codec()],
      ["vaultBBump", getU8Codec()],
      ["feeBps", padRightCodec(getU16Codec(), 2)],
      ["authority", rememberedAddressCodec()],
      ["mintA", rememberedAddressCodec()],
      ["mintB", rememberedAddressCodec()],
      ["vaultA", rememberedAddressCodec()],
      ["vaultB", rememberedAddressCodec()],
      ["swapCount", getU64Codec()],
    ]),
    [getConstantCodec(Uint8Array.of(POOL_ACCOUNT_TYPE))],
  );
}

/** Encodes a {@link PoolAccount} into the 176-byte record. */
export function getPoolAccountEncoder(): FixedSizeEncoder<PoolAccount> {
  return getRawPoolCodec();
}

/** Decodes the 176-byte record; throws when the account_type byte is not a pool's. */
export function getPoolAccountDecoder(): FixedSizeDecoder<PoolAccount> {
  return getRawPoolCodec();
}

/** Both directions of the pool record. */
export function getPoolAccountCodec(): FixedSizeCodec<PoolAccount, PoolAccount> {
  return combineCodec(getPoolAccountEncoder(), getPoolAccountDecoder());
}
