import {
  type Address,
  type Codec,
  combineCodec,
  createDecoder,
  type Decoder,
  type Encoder,
  getArrayCodec,
  getI64Codec,
  getLiteralUnionCodec,
  getStructCodec,
  getU64Codec,
  getU8Codec,
  transformDecoder,
  transformEncoder,
} from "@solana/kit";
import { rememberedAddressCodec } from "../chain/address-bytes.ts";
import { PROGRAM_EVENT_TAG, addEventTagDecoder, addEventTagEncoder } from "./program-event-tag.ts";
import { RecordReader } from "./record-reader.ts";

/**
 * A buy or a sell on a bonding curve (curve.c `emit_trade`). The reserve, inventory and
 * count fields are the curve's state after the trade.
 */
export interface TradeEvent {
  kind: "trade";
  launch: Address;
  trader: Address;
  direction: "buy" | "sell";
  /** Launch tokens bought or sold. */
  primaryAmount: bigint;
  /** The curve cost of a buy, or the gross output of a sell, in DNA units. */
  dnaAmount: bigint;
  /** On top of a buy's cost, or taken off a sell's output. */
  feeDna: bigint;
  creatorFeeDna: bigint;
  virtualPrimary: bigint;
  virtualDna: bigint;
  inventoryRemaining: bigint;
  realDna: bigint;
  tradeCount: bigint;
  /** Clock sysvar unix seconds of the trade. */
  unixTimestamp: bigint;
  /** Per component: deposited (fee included) on a buy, withdrawn on a sell. */
  componentAmounts: bigint[];
  /** Per component: the fee part, kept in the curve vault. */
  componentFees: bigint[];
}

type TradeFields = Omit<TradeEvent, "kind" | "componentAmounts" | "componentFees">;
type WireComponent = { amount: bigint; fee: bigint };

// On the wire each component is an (amount, fee) pair behind one u8 count.
const getBodyCodec = () =>
  getStructCodec([
    ["launch", rememberedAddressCodec()],
    ["trader", rememberedAddressCodec()],
    ["direction", getLiteralUnionCodec(["buy", "sell"])],
    ["primaryAmount", getU64Codec()],
    ["dnaAmount", getU64Codec()],
    ["feeDna", getU64Codec()],
    ["creatorFeeDna", getU64Codec()],
    ["virtualPrimary", getU64Codec()],
    ["virtualDna", getU64Codec()],
    ["inventoryRemaining", getU64Codec()],
    ["realDna", getU64Codec()],
    ["tradeCount", getU64Codec()],
    ["unixTimestamp", getI64Codec()],
    [
      "components",
      getArrayCodec(
        getStructCodec([
          ["amount", getU64Codec()],
          ["fee", getU64Codec()],
        ]),
        {
          size: getU8Codec(),
        },
      ),
    ],
  ]);

/** Encodes a {@link TradeEvent} payload, tag byte included. */
export function getTradeEventEncoder(): Encoder<TradeEvent> {
  const body = transformEncoder(getBodyCodec(), (event: Omit<TradeEvent, "kind">) => {
    const { componentAmounts, componentFees, ...fields } = event;
    if (componentAmounts.length !== componentFees.length) {
      throw new RangeError("componentAmounts and componentFees must have the same length");
    }
    const components = componentAmounts.map((amount, i) => ({ amount, fee: componentFees[i] ?? 0n }));
    return { ...fields, components };
  });
  return addEventTagEncoder("trade", body);
}

/**
 * The payload's layout as kit's composed decoders read it: the definition
 * {@link getTradeEventDecoder} is tested against.
 */
export function getTradeEventLayoutDecoder(): Decoder<TradeEvent> {
  const body = transformDecoder(getBodyCodec(), (wire: TradeFields & { components: WireComponent[] }) => {
    const { components, ...fields } = wire;
    return {
      ...fields,
      componentAmounts: components.map((component) => component.amount),
      componentFees: components.map((component) => component.fee),
    };
  });
  return addEventTagDecoder("trade", body);
}

const DIRECTIONS = ["buy", "sell"] as const;

/**
 * Decodes a {@link TradeEvent} payload, tag byte included. It reads
 * {@link getTradeEventLayoutDecoder}'s layout through a {@link RecordReader}: every landed
 * trade is decoded, and a start replays every trade of the world's history, where kit's
 * composed decoder was most of the cost. A test holds the two equal on any bytes.
 */
export function getTradeEventDecoder(): Decoder<TradeEvent> {
  return createDecoder({
    read(bytes, offset): [TradeEvent, number] {
      const reader = new RecordReader(bytes, offset);
      reader.constant(PROGRAM_EVENT_TAG.trade, "the trade event's tag");
      const launch = reader.address();
      const trader = reader.address();
      const directionIndex = reader.u8();
      const direction = DIRECTIONS[directionIndex];
      if (direction === undefined) throw new RangeError(`trade direction ${directionIndex} is neither buy (0) nor sell (1)`);
      const event: TradeEvent = {
        kind: "trade",
        launch,
        trader,
        direction,
        primaryAmount: reader.u64(),
        dnaAmount: reader.u64(),
        feeDna: reader.u64(),
        creatorFeeDna: reader.u64(),
        virtualPrimary: reader.u64(),
        virtualDna: reader.u64(),
        inventoryRemaining: reader.u64(),
        realDna: reader.u64(),
        tradeCount: reader.u64(),
        unixTimestamp: reader.i64(),
        componentAmounts: [],
        componentFees: [],
      };
      // kit's prefixed array decoder reads the end of the bytes, count byte and all missing, as no components.
      const count = reader.offset >= reader.bytes.length ? 0 : reader.u8();
      for (let i = 0; i < count; i++) {
        event.componentAmounts.push(reader.u64());
        event.componentFees.push(reader.u64());
      }
      return [event, reader.offset];
    },
  });
}

/** Both directions of {@link TradeEvent}. */
export function getTradeEventCodec(): Codec<TradeEvent> {
  return combineCodec(getTradeEventEncoder(), getTradeEventDecoder());
}
