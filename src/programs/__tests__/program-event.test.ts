import type { Encoder } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { getCardReleasedEventEncoder } from "../card-released-event.ts";
import { getCollectibleListedEventEncoder } from "../collectible-listed-event.ts";
import { getCollectibleStageEventEncoder } from "../collectible-stage-event.ts";
import { getLaunchCreatedEventEncoder } from "../launch-created-event.ts";
import { getLiquidityAddedEventEncoder } from "../liquidity-added-event.ts";
import { getMigrationStepEventEncoder } from "../migration-step-event.ts";
import { getPoolCreatedEventEncoder } from "../pool-created-event.ts";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../program-addresses.ts";
import { decodeProgramEvent, decodeProgramEvents, type ProgramEvent } from "../program-event.ts";
import { getStatusChangedEventEncoder } from "../status-changed-event.ts";
import { getSwapEventEncoder } from "../swap-event.ts";
import { getTradeEventEncoder } from "../trade-event.ts";
import { StreamImage, testAddress } from "./byte-image.ts";

const a = testAddress;

// Each payload is written in the order of the C emitter named beside it.
const cases: { event: ProgramEvent; image: StreamImage }[] = [
  {
    // launch.c emit_created
    image: new StreamImage()
      .u8(1)
      .key(a(1))
      .key(a(2))
      .key(a(3))
      .key(a(4))
      .key(a(5))
      .u64(42n)
      .u8(0)
      .u8(6)
      .u16(100)
      .u16(5000)
      .u64(1000n)
      .u64(793n)
      .u64(207n)
      .u64(1073n)
      .u64(30n)
      .u64(555n)
      .u64(1_767_225_600n)
      .u8(2)
      .key(a(6))
      .u64(500_000n)
      .u16(6000)
      .u8(6)
      .key(a(7))
      .u64(9n)
      .u16(4000)
      .u8(9)
      .text("BSKT")
      .text("Basket")
      .text(""),
    event: {
      kind: "launchCreated",
      launch: a(1),
      creator: a(2),
      mint: a(3),
      curve: a(4),
      migrationVault: a(5),
      seed: 42n,
      launchKind: "pairs",
      decimals: 6,
      feeBps: 100,
      creatorFeeShareBps: 5000,
      totalSupply: 1000n,
      curveInventory: 793n,
      migrationInventory: 207n,
      virtualPrimary: 1073n,
      virtualDna: 30n,
      dnaUnitLamportsE9: 555n,
      createdAt: 1_767_225_600n,
      components: [
        { mint: a(6), quantity: 500_000n, targetBps: 6000, decimals: 6 },
        { mint: a(7), quantity: 9n, targetBps: 4000, decimals: 9 },
      ],
      symbol: "BSKT",
      name: "Basket",
      uri: "",
    },
  },
  {
    // curve.c emit_trade
    image: new StreamImage()
      .u8(2)
      .key(a(1))
      .key(a(2))
      .u8(1)
      .u64(10n)
      .u64(20n)
      .u64(30n)
      .u64(40n)
      .u64(50n)
      .u64(60n)
      .u64(70n)
      .u64(80n)
      .u64(90n)
      .u64(1_767_225_601n)
      .u8(2)
      .u64(11n)
      .u64(1n)
      .u64(22n)
      .u64(2n),
    event: {
      kind: "trade",
      launch: a(1),
      trader: a(2),
      direction: "sell",
      primaryAmount: 10n,
      dnaAmount: 20n,
      feeDna: 30n,
      creatorFeeDna: 40n,
      virtualPrimary: 50n,
      virtualDna: 60n,
      inventoryRemaining: 70n,
      realDna: 80n,
      tradeCount: 90n,
      unixTimestamp: 1_767_225_601n,
      componentAmounts: [11n, 22n],
      componentFees: [1n, 2n],
    },
  },
  {
    // launch.c emit_status
    image: new StreamImage().u8(3).key(a(1)).u8(0).u8(1).u64(1_767_225_602n),
    event: {
      kind: "statusChanged",
      launch: a(1),
      oldStatus: "activeBonding",
      newStatus: "graduationPending",
      unixTimestamp: 1_767_225_602n,
    },
  },
  {
    // pool.c initialize
    image: new StreamImage().u8(4).key(a(1)).key(a(2)).key(a(3)).key(a(4)).key(a(5)).key(a(6)).u16(30),
    event: {
      kind: "poolCreated",
      pool: a(1),
      authority: a(2),
      mintA: a(3),
      mintB: a(4),
      vaultA: a(5),
      vaultB: a(6),
      feeBps: 30,
    },
  },
  {
    // pool.c add_liquidity
    image: new StreamImage().u8(5).key(a(1)).key(a(2)).u64(1n).u64(0n).u64(101n).u64(200n),
    event: {
      kind: "liquidityAdded",
      pool: a(1),
      provider: a(2),
      amountA: 1n,
      amountB: 0n,
      reserveA: 101n,
      reserveB: 200n,
    },
  },
  {
    // pool.c swap
    image: new StreamImage().u8(6).key(a(1)).key(a(2)).u8(1).u64(1000n).u64(900n).u64(3n).u64(11_000n).u64(9_100n).u64(5n),
    event: {
      kind: "swap",
      pool: a(1),
      trader: a(2),
      aToB: true,
      amountIn: 1000n,
      amountOut: 900n,
      fee: 3n,
      reserveA: 11_000n,
      reserveB: 9_100n,
      swapCount: 5n,
    },
  },
  {
    // launch.c migrate
    image: new StreamImage().u8(7).key(a(1)).u8(1).key(a(2)).u64(500n).u64(600n).u8(0b11),
    event: {
      kind: "migrationStep",
      launch: a(1),
      index: 1,
      pool: a(2),
      primaryAmount: 500n,
      componentAmount: 600n,
      poolCreatedBits: 3,
    },
  },
  {
    // launch.c list_card
    image: new StreamImage()
      .u8(8)
      .key(a(1))
      .key(a(2))
      .key(a(3))
      .key(a(4))
      .key(a(5))
      .key(a(6))
      .key(a(7))
      .key(a(8))
      .u64(25_000_000_000n)
      .u64(180_000_000_000n)
      .u64(30_000_000_000n)
      .u8(1)
      .u64(1_767_225_600n),
    event: {
      kind: "collectibleListed",
      launch: a(1),
      collectible: a(2),
      cardMint: a(3),
      seller: a(4),
      sellerUsdc: a(5),
      treasuryUsdc: a(6),
      custody: a(7),
      custodian: a(8),
      listedPriceUsdc: 25_000_000_000n,
      targetLamports: 180_000_000_000n,
      poolLamports: 30_000_000_000n,
      standard: 1,
      unixTimestamp: 1_767_225_600n,
    },
  },
  {
    // launch.c emit_collectible_stage
    image: new StreamImage().u8(9).key(a(1)).u8(3).u64(1_767_225_700n).u64(900n).u64(700n).u64(650n).u64(600n).u64(50n).key(a(9)),
    event: {
      kind: "collectibleStage",
      launch: a(1),
      stage: "acquiring",
      unixTimestamp: 1_767_225_700n,
      fundedLamports: 900n,
      wsolIn: 700n,
      usdcOut: 650n,
      spentUsdc: 600n,
      surplusUsdc: 50n,
      swapPool: a(9),
    },
  },
  {
    // launch.c release_card
    image: new StreamImage().u8(10).key(a(1)).key(a(3)).key(a(10)).u64(1_767_225_800n),
    event: { kind: "cardReleased", launch: a(1), cardMint: a(3), destination: a(10), unixTimestamp: 1_767_225_800n },
  },
];

const encoders = {
  launchCreated: getLaunchCreatedEventEncoder(),
  trade: getTradeEventEncoder(),
  statusChanged: getStatusChangedEventEncoder(),
  poolCreated: getPoolCreatedEventEncoder(),
  liquidityAdded: getLiquidityAddedEventEncoder(),
  swap: getSwapEventEncoder(),
  migrationStep: getMigrationStepEventEncoder(),
  collectibleListed: getCollectibleListedEventEncoder(),
  collectibleStage: getCollectibleStageEventEncoder(),
  cardReleased: getCardReleasedEventEncoder(),
} as const;

describe("program events", () => {
  it.each(cases.map((c) => [c.event.kind, c] as const))("decodes %s as the C writes it", (_, c) => {
    expect(decodeProgramEvent(c.image.toBytes())).toEqual(c.event);
    expect(decodeProgramEvents([c.image.toLogLine()])).toEqual([c.event]);
  });

  it.each(cases.map((c) => [c.event.kind, c] as const))("encodes %s to the same bytes", (_, c) => {
    // Each case pairs an event with its own kind's encoder.
    const encoder = encoders[c.event.kind] as unknown as Encoder<ProgramEvent>;
    expect(Uint8Array.from(encoder.encode(c.event))).toEqual(c.image.toBytes());
  });

  it("keeps order, skips unknown tags and non-data lines", () => {
    const unknown = new StreamImage().u8(99).u64(1n);
    const logs = [
      "Program log: hello",
      (cases[2] as { image: StreamImage }).image.toLogLine(),
      unknown.toLogLine(),
      "Program data: ",
      (cases[1] as { image: StreamImage }).image.toLogLine(),
    ];
    expect(decodeProgramEvents(logs).map((event) => event.kind)).toEqual(["statusChanged", "trade"]);
    expect(decodeProgramEvent(unknown.toBytes())).toBeNull();
  });

  it("decodes a landing's logs once: the same array answers the same events, another array is decoded afresh", () => {
    const logs = [(cases[1] as { image: StreamImage }).image.toLogLine(), (cases[2] as { image: StreamImage }).image.toLogLine()];
    const first = decodeProgramEvents(logs);
    expect(decodeProgramEvents(logs)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const copy = [...logs];
    expect(decodeProgramEvents(copy)).not.toBe(first);
    expect(decodeProgramEvents(copy)).toEqual(first);
  });

  it("attributes data to the running program and ignores other programs' data", () => {
    const trade = (cases[1] as { image: StreamImage }).image.toLogLine();
    const status = (cases[2] as { image: StreamImage }).image.toLogLine();
    const foreign = "Foreign1111111111111111111111111111111111111";
    const logs = [
      `Program ${CURVE_PROGRAM_ADDRESS} invoke [1]`,
      trade,
      `Program ${TOKEN_PROGRAM_ADDRESS} invoke [2]`,
      "Program log: Instruction: Transfer",
      `Program ${TOKEN_PROGRAM_ADDRESS} success`,
      `Program ${LAUNCH_PROGRAM_ADDRESS} invoke [2]`,
      status,
      `Program ${LAUNCH_PROGRAM_ADDRESS} success`,
      `Program ${CURVE_PROGRAM_ADDRESS} consumed 20000 of 200000 compute units`,
      `Program ${CURVE_PROGRAM_ADDRESS} success`,
      `Program ${foreign} invoke [1]`,
      trade, // a foreign program's payload that happens to start with our tag
      `Program ${foreign} failed: custom program error: 0x1`,
      `Program ${POOL_PROGRAM_ADDRESS} invoke [1]`,
      status, // our tag, but not one the pool program emits
      `Program ${POOL_PROGRAM_ADDRESS} success`,
    ];
    expect(decodeProgramEvents(logs).map((event) => event.kind)).toEqual(["trade", "statusChanged"]);
  });

  it("throws when one of our payloads does not match its layout", () => {
    const truncated = (cases[3] as { image: StreamImage }).image.toBytes().slice(0, 100);
    expect(() => decodeProgramEvent(truncated)).toThrow(/poolCreated/);
    const trailing = new StreamImage().u8(3).key(a(1)).u8(0).u8(1).u64(0n).u8(0);
    expect(() => decodeProgramEvent(trailing.toBytes())).toThrow(/trailing/);
  });
});
