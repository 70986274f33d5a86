import { describe, expect, it } from "vitest";
import { getPoolAccountCodec, getPoolAccountDecoder, getPoolAccountEncoder, POOL_ACCOUNT_SIZE, type PoolAccount } from "../pool-account.ts";
import { RecordImage, testAddress } from "./byte-image.ts";

// Offsets as written beside the fields of `Pool` in layout.h.
const poolImage = () =>
  new RecordImage(176)
    .u8(0, 3) // account_type ACCOUNT_POOL
    .u8(1, 255)
    .u8(2, 254)
    .u8(3, 253)
    .u16(4, 30)
    .key(8, testAddress(1))
    .key(40, testAddress(2))
    .key(72, testAddress(3))
    .key(104, testAddress(4))
    .key(136, testAddress(5))
    .u64(168, 77n);

const expected: PoolAccount = {
  bump: 255,
  vaultABump: 254,
  vaultBBump: 253,
  feeBps: 30,
  authority: testAddress(1),
  mintA: testAddress(2),
  mintB: testAddress(3),
  vaultA: testAddress(4),
  vaultB: testAddress(5),
  swapCount: 77n,
};

describe("pool account codec", () => {
  it("is 176 bytes", () => {
    expect(POOL_ACCOUNT_SIZE).toBe(176);
    expect(getPoolAccountCodec().fixedSize).toBe(176);
  });

  it("decodes the C layout at its offsets and encodes the same bytes", () => {
    expect(getPoolAccountDecoder().decode(poolImage().bytes)).toEqual(expected);
    expect(getPoolAccountEncoder().encode(expected)).toEqual(poolImage().bytes);
  });

  it("refuses another record type", () => {
    expect(() => getPoolAccountDecoder().decode(poolImage().u8(0, 1).bytes)).toThrow();
  });
});
