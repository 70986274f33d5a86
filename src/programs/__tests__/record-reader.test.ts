import type { Decoder, ReadonlyUint8Array } from "@solana/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CURVE_ACCOUNT_SIZE,
  CURVE_ACCOUNT_TYPE,
  type CurveAccount,
  getCurveAccountDecoder,
  getCurveAccountEncoder,
  getCurveAccountLayoutDecoder,
} from "../curve-account.ts";
import {
  LAUNCH_ACCOUNT_SIZE,
  LAUNCH_ACCOUNT_TYPE,
  type LaunchAccount,
  MAX_COMPONENTS,
  getLaunchAccountDecoder,
  getLaunchAccountEncoder,
  getLaunchAccountLayoutDecoder,
} from "../launch-account.ts";
import { LAUNCH_STATUSES } from "../launch-status.ts";
import {
  type LaunchCreatedEvent,
  getLaunchCreatedEventDecoder,
  getLaunchCreatedEventEncoder,
  getLaunchCreatedEventLayoutDecoder,
} from "../launch-created-event.ts";
import { LAUNCH_KINDS } from "../launch-kind.ts";
import { PROGRAM_EVENT_TAG } from "../program-event-tag.ts";
import { type TradeEvent, getTradeEventDecoder, getTradeEventEncoder, getTradeEventLayoutDecoder } from "../trade-event.ts";
import { type SwapEvent, getSwapEventDecoder, getSwapEventEncoder, getSwapEventLayoutDecoder } from "../swap-event.ts";
import { testAddress } from "./byte-image.ts";

const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const i64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const address = fc.integer({ min: 0, max: 40 }).map(testAddress);

/** What a decoder's read answers at `offset`, or that it threw: the two readers must agree on both. */
function outcome<T>(decoder: Decoder<T>, bytes: Uint8Array, offset: number) {
  try {
    return { read: decoder.read(bytes, offset) };
  } catch {
    return { threw: true };
  }
}

/** Bytes around a layout: its leading type or tag byte usually right, lengths on both sides of whole, at an offset. */
function bytesNear(leading: number, size: number) {
  const length = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: size - 2, max: size + 16 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: size }) },
  );
  return fc
    .tuple(
      length.chain((bytes) => fc.uint8Array({ minLength: bytes, maxLength: bytes })),
      fc.oneof({ weight: 4, arbitrary: fc.constant(leading) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 255 }) }),
      fc.nat({ max: 8 }),
    )
    .map(([body, first, offset]) => {
      const bytes = new Uint8Array(offset + body.length);
      bytes.set(body, offset);
      if (body.length > 0) bytes[offset] = first;
      return { bytes, offset };
    });
}

const curve: fc.Arbitrary<CurveAccount> = fc.record({
  bump: fc.integer({ min: 0, max: 255 }),
  complete: fc.boolean(),
  primaryVaultBump: fc.integer({ min: 0, max: 255 }),
  feeBps: fc.integer({ min: 0, max: 65_535 }),
  creatorFeeShareBps: fc.integer({ min: 0, max: 65_535 }),
  launch: address,
  primaryMint: address,
  primaryVault: address,
  virtualPrimary: u64,
  virtualDna: u64,
  inventoryInitial: u64,
  inventoryRemaining: u64,
  realDna: u64,
  feeDnaTotal: u64,
  creatorFeeDna: u64,
  tradeCount: u64,
  components: fc.array(
    fc.record({
      mint: address,
      vault: address,
      quantity: u64,
      feeAmount: u64,
      creatorFeeAmount: u64,
      vaultBump: fc.integer({ min: 0, max: 255 }),
      released: fc.boolean(),
    }),
    { maxLength: MAX_COMPONENTS },
  ),
});

const trade: fc.Arbitrary<TradeEvent> = fc
  .record({
    launch: address,
    trader: address,
    direction: fc.constantFrom("buy" as const, "sell" as const),
    primaryAmount: u64,
    dnaAmount: u64,
    feeDna: u64,
    creatorFeeDna: u64,
    virtualPrimary: u64,
    virtualDna: u64,
    inventoryRemaining: u64,
    realDna: u64,
    tradeCount: u64,
    unixTimestamp: i64,
    components: fc.array(fc.tuple(u64, u64), { maxLength: MAX_COMPONENTS }),
  })
  .map(({ components, ...fields }) => ({
    kind: "trade" as const,
    ...fields,
    componentAmounts: components.map(([amount]) => amount),
    componentFees: components.map(([, fee]) => fee),
  }));

/** JSON of a decoded value with its bigints as text: equal exactly when the values and every key order are. */
const inOrder = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? `${v}` : v));

/** Every written value reads back through `fast`, equal to it and to `layout`'s reading, keys in the layout's order. */
function assertReadsBack<T>(
  values: fc.Arbitrary<T>,
  encode: (value: T) => ReadonlyUint8Array,
  fast: Decoder<T>,
  layout: Decoder<T>,
  numRuns: number,
) {
  fc.assert(
    fc.property(values, (value) => {
      const bytes = new Uint8Array(encode(value));
      const read = fast.decode(bytes);
      expect(read).toEqual(value);
      expect(inOrder(read)).toBe(inOrder(layout.decode(bytes)));
    }),
    { numRuns },
  );
}

/** `fast` reads any of `inputs` as `layout` does, or throws where it throws; more than `minimumRead` of them read. */
function assertAgreesOnAnyBytes<T>(
  inputs: fc.Arbitrary<{ bytes: Uint8Array; offset: number }>,
  fast: Decoder<T>,
  layout: Decoder<T>,
  numRuns: number,
  minimumRead: number,
) {
  let read = 0;
  fc.assert(
    fc.property(inputs, ({ bytes, offset }) => {
      const answer = outcome(fast, bytes, offset);
      expect(answer).toEqual(outcome(layout, bytes, offset));
      if ("read" in answer) read++;
    }),
    { numRuns },
  );
  expect(read).toBeGreaterThan(minimumRead);
}

const swap: fc.Arbitrary<SwapEvent> = fc.record({
  kind: fc.constant("swap" as const),
  pool: address,
  trader: address,
  aToB: fc.boolean(),
  amountIn: u64,
  amountOut: u64,
  fee: u64,
  reserveA: u64,
  reserveB: u64,
  swapCount: u64,
});

/** A written trade event, then cut short, extended, or with a byte changed (direction, count), at an offset. */
const alteredTrade = fc
  .tuple(trade, fc.nat({ max: 8 }), fc.uint8Array({ maxLength: 24 }), fc.nat({ max: 200 }))
  .map(([event, offset, tail, cut]) => {
    const whole = getTradeEventEncoder().encode(event);
    const bytes = new Uint8Array(offset + whole.length + tail.length);
    bytes.set(whole, offset);
    bytes.set(tail, offset + whole.length);
    const at = offset + (cut % Math.max(1, whole.length));
    if (cut % 3 === 0) bytes[at] = cut;
    return { bytes: cut % 5 === 0 ? bytes.subarray(0, at) : bytes, offset };
  });

/** A u8-prefixed string's text: up to 255 UTF-8 bytes, from `unit` (any code point, or ones that read back as written). */
const shortText = (unit: fc.Arbitrary<string>) =>
  fc.string({ unit, maxLength: 60 }).filter((text) => Buffer.byteLength(text, "utf8") <= 255);
/** Code points that read back unchanged: no NUL (kit removes them); a leading byte-order mark is ruled out below. */
const plainUnit = fc.oneof(
  fc.constantFrom("a", "Z", "é", "€", "𝄞", " "),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).filter((c) => c !== "\u0000"),
);

function launchCreated(text: fc.Arbitrary<string>): fc.Arbitrary<LaunchCreatedEvent> {
  return fc.record({
    kind: fc.constant("launchCreated" as const),
    launch: address,
    creator: address,
    mint: address,
    curve: address,
    migrationVault: address,
    seed: u64,
    launchKind: fc.constantFrom(...LAUNCH_KINDS),
    decimals: fc.integer({ min: 0, max: 255 }),
    feeBps: fc.integer({ min: 0, max: 65_535 }),
    creatorFeeShareBps: fc.integer({ min: 0, max: 65_535 }),
    totalSupply: u64,
    curveInventory: u64,
    migrationInventory: u64,
    virtualPrimary: u64,
    virtualDna: u64,
    dnaUnitLamportsE9: u64,
    createdAt: i64,
    components: fc.array(
      fc.record({
        mint: address,
        quantity: u64,
        targetBps: fc.integer({ min: 0, max: 65_535 }),
        decimals: fc.integer({ min: 0, max: 255 }),
      }),
      { maxLength: MAX_COMPONENTS },
    ),
    symbol: text,
    name: text,
    uri: text,
  });
}

/** A written launch-created event (its strings any text: NULs, byte-order marks), then cut, extended or with a byte changed, at an offset. */
const alteredLaunchCreated = fc
  .tuple(
    launchCreated(shortText(fc.oneof(fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), fc.constantFrom("\u0000", "\ufeff")))),
    fc.nat({ max: 8 }),
    fc.uint8Array({ maxLength: 24 }),
    fc.nat({ max: 600 }),
  )
  .map(([event, offset, tail, cut]) => {
    const whole = getLaunchCreatedEventEncoder().encode(event);
    const bytes = new Uint8Array(offset + whole.length + tail.length);
    bytes.set(whole, offset);
    bytes.set(tail, offset + whole.length);
    const at = offset + (cut % Math.max(1, whole.length));
    // A changed byte lands anywhere: a kind, a count, a string's length or its UTF-8.
    if (cut % 3 === 0) bytes[at] = cut & 0xff;
    return { bytes: cut % 5 === 0 ? bytes.subarray(0, at) : bytes, offset };
  });

/** Text of at most `capacity` UTF-8 bytes that reads back as written (no leading byte-order mark). */
const fittedText = (capacity: number) =>
  fc.string({ unit: plainUnit, maxLength: 24 }).filter((text) => Buffer.byteLength(text, "utf8") <= capacity && !text.startsWith("\ufeff"));

const launchAccount: fc.Arbitrary<LaunchAccount> = fc.record({
  status: fc.constantFrom(...LAUNCH_STATUSES),
  kind: fc.constantFrom(...LAUNCH_KINDS),
  bump: fc.integer({ min: 0, max: 255 }),
  mintBump: fc.integer({ min: 0, max: 255 }),
  migrationVaultBump: fc.integer({ min: 0, max: 255 }),
  poolCreatedBits: fc.integer({ min: 0, max: 255 }),
  decimals: fc.integer({ min: 0, max: 255 }),
  feeBps: fc.integer({ min: 0, max: 65_535 }),
  creatorFeeShareBps: fc.integer({ min: 0, max: 65_535 }),
  creator: address,
  mint: address,
  curve: address,
  migrationVault: address,
  seed: u64,
  totalSupply: u64,
  curveInventory: u64,
  migrationInventory: u64,
  virtualPrimary: u64,
  virtualDna: u64,
  createdAt: i64,
  completedAt: i64,
  dnaUnitLamportsE9: u64,
  components: fc.array(
    fc.record({ mint: address, quantity: u64, targetBps: fc.integer({ min: 0, max: 65_535 }), decimals: fc.integer({ min: 0, max: 255 }) }),
    { maxLength: MAX_COMPONENTS },
  ),
  symbol: fittedText(16),
  name: fittedText(64),
  uri: fittedText(128),
});

/** A written launch record with a byte changed (status, kind, a count or length, string bytes), cut short or extended, at an offset. */
const alteredLaunchAccount = fc
  .tuple(launchAccount, fc.nat({ max: 8 }), fc.uint8Array({ maxLength: 24 }), fc.nat({ max: 2_000 }), fc.integer({ min: 0, max: 255 }))
  .map(([account, offset, tail, cut, value]) => {
    const whole = getLaunchAccountEncoder().encode(account);
    const bytes = new Uint8Array(offset + whole.length + tail.length);
    bytes.set(whole, offset);
    bytes.set(tail, offset + whole.length);
    // Mostly the header's small fields (status, kind, count, lengths), sometimes anywhere.
    const at = offset + (cut % 4 === 0 ? cut % whole.length : 1 + (cut % 11));
    bytes[at] = value;
    return { bytes: cut % 7 === 0 ? bytes.subarray(0, offset + (cut % whole.length)) : bytes, offset };
  });

describe("records read through RecordReader answer as their kit layouts", () => {
  it("a launch record: any value written reads back, equal to the layout's reading and in its key order", () => {
    assertReadsBack(
      launchAccount,
      (account) => getLaunchAccountEncoder().encode(account),
      getLaunchAccountDecoder(),
      getLaunchAccountLayoutDecoder(),
      200,
    );
  });

  it("a launch record: any bytes at any offset (statuses, kinds, counts, string lengths and bytes) read as the layout reads them", () => {
    const inputs = fc.oneof(alteredLaunchAccount, bytesNear(LAUNCH_ACCOUNT_TYPE, LAUNCH_ACCOUNT_SIZE));
    assertAgreesOnAnyBytes(inputs, getLaunchAccountDecoder(), getLaunchAccountLayoutDecoder(), 600, 100);
  });

  it("a curve record: any value written reads back, equal to the layout's reading and in its key order", () => {
    assertReadsBack(
      curve,
      (value) => getCurveAccountEncoder().encode(value),
      getCurveAccountDecoder(),
      getCurveAccountLayoutDecoder(),
      300,
    );
  });

  it("a curve record: any bytes at any offset read as the layout reads them, or throw where it throws", () => {
    assertAgreesOnAnyBytes(
      bytesNear(CURVE_ACCOUNT_TYPE, CURVE_ACCOUNT_SIZE),
      getCurveAccountDecoder(),
      getCurveAccountLayoutDecoder(),
      600,
      20,
    );
  });

  it("a trade event: any event written reads back, equal to the layout's reading and in its key order", () => {
    assertReadsBack(trade, (event) => getTradeEventEncoder().encode(event), getTradeEventDecoder(), getTradeEventLayoutDecoder(), 300);
  });

  it("a trade event: any bytes at any offset (bad tags, directions and counts, short and long) read as the layout reads them", () => {
    const inputs = fc.oneof(alteredTrade, bytesNear(PROGRAM_EVENT_TAG.trade, 200));
    assertAgreesOnAnyBytes(inputs, getTradeEventDecoder(), getTradeEventLayoutDecoder(), 800, 50);
    // Cut right before the component count: kit's prefixed array reads no count as no components.
    const [event] = fc.sample(trade, 1);
    const cut = new Uint8Array(getTradeEventEncoder().encode(event!)).subarray(0, 1 + 32 + 32 + 1 + 10 * 8);
    expect(outcome(getTradeEventDecoder(), cut, 0)).toEqual(outcome(getTradeEventLayoutDecoder(), cut, 0));
    expect(outcome(getTradeEventDecoder(), cut, 0)).toMatchObject({ read: [{ componentAmounts: [], componentFees: [] }, cut.length] });
  });

  it("a swap event: any event written reads back, and any bytes at any offset read as the layout reads them", () => {
    assertReadsBack(swap, (event) => getSwapEventEncoder().encode(event), getSwapEventDecoder(), getSwapEventLayoutDecoder(), 200);
    assertAgreesOnAnyBytes(bytesNear(PROGRAM_EVENT_TAG.swap, 114), getSwapEventDecoder(), getSwapEventLayoutDecoder(), 400, 20);
  });

  it("a launch-created event: any event written reads back, equal to the layout's reading and in its key order", () => {
    const readsBack = shortText(plainUnit).filter((text) => !text.startsWith("\ufeff"));
    assertReadsBack(
      launchCreated(readsBack),
      (event) => getLaunchCreatedEventEncoder().encode(event),
      getLaunchCreatedEventDecoder(),
      getLaunchCreatedEventLayoutDecoder(),
      200,
    );
  });

  it("a launch-created event: any bytes at any offset (kinds, counts, string lengths, malformed UTF-8) read as the layout reads them", () => {
    const inputs = fc.oneof(alteredLaunchCreated, bytesNear(PROGRAM_EVENT_TAG.launchCreated, 300));
    assertAgreesOnAnyBytes(inputs, getLaunchCreatedEventDecoder(), getLaunchCreatedEventLayoutDecoder(), 600, 50);
  });
});
