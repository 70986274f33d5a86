/** The slots one move of the clock passed through: `from` to `to`, both included. */
export interface SlotSpan {
  readonly from: bigint;
  readonly to: bigint;
}

/**
 * True when some slot of `span` is a multiple of `every`: a listener acting "every N slots"
 * acts once for a span however long, as it would have at the last such slot.
 */
export function spanCrosses(span: SlotSpan, every: bigint): boolean {
  if (every <= 0n) throw new RangeError(`a cadence must be positive, got ${every}`);
  if (span.to < span.from) return false;
  return span.to / every > (span.from - 1n) / every || span.from === 0n;
}
