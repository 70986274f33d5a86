import { type ApiError, apiError } from "../../../errors/index.ts";
import { WIRE_RULES } from "../../../wire/wire-fields.ts";

/** The read model numbers trades within a slot with an i32. */
const SEQ_MAX = 2 ** 31 - 1;

/**
 * `before=slot:seq` as the read model takes it. The schema already checked the wire rule
 * (slot a u64, seq a u32); this refuses the seq no trade can carry (past i32) as a bad cursor.
 */
export function parseTradeCursor(before: string): { slot: bigint; seq: number } | ApiError {
  const [slot, seq] = before.split(":");
  if (!WIRE_RULES.tradeCursor.check(before) || Number(seq) > SEQ_MAX) {
    return apiError("INVALID_CURSOR", { parameter: "before", rule: WIRE_RULES.tradeCursor.rule });
  }
  return { slot: BigInt(slot!), seq: Number(seq) };
}
