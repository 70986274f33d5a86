import { describe, expect, it } from "vitest";
import {
  CURVE_ACCOUNT_SIZE,
  type CurveAccount,
  getCurveAccountCodec,
  getCurveAccountDecoder,
  getCurveAccountEncoder,
} from "../curve-account.ts";
import { RecordImage, testAddress } from "./byte-image.ts";

// Offsets as written beside the fields of `Curve` and `CurveComponent` in layout.h.
function curveImage(): RecordImage {
  const image = new RecordImage(656)
    .u8(0, 2) // account_type ACCOUNT_CURVE
    .u8(1, 255)
    .u8(2, 1) // complete
    .u8(3, 1) // component_count
    .u8(4, 250)
    .u16(8, 150)
    .u16(10, 2500)
    .key(16, testAddress(1))
    .key(48, testAddress(2))
    .key(80, testAddress(3))
    .u64(112, 1_000n)
    .u64(120, 2_000n)
    .u64(128, 3_000n)
    .u64(136, 4_000n)
    .u64(144, 5_000n)
    .u64(152, 6_000n)
    .u64(160, 7_000n)
    .u64(168, 8_000n);
  return image
    .key(176, testAddress(4))
    .key(176 + 32, testAddress(5))
    .u64(176 + 64, 9_000n)
    .u64(176 + 72, 10_000n)
    .u64(176 + 80, 11_000n)
    .u8(176 + 88, 249)
    .u8(176 + 89, 1);
}

const expected: CurveAccount = {
  bump: 255,
  complete: true,
  primaryVaultBump: 250,
  feeBps: 150,
  creatorFeeShareBps: 2500,
  launch: testAddress(1),
  primaryMint: testAddress(2),
  primaryVault: testAddress(3),
  virtualPrimary: 1_000n,
  virtualDna: 2_000n,
  inventoryInitial: 3_000n,
  inventoryRemaining: 4_000n,
  realDna: 5_000n,
  feeDnaTotal: 6_000n,
  creatorFeeDna: 7_000n,
  tradeCount: 8_000n,
  components: [
    {
      mint: testAddress(4),
      vault: testAddress(5),
      quantity: 9_000n,
      feeAmount: 10_000n,
      creatorFeeAmount: 11_000n,
      vaultBump: 249,
      released: true,
    },
  ],
};

describe("curve account codec", () => {
  it("is 656 bytes", () => {
    expect(CURVE_ACCOUNT_SIZE).toBe(656);
    expect(getCurveAccountCodec().fixedSize).toBe(656);
  });

  it("decodes the C layout at its offsets", () => {
    expect(getCurveAccountDecoder().decode(curveImage().bytes)).toEqual(expected);
  });

  it("encodes the same bytes", () => {
    expect(getCurveAccountEncoder().encode(expected)).toEqual(curveImage().bytes);
  });

  it("reads only component_count components and refuses another record type", () => {
    const image = curveImage().key(176 + 96, testAddress(9));
    expect(getCurveAccountDecoder().decode(image.bytes).components).toHaveLength(1);
    expect(() => getCurveAccountDecoder().decode(curveImage().u8(0, 1).bytes)).toThrow();
  });
});
