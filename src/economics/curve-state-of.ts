import type { CurveAccount } from "../programs/index.ts";
import type { CurveState } from "./curve-state.ts";

/** The economics' view of an on-chain curve record: what quotes and predictions start from. */
export function curveStateOf(account: CurveAccount): CurveState {
  return {
    virtualPrimary: account.virtualPrimary,
    virtualDna: account.virtualDna,
    inventoryInitial: account.inventoryInitial,
    inventoryRemaining: account.inventoryRemaining,
    realDna: account.realDna,
    feeDnaTotal: account.feeDnaTotal,
    creatorFeeDna: account.creatorFeeDna,
    tradeCount: account.tradeCount,
    feeBps: account.feeBps,
    creatorFeeShareBps: account.creatorFeeShareBps,
    complete: account.complete,
    components: account.components.map((component) => ({
      quantity: component.quantity,
      feeAmount: component.feeAmount,
      creatorFeeAmount: component.creatorFeeAmount,
    })),
  };
}
