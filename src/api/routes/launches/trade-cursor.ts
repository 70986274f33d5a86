import { type ApiError, apiError } from "../../../errors/index.ts";
import { WIRE_RULES } from "../../../wire/wire-fields.ts";

/** The read model numbers trades within a slot with an i32: no trade has a larger seq. */
const SEQ_MAX = 2 ** 31 - 1;

/**
 * `before=slot:seq` as the read model takes it. The schema already checked the wire rule
 * (slot a u64, seq a u32). A seq past any trade's means "older than the whole rest of that
 * slot", which SEQ_MAX says exactly: every cursor the rule admits is honoured.
 */
export function parseTradeCursor(before: string): { slot: bigint; seq: number } | ApiError {
  if (!WIRE_RULES.tradeCursor.check(before)) {
    return apiError("INVALID_CURSOR", { parameter: "before", rule: WIRE_RULES.tradeCursor.rule });
  }
  const [slot, seq] = before.split(":");
  return { slot: BigInt(slot!), seq: Math.min(Number(seq), SEQ_MAX) };
}
