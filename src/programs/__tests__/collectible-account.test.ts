import { describe, expect, it } from "vitest";
import {
  COLLECTIBLE_ACCOUNT_SIZE,
  COLLECTIBLE_ACCOUNT_TYPE,
  type CollectibleAccount,
  getCollectibleAccountCodec,
  getCollectibleAccountDecoder,
  getCollectibleAccountEncoder,
} from "../collectible-account.ts";
import { collectibleStageOf, nextCollectibleCrank } from "../collectible-crank.ts";
import { COLLECTIBLE_STAGES } from "../collectible-stage.ts";
import { LAUNCH_STATUSES } from "../launch-status.ts";
import { parseEnum, readFixture } from "./c-source.ts";
import { RecordImage, testAddress } from "./byte-image.ts";

const layout = readFixture("include/layout.h");

// Offsets as written beside the fields of `Collectible` in layout.h.
function collectibleImage(): RecordImage {
  const image = new RecordImage(480)
    .u8(0, 4) // account_type ACCOUNT_COLLECTIBLE
    .u8(1, 3) // stage acquiring
    .u8(2, 255)
    .u8(3, 254)
    .u8(4, 253)
    .u8(5, 252)
    .u8(6, 251)
    .u8(7, 1) // standard core
    .u8(8, 1); // still_held
  for (const [i, offset] of [16, 48, 80, 112, 144, 176, 208, 240, 272, 304, 336, 368].entries()) image.key(offset, testAddress(i + 1));
  const amounts = [
    10_000_000_000n,
    90n * 10n ** 9n,
    18n * 10n ** 9n,
    91n * 10n ** 9n,
    73n * 10n ** 9n,
    11_000_000_000n,
    0n,
    0xffff_ffff_ffff_fffen,
  ];
  amounts.forEach((amount, i) => image.u64(400 + 8 * i, amount));
  return image.i64(464, 1_767_225_600n).i64(472, 1_767_229_200n);
}

const expected: CollectibleAccount = {
  stage: "acquiring",
  bump: 255,
  escrowBump: 254,
  custodyBump: 253,
  fundsBump: 252,
  usdcBump: 251,
  standard: "core",
  stillHeld: true,
  launch: testAddress(1),
  cardMint: testAddress(2),
  seller: testAddress(3),
  sellerUsdc: testAddress(4),
  treasuryUsdc: testAddress(5),
  custodian: testAddress(6),
  usdcMint: testAddress(7),
  venue: testAddress(8),
  escrow: testAddress(9),
  custody: testAddress(10),
  funds: testAddress(11),
  usdc: testAddress(12),
  listedPriceUsdc: 10_000_000_000n,
  targetLamports: 90n * 10n ** 9n,
  poolLamports: 18n * 10n ** 9n,
  fundedLamports: 91n * 10n ** 9n,
  wsolIn: 73n * 10n ** 9n,
  usdcOut: 11_000_000_000n,
  spentUsdc: 0n,
  surplusUsdc: 0xffff_ffff_ffff_fffen,
  listedAt: 1_767_225_600n,
  releasedAt: 1_767_229_200n,
};

describe("collectible record codec", () => {
  it("decodes every field at layout.h's offsets", () => {
    expect(getCollectibleAccountDecoder().decode(collectibleImage().bytes)).toEqual(expected);
  });

  it("encodes back to the same bytes, and round-trips", () => {
    expect(getCollectibleAccountEncoder().encode(expected)).toEqual(collectibleImage().bytes);
    const codec = getCollectibleAccountCodec();
    expect(codec.decode(codec.encode(expected))).toEqual(expected);
  });

  it("refuses another record type and a stage byte outside the enum", () => {
    expect(() => getCollectibleAccountDecoder().decode(collectibleImage().u8(0, 1).bytes)).toThrow();
    expect(() => getCollectibleAccountDecoder().decode(collectibleImage().u8(1, 6).bytes)).toThrow();
  });

  it("matches layout.h: record size, account type and stage order", () => {
    expect(/\} Collectible;\s*\/\* (\d+) bytes \*\//.exec(layout)?.[1]).toBe(String(COLLECTIBLE_ACCOUNT_SIZE));
    expect(parseEnum(layout, "AccountType").get("ACCOUNT_COLLECTIBLE")).toBe(COLLECTIBLE_ACCOUNT_TYPE);
    const stages = [...parseEnum(layout, "CollectibleStage")].map(([name, value]) => [name.slice("STAGE_".length).toLowerCase(), value]);
    expect(stages).toEqual(COLLECTIBLE_STAGES.map((stage, i) => [stage, i]));
  });
});

describe("a collectible's stage and next crank", () => {
  it("reads a stored raising as funding once the launch is graduationPending, and nothing else", () => {
    for (const status of LAUNCH_STATUSES) {
      for (const stage of COLLECTIBLE_STAGES) {
        const read = collectibleStageOf(status, { stage });
        expect(read).toBe(stage === "raising" && status === "graduationPending" ? "funding" : stage);
      }
    }
  });

  it("names the crank of each acquisition stage, none while raising or once tradable", () => {
    const crankAt = (status: (typeof LAUNCH_STATUSES)[number], stage: (typeof COLLECTIBLE_STAGES)[number]) =>
      nextCollectibleCrank(status, { stage });
    expect(crankAt("activeBonding", "raising")).toBeNull();
    expect(crankAt("graduationPending", "raising")).toBe("fund");
    expect(crankAt("migrating", "swapping")).toBe("swap");
    expect(crankAt("migrating", "acquiring")).toBe("acquire");
    expect(crankAt("migrating", "pooling")).toBe("migrate");
    expect(crankAt("graduated", "tradable")).toBeNull();
  });
});
