import type { Check } from "../../engine/check.ts";
import { tradeFlowModel } from "./trade-flow-model-check.ts";

/** Every check of the `stateful` phase: command models over sequences of the trade flow. */
export const STATEFUL_CHECKS: readonly Check[] = [tradeFlowModel];
