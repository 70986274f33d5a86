import { type ApiError, apiError } from "../../../errors/index.ts";
import { TRADE_CURSOR_PATTERN, patternRule } from "../../schemas/parameter-patterns.ts";

const U64_MAX = 2n ** 64n - 1n;
const SEQ_MAX = 2 ** 31 - 1;

/**
 * `before=slot:seq` as the read model takes it. The schema already checked the shape; this
 * refuses the values no trade can carry (a slot past u64, a seq past i32) as a bad cursor.
 */
export function parseTradeCursor(before: string): { slot: bigint; seq: number } | ApiError {
  const match = /^([0-9]+):([0-9]+)$/.exec(before);
  const slot = match ? BigInt(match[1]!) : -1n;
  const seq = match ? Number(match[2]) : -1;
  if (slot < 0n || slot > U64_MAX || !Number.isSafeInteger(seq) || seq < 0 || seq > SEQ_MAX) {
    return apiError("INVALID_CURSOR", { parameter: "before", rule: patternRule(TRADE_CURSOR_PATTERN)! });
  }
  return { slot, seq };
}
