import { type ApiError, apiError } from "../../../errors/index.ts";
import { U64_MAX, WIRE_RULES } from "../../../wire/wire-fields.ts";

/** The read model numbers trades within a slot with an i32: no trade has a larger seq. */
const SEQ_MAX = 2 ** 31 - 1;

/**
 * `before=slot:seq` as the read model takes it. The rule's pattern admits 20-digit slots and
 * 10-digit seqs, and each is honoured: a slot past the u64 maximum is older than nothing a
 * chain can reach, so it counts as that maximum, and a seq past any trade's means "older than
 * the whole rest of that slot", which SEQ_MAX says exactly.
 */
export function parseTradeCursor(before: string): { slot: bigint; seq: number } | ApiError {
  if (!WIRE_RULES.tradeCursor.check(before)) {
    return apiError("INVALID_CURSOR", { parameter: "before", rule: WIRE_RULES.tradeCursor.rule });
  }
  const [slot, seq] = before.split(":");
  const slotNumber = BigInt(slot!);
  return { slot: slotNumber > U64_MAX ? U64_MAX : slotNumber, seq: Math.min(Number(seq), SEQ_MAX) };
}
