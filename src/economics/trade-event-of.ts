import type { Address } from "@solana/kit";
import type { TradeEvent } from "../programs/index.ts";
import type { CurveTradeSettled } from "./curve-math.ts";

/**
 * The trade event curve.c emits for a trade the economics settled: the outcome's amounts
 * and the curve state it leaves. Synthetic chains (tests, benchmarks) build their events here.
 */
export function tradeEventOf(launch: Address, trader: Address, settled: CurveTradeSettled, unixTimestamp: bigint): TradeEvent {
  const { trade, next } = settled;
  return {
    kind: "trade",
    launch,
    trader,
    direction: trade.direction,
    primaryAmount: trade.primaryAmount,
    dnaAmount: trade.dnaAmount,
    feeDna: trade.feeDna,
    creatorFeeDna: trade.creatorFeeDna,
    virtualPrimary: next.virtualPrimary,
    virtualDna: next.virtualDna,
    inventoryRemaining: next.inventoryRemaining,
    realDna: next.realDna,
    tradeCount: next.tradeCount,
    unixTimestamp,
    componentAmounts: [...trade.componentAmounts],
    componentFees: [...trade.componentFees],
  };
}
