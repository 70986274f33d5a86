import { describe, expect, it } from "vitest";
import {
  getLaunchAccountCodec,
  getLaunchAccountDecoder,
  getLaunchAccountEncoder,
  LAUNCH_ACCOUNT_SIZE,
  type LaunchAccount,
} from "../launch-account.ts";
import { RecordImage, testAddress } from "./byte-image.ts";

// Offsets as written beside the fields of `Launch` and `LaunchComponent` in layout.h.
function launchImage(): RecordImage {
  const image = new RecordImage(664)
    .u8(0, 1) // account_type ACCOUNT_LAUNCH
    .u8(1, 2) // status migrating
    .u8(2, 1) // kind collectibles
    .u8(3, 254)
    .u8(4, 253)
    .u8(5, 252)
    .u8(6, 2) // component_count
    .u8(7, 0b01)
    .u8(8, 6)
    .u8(9, 4)
    .u8(10, 10)
    .u8(11, 17)
    .u16(12, 100)
    .u16(14, 5000)
    .key(16, testAddress(1))
    .key(48, testAddress(2))
    .key(80, testAddress(3))
    .key(112, testAddress(4))
    .u64(144, 42n)
    .u64(152, 1_000_000_000_000_000n)
    .u64(160, 793_100_000_000_000n)
    .u64(168, 206_900_000_000_000n)
    .u64(176, 1_073_000_000_000_000n)
    .u64(184, 30_000_000_000n)
    .i64(192, 1_767_225_600n)
    .i64(200, 1_767_229_200n)
    .u64(208, 123_456_789n);
  const components = [
    { mint: testAddress(5), quantity: 500_000n, bps: 6000, decimals: 6 },
    { mint: testAddress(6), quantity: 0xffff_ffff_ffff_fffen, bps: 4000, decimals: 9 },
  ];
  components.forEach((component, i) => {
    const base = 216 + 48 * i;
    image.key(base, component.mint).u64(base + 32, component.quantity);
    image.u16(base + 40, component.bps).u8(base + 42, component.decimals);
  });
  return image.text(456, "BSKT").text(472, "Basket one").text(536, "https://x.test/b1");
}

const expected: LaunchAccount = {
  status: "migrating",
  kind: "collectibles",
  bump: 254,
  mintBump: 253,
  migrationVaultBump: 252,
  poolCreatedBits: 1,
  decimals: 6,
  feeBps: 100,
  creatorFeeShareBps: 5000,
  creator: testAddress(1),
  mint: testAddress(2),
  curve: testAddress(3),
  migrationVault: testAddress(4),
  seed: 42n,
  totalSupply: 1_000_000_000_000_000n,
  curveInventory: 793_100_000_000_000n,
  migrationInventory: 206_900_000_000_000n,
  virtualPrimary: 1_073_000_000_000_000n,
  virtualDna: 30_000_000_000n,
  createdAt: 1_767_225_600n,
  completedAt: 1_767_229_200n,
  dnaUnitLamportsE9: 123_456_789n,
  components: [
    { mint: testAddress(5), quantity: 500_000n, targetBps: 6000, decimals: 6 },
    { mint: testAddress(6), quantity: 0xffff_ffff_ffff_fffen, targetBps: 4000, decimals: 9 },
  ],
  symbol: "BSKT",
  name: "Basket one",
  uri: "https://x.test/b1",
};

describe("launch account codec", () => {
  it("is 664 bytes", () => {
    expect(LAUNCH_ACCOUNT_SIZE).toBe(664);
    expect(getLaunchAccountCodec().fixedSize).toBe(664);
  });

  it("decodes the C layout at its offsets", () => {
    expect(getLaunchAccountDecoder().decode(launchImage().bytes)).toEqual(expected);
  });

  it("encodes the same bytes, unused slots and text tails zeroed", () => {
    expect(getLaunchAccountEncoder().encode(expected)).toEqual(launchImage().bytes);
  });

  it("reads only component_count components and the stored text lengths", () => {
    const image = launchImage()
      .key(216 + 96, testAddress(9))
      .text(456 + 4, "JUNK");
    const decoded = getLaunchAccountDecoder().decode(image.bytes);
    expect(decoded.components).toHaveLength(2);
    expect(decoded.symbol).toBe("BSKT");
  });

  it("refuses another record type and a status outside the enum", () => {
    expect(() => getLaunchAccountDecoder().decode(launchImage().u8(0, 2).bytes)).toThrow();
    expect(() => getLaunchAccountDecoder().decode(launchImage().u8(1, 4).bytes)).toThrow();
  });

  it("refuses to encode text longer than its field", () => {
    expect(() => getLaunchAccountEncoder().encode({ ...expected, symbol: "X".repeat(17) })).toThrow(/symbol/);
  });
});
